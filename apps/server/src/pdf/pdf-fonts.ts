import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Font } from 'fontkit';

/**
 * The fonts of every PDF the server writes. pdfkit's built-in Helvetica only
 * writes Latin-1, so a notarial document would print "Łukasz Żółć" as
 * "?ukasz ?ó??". DejaVu Sans (free licence, from the `dejavu-fonts-ttf` npm
 * package, so `npm ci` brings it and the bundled server finds it in
 * node_modules) covers Latin, Greek, Cyrillic and Vietnamese. pdfkit embeds
 * only the glyphs a document uses (a subset), so a PDF grows by some 10 to
 * 30 KB rather than by the 750 KB of a font file.
 */
export const PDF_FONTS = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  oblique: 'DejaVuSans-Oblique.ttf',
} as const;

export type PdfFontStyle = keyof typeof PDF_FONTS;

export type PdfFontSet = Readonly<Record<PdfFontStyle, Font>>;

let loading: Promise<PdfFontSet> | undefined;

/** The three faces, read and parsed once per process (each PDF then only subsets them). */
export function loadPdfFonts(): Promise<PdfFontSet> {
  loading ??= readFonts().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function readFonts(): Promise<PdfFontSet> {
  // fontkit and its tables load with the first PDF, not with every start.
  const { create } = await import('fontkit');
  const require = createRequire(import.meta.url);
  const entries = await Promise.all(
    Object.entries(PDF_FONTS).map(async ([style, file]) => {
      const buffer = await readFile(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
      return [style, create(buffer)] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<PdfFontStyle, Font>;
}

/** Registers the faces under their style names, so `doc.font('bold')` picks DejaVu Sans Bold. */
export function registerPdfFonts(doc: PDFKit.PDFDocument, fonts: PdfFontSet): void {
  // pdfkit accepts an already parsed fontkit font (anything with `layout`); its types only list file sources.
  for (const style of Object.keys(PDF_FONTS) as PdfFontStyle[]) doc.registerFont(style, fonts[style] as unknown as Buffer);
}

const SPACES = /[\t\u2000-\u200a\u202f\u205f\u3000]/g;
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;

/**
 * Text the embedded font can print: every name as typed (NFC, so a decomposed
 * "ễ" uses the font's composed glyph), odd spaces as spaces, invisible
 * controls dropped, and a character one of the faces has no glyph for (an emoji, a
 * script DejaVu does not cover) as "?" rather than an empty box.
 */
export function printableText(text: string, fonts: PdfFontSet): string {
  const faces = Object.values(fonts);
  let out = '';
  for (const char of text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(SPACES, ' ')
    .replace(INVISIBLE, (char) => (char === '\n' ? char : ''))) {
    const codePoint = char.codePointAt(0)!;
    out += char === '\n' || faces.every((face) => face.hasGlyphForCodePoint(codePoint)) ? char : '?';
  }
  return out;
}
