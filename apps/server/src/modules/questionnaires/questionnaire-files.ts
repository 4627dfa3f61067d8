import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../context';

// Generated questionnaire PDFs live on local disk under DATA_DIR/files/pdf,
// named after the document and the version of the answers they show, so a
// name tells whether the PDF is still current.

const STORED_PDF_NAME = /^questionnaire-\d+-v\d+\.pdf$/;

export function pdfDir(ctx: AppContext): string {
  return path.join(ctx.config.dataDir, 'files', 'pdf');
}

export function storedPdfName(documentId: number, version: number): string {
  return `questionnaire-${documentId}-v${version}.pdf`;
}

/** Where a stored PDF is; undefined for a name we did not generate (no other name reaches the disk). */
export function storedPdfPath(ctx: AppContext, name: string | null): string | undefined {
  return name && STORED_PDF_NAME.test(name) ? path.join(pdfDir(ctx), name) : undefined;
}

/** The PDF's size in bytes, undefined when it is not on disk. */
export async function storedPdfSize(ctx: AppContext, name: string | null): Promise<number | undefined> {
  const file = storedPdfPath(ctx, name);
  if (!file) return undefined;
  try {
    const info = await stat(file);
    return info.isFile() ? info.size : undefined;
  } catch {
    return undefined;
  }
}

export async function removeStoredPdf(ctx: AppContext, name: string | null): Promise<void> {
  const file = storedPdfPath(ctx, name);
  if (file) await rm(file, { force: true });
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
