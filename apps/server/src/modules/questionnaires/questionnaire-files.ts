import type { AppContext } from '../../context';
import { removeUnlistedFiles } from '../../files/storage/file-storage';
import { questionnairePdfKey } from '../../files/storage/storage-keys';

// Generated questionnaire PDFs live in the storage under files/pdf/, named
// after the document and the version of the answers they show, so a name
// tells whether the PDF is still current.

export function storedPdfName(documentId: number, version: number): string {
  return `questionnaire-${documentId}-v${version}.pdf`;
}

/** The PDF's size in bytes, undefined when it is not stored (or the name is not one we generate). */
export async function storedPdfSize(ctx: AppContext, name: string | null): Promise<number | undefined> {
  const key = questionnairePdfKey(name);
  return key ? ctx.storage.size(key) : undefined;
}

/** Removes a PDF no longer listed (a newer version replaced it); a failure only leaves an orphan. */
export async function removeStoredPdf(ctx: AppContext, name: string | null): Promise<void> {
  await removeUnlistedFiles(ctx.storage, [questionnairePdfKey(name)], ctx.log);
}

/** The name a person sees: "<dossier> - <questionnaire> - <personne>.pdf", without characters file systems refuse. */
export function readablePdfName(parts: { projectName: string; title: string; personName: string | null }): string {
  const name = [parts.projectName, parts.title, parts.personName]
    .filter((part): part is string => Boolean(part && part.trim()))
    .join(' - ')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 150);
  return `${name || 'Questionnaire'}.pdf`;
}

/**
 * `inline; filename="..."` with an ASCII fallback (accents dropped) and the
 * exact UTF-8 name in `filename*` (RFC 6266), which browsers prefer.
 */
export function inlineContentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
