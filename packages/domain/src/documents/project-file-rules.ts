// What a project file may be (spec section 5: images and PDF), checked by the
// browser before a byte is sent and by the server on the bytes received. The
// browser can only read what the file says it is (its type and name); the
// server reads the content.

/** 20 Mo: a scanned deed of a few dozen pages, or a phone's photo, fits well under. */
export const PROJECT_FILE_MAX_BYTES = 20 * 1024 * 1024;

/** The formats the server recognises by their first bytes, and how a browser names them. */
export const PROJECT_FILE_FORMATS = [
  { mimeType: 'application/pdf', extensions: ['pdf'] },
  { mimeType: 'image/png', extensions: ['png'] },
  { mimeType: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  { mimeType: 'image/gif', extensions: ['gif'] },
  { mimeType: 'image/webp', extensions: ['webp'] },
] as const;

/** The `accept` of a file input for project files: the chooser then offers only these. */
export const PROJECT_FILE_ACCEPT = PROJECT_FILE_FORMATS.flatMap((f) => [f.mimeType, ...f.extensions.map((e) => `.${e}`)]).join(',');

/** "… (20 Mo)." for any upload's limit. */
export function fileTooLargeMessage(maxBytes: number): string {
  return `Le fichier dépasse la taille maximale autorisée (${Math.round(maxBytes / 1024 / 1024)} Mo).`;
}

/** Said under every project file picker. */
export const PROJECT_FILE_HINT = `Images ou PDF, ${Math.round(PROJECT_FILE_MAX_BYTES / 1024 / 1024)} Mo au plus.`;

export const PROJECT_FILE_MESSAGES = {
  wrongType: 'Seules les images (PNG, JPEG, GIF, WebP) et les documents PDF sont acceptés.',
  tooLarge: fileTooLargeMessage(PROJECT_FILE_MAX_BYTES),
  empty: "Ce fichier est vide : merci d'en choisir un autre.",
  damagedPdf: "Ce fichier PDF est incomplet ou endommagé : merci de l'enregistrer à nouveau ou d'en choisir un autre.",
} as const;

/** What the browser knows of a chosen file. */
export interface ChosenFile {
  name: string;
  size: number;
  /** The MIME type the system gives it; often empty for a file of an unknown or unregistered kind. */
  type: string;
}

/**
 * Why a chosen file cannot be sent as a project file, or null. The declared
 * type decides when there is one; without it (some systems give none), the
 * name's extension.
 */
export function refuseProjectFile(file: ChosenFile): string | null {
  const type = file.type.trim().toLowerCase();
  const extension = /\.([A-Za-z0-9]{1,5})$/.exec(file.name)?.[1]?.toLowerCase();
  const known = PROJECT_FILE_FORMATS.some((format) =>
    type !== '' ? format.mimeType === type : extension !== undefined && (format.extensions as readonly string[]).includes(extension),
  );
  if (!known) return PROJECT_FILE_MESSAGES.wrongType;
  if (file.size === 0) return PROJECT_FILE_MESSAGES.empty;
  if (file.size > PROJECT_FILE_MAX_BYTES) return PROJECT_FILE_MESSAGES.tooLarge;
  return null;
}

// A PDF, as the server accepts one. A PDF reader needs the header and, to
// find the objects, the end-of-file marker with the cross-reference pointer
// just before it; readers rebuild a missing or wrong pointer from the objects
// themselves, so the check asks for the marker and at least one object, not
// for a perfect table. A file cut short (an interrupted download, a copy from
// a full disk) has no marker at its end and is refused: that is the damage
// seen in practice. It is a check of form, not a proof: a hand-made file can
// pass it, and nothing is ever run from it.

/** Bytes read at each end of a PDF: the specification lets the marker sit anywhere in the last 1,024. */
export const PDF_EDGE_BYTES = 1024;
/** No real PDF is smaller: header, one object, a trailer and the marker already take more. */
export const PDF_MIN_BYTES = 64;

/**
 * Whether a file's first and last bytes (up to `PDF_EDGE_BYTES` each, read as
 * Latin-1) look like a whole PDF: `%PDF-x.y` first, an indirect object near
 * either end, and `%%EOF` in the tail after the trailer or an object's end
 * (some writers add a few bytes after the marker; readers accept them).
 */
export function looksLikeWholePdf(head: string, tail: string, size: number): boolean {
  if (size < PDF_MIN_BYTES) return false;
  if (!/^%PDF-[12]\.\d/.test(head)) return false;
  const hasObject = /\d+\s+\d+\s+obj\b/.test(head) || /\bendobj\b/.test(tail);
  const eof = tail.lastIndexOf('%%EOF');
  if (!hasObject || eof < 0) return false;
  return /\b(?:startxref|trailer|endobj)\b/.test(tail.slice(0, eof));
}
