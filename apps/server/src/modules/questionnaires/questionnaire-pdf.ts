import {
  clean,
  describeAnswer,
  requiredSupportingDocuments,
  visibleFieldNames,
  type Answers,
  type Field,
  type QuestionnaireDefinition,
} from '@notadoo/domain';
import { loadPdfFonts, printableText, registerPdfFonts } from '../../pdf/pdf-fonts';

/** What a questionnaire's PDF shows besides the definition itself. */
export interface QuestionnairePdfInput {
  definition: QuestionnaireDefinition;
  /** The stored answers (cleaned again here: a PDF never shows a hidden answer). */
  answers: Answers;
  projectName: string;
  /** The participant the questionnaire belongs to; null when unassigned. */
  personName: string | null;
  generatedAt: Date;
}

export const UNANSWERED = 'Non renseigné';

const COLORS = { text: '#1f2933', muted: '#616e7c', accent: '#1c4e80', rule: '#c5ced8' } as const;
const MARGIN = 56;
const FOOTER_HEIGHT = 28;
const INDENT = 12;

/**
 * Renders a questionnaire as the notary reads it: each step with its visible
 * questions and their answers in French, the supporting documents the answers
 * call for, and when it was generated. `compress: false` keeps the text
 * readable in the raw bytes (tests, debugging).
 */
export async function renderQuestionnairePdf(input: QuestionnairePdfInput, options: { compress?: boolean } = {}): Promise<Buffer> {
  // pdfkit and the fonts are loaded by the first PDF, not by every start.
  const [{ default: PDFDocument }, fonts] = await Promise.all([import('pdfkit'), loadPdfFonts()]);
  const { definition, generatedAt } = input;
  const answers = clean(definition, input.answers);
  const visible = visibleFieldNames(definition, answers);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_HEIGHT },
    bufferPages: true,
    compress: options.compress ?? true,
    // No standard font is ever used: the first page would otherwise load Helvetica's metrics for nothing.
    // pdfkit takes null here, its types do not.
    font: null as unknown as string,
    info: {
      Title: `${definition.title} - ${input.projectName}`.normalize('NFC'),
      Author: 'Notadoo',
      Subject: definition.title,
      CreationDate: generatedAt,
    },
  });
  const done = collect(doc);
  registerPdfFonts(doc, fonts);
  const pdf: PdfWriter = { doc, text: (text) => printableText(text, fonts) };

  writeHeader(pdf, input);
  for (const step of definition.steps) {
    const sections = step.sections
      .map((section) => ({ title: section.title, questions: section.questions.filter((q) => q.fields.some((f) => visible.has(f.name))) }))
      .filter((section) => section.questions.length > 0);
    if (sections.length === 0) continue;
    writeHeading(pdf, step.title, 13);
    for (const section of sections) {
      if (section.title) writeHeading(pdf, section.title, 11);
      for (const question of section.questions) {
        keepTogether(doc, 40);
        doc.font('bold').fontSize(10).fillColor(COLORS.text).text(pdf.text(question.label));
        for (const field of question.fields.filter((f) => visible.has(f.name))) writeAnswer(pdf, field, answers);
        doc.moveDown(0.5);
      }
    }
  }
  writeSupportingDocuments(pdf, input.definition, answers);
  writeFooters(pdf, `Document généré le ${formatParisDateTime(generatedAt)}`);
  doc.end();
  return done;
}

/** The document being written, and what makes a user's text printable in its fonts. */
interface PdfWriter {
  doc: PDFKit.PDFDocument;
  text: (text: string) => string;
}

function writeHeader(pdf: PdfWriter, input: QuestionnairePdfInput): void {
  const { doc } = pdf;
  doc.font('regular').fontSize(9).fillColor(COLORS.muted).text('Notadoo - Dossier notarial en ligne');
  doc.moveDown(0.3);
  doc.font('bold').fontSize(18).fillColor(COLORS.accent).text(pdf.text(input.definition.title));
  doc.moveDown(0.4);
  writeLabelled(pdf, 'Dossier', input.projectName);
  writeLabelled(pdf, 'Personne concernée', input.personName ?? 'Non attribué');
  doc.moveDown(0.5);
  rule(doc);
}

function writeLabelled({ doc, text }: PdfWriter, label: string, value: string): void {
  doc
    .font('bold')
    .fontSize(10)
    .fillColor(COLORS.text)
    .text(`${text(label)} : `, { continued: true });
  doc.font('regular').text(text(value));
}

function writeHeading({ doc, text }: PdfWriter, title: string, size: number): void {
  keepTogether(doc, 80);
  doc.moveDown(0.6);
  doc.font('bold').fontSize(size).fillColor(COLORS.accent).text(text(title));
  doc.moveDown(0.3);
}

/** One visible field: "label : answer", or the answer alone when the question's wording says it all. */
function writeAnswer({ doc, text }: PdfWriter, field: Field, answers: Answers): void {
  const value = describeAnswer(field.kind, answers[field.name]);
  indented(doc, () => {
    doc.fontSize(10);
    if (field.label)
      doc
        .font('regular')
        .fillColor(COLORS.text)
        .text(labelled(text(field.label)), { continued: true });
    if (value === '') doc.font('oblique').fillColor(COLORS.muted).text(UNANSWERED);
    else doc.font('regular').fillColor(COLORS.text).text(text(value));
  });
}

/** "Label : " before the answer; a label that is itself a question needs no colon. */
function labelled(label: string): string {
  const text = label.trim();
  return /[?:]$/.test(text) ? `${text} ` : `${text} : `;
}

/** Every line of what `write` prints starts a little right of the margin (pdfkit's `indent` only moves the first). */
function indented(doc: PDFKit.PDFDocument, write: () => void): void {
  doc.x = MARGIN + INDENT;
  write();
  doc.x = MARGIN;
}

function writeSupportingDocuments(pdf: PdfWriter, definition: QuestionnaireDefinition, answers: Answers): void {
  const { doc, text } = pdf;
  const documents = requiredSupportingDocuments(definition, answers);
  writeHeading(pdf, 'Pièces justificatives à fournir', 13);
  doc.font('regular').fontSize(10).fillColor(COLORS.text);
  if (documents.length === 0) {
    doc.text('Aucune pièce justificative demandée au vu de ces réponses.');
    return;
  }
  indented(doc, () => {
    for (const document of documents) doc.text(`\u2022 ${text(document.label)}`);
  });
}

function rule(doc: PDFKit.PDFDocument): void {
  const y = doc.y;
  doc
    .moveTo(MARGIN, y)
    .lineTo(doc.page.width - MARGIN, y)
    .lineWidth(0.5)
    .strokeColor(COLORS.rule)
    .stroke();
  doc.moveDown(0.5);
}

/** Starts a new page rather than leave a heading or a question's wording alone at the bottom. */
function keepTogether(doc: PDFKit.PDFDocument, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

function writeFooters({ doc, text }: PdfWriter, generated: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i += 1) {
    doc.switchToPage(i);
    // Writing inside the bottom margin would otherwise open a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN - 10;
    const width = doc.page.width - 2 * MARGIN;
    doc.font('regular').fontSize(8).fillColor(COLORS.muted);
    doc.text(text(generated), MARGIN, y, { width, lineBreak: false });
    doc.text(`Page ${i - start + 1} / ${count}`, MARGIN, y, { width, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** "JJ/MM/AAAA à HH:MM", in the time of the offices (Paris). */
export function formatParisDateTime(date: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('fr-FR', {
      timeZone: 'Europe/Paris',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} à ${parts.hour}:${parts.minute}`;
}
