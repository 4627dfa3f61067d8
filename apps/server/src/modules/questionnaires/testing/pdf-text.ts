import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// For tests: the text of a PDF as a PDF reader extracts it (Mozilla's pdf.js,
// through each font's Unicode map), so a test reads what a person would read
// and copy, not what the renderer meant to write.

/** The text lines of every page, in order. */
export async function readPdfLines(pdf: Uint8Array): Promise<string[]> {
  const loading = getDocument({ data: new Uint8Array(pdf), useSystemFonts: false });
  try {
    const document = await loading.promise;
    const lines: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      let line = '';
      for (const item of (await page.getTextContent()).items) {
        if (!('str' in item)) continue;
        line += item.str;
        if (item.hasEOL) {
          lines.push(line);
          line = '';
        }
      }
      if (line !== '') lines.push(line);
    }
    return lines;
  } finally {
    await loading.destroy();
  }
}

/** All the text of a PDF in one string, lines joined by a newline. */
export async function pdfTextContent(pdf: Uint8Array): Promise<string> {
  return (await readPdfLines(pdf)).join('\n');
}
