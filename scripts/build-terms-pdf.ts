/**
 * Renders the terms of use (apps/web/src/content/terms-of-use.ts) to the
 * static PDF the signup form links to: `npx tsx scripts/build-terms-pdf.ts [network name]`.
 */
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import { TERMS_OF_USE, TERMS_VERSION } from '../apps/web/src/content/terms-of-use';

const network = process.argv[2] ?? 'Notadoo';
const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/public/cgu.pdf');
const doc = new PDFDocument({
  size: 'A4',
  margin: 56,
  info: { Title: `Conditions générales d'utilisation – ${network}`, Author: network },
});
doc.pipe(createWriteStream(out));
const named = (text: string) => text.replaceAll('{network}', network);
doc.font('Helvetica-Bold').fontSize(18).text(`Conditions générales d'utilisation de ${network}`);
doc.moveDown(0.3).font('Helvetica').fontSize(9).fillColor('#555').text(`Version du ${TERMS_VERSION}`).fillColor('black');
for (const section of TERMS_OF_USE) {
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).text(named(section.title));
  for (const paragraph of section.paragraphs) doc.moveDown(0.3).font('Helvetica').fontSize(10).text(named(paragraph), { align: 'justify' });
}
doc.end();
console.log(`CGU écrites dans ${out}`);
