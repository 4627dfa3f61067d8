import { inflateSync } from 'node:zlib';

// For tests: the text lines of a PDF written by pdfkit with the standard
// fonts, compressed or not, so a test reads what a person would read.

const WIN_ANSI_HIGH: Record<number, string> = {
  0x80: '€', 0x82: '‚', 0x83: 'ƒ', 0x84: '„', 0x85: '…', 0x86: '†', 0x87: '‡', 0x88: 'ˆ', 0x89: '‰', 0x8a: 'Š', 0x8b: '‹',
  0x8c: 'Œ', 0x8e: 'Ž', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—', 0x98: '˜', 0x99: '™',
  0x9a: 'š', 0x9b: '›', 0x9c: 'œ', 0x9e: 'ž', 0x9f: 'Ÿ',
};

/** Each `[...] TJ` text operation of every content stream, decoded, one string each. */
export function readPdfText(pdf: Buffer): string[] {
  const lines: string[] = [];
  for (const content of contentStreams(pdf)) {
    for (const [, array] of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[\s\d.-])*)\]\s*TJ/g)) {
      const hex = [...array!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
      lines.push(decodeWinAnsi(Buffer.from(hex, 'hex')));
    }
  }
  return lines;
}

/** All the text of a PDF in one string, lines joined by a newline. */
export function pdfTextContent(pdf: Buffer): string {
  return readPdfText(pdf).join('\n');
}

function contentStreams(pdf: Buffer): string[] {
  const streams: string[] = [];
  let from = 0;
  for (;;) {
    const start = pdf.indexOf('stream\n', from);
    if (start < 0) break;
    const end = pdf.indexOf('\nendstream', start);
    if (end < 0) break;
    const body = pdf.subarray(start + 'stream\n'.length, end);
    try {
      streams.push(inflateSync(body).toString('latin1'));
    } catch {
      streams.push(body.toString('latin1'));
    }
    from = end + '\nendstream'.length;
  }
  return streams;
}

function decodeWinAnsi(bytes: Buffer): string {
  return Array.from(bytes, (b) => WIN_ANSI_HIGH[b] ?? String.fromCharCode(b)).join('');
}
