import { setTimeout as delay } from 'node:timers/promises';
import { PassThrough, type Readable } from 'node:stream';
import {
  CSV_BOM,
  csvField,
  formatHistoryInstant,
  HISTORY_EVENT_LABELS,
  type HistoryEventKind,
  type HistoryFilter,
  type HistoryScope,
} from '@notadoo/domain';
import type { AppContext } from '../../context';
import { loadPdfFonts, printableText, registerPdfFonts } from '../../pdf/pdf-fonts';
import type { LoadedProject } from '../projects/project-data';
import type { HistoryRow } from './history-data';
import { eachHistoryEntry, toHistoryView } from './history-service';

/**
 * The history downloaded as CSV and PDF, streamed: the rows are read a keyset
 * page at a time and written as they come, so a file of 10,000 entries costs
 * the memory of one page, not of the whole history.
 */

export const HISTORY_CSV_HEADER = ['N°', 'Date (heure de Paris)', 'Événement', 'Personne', 'Adresse IP', 'Navigateur', 'Détail'] as const;

function csvLine(cells: ReadonlyArray<string | number | null>): string {
  return `${cells.map(csvField).join(';')}\r\n`;
}

/** The first line of a history CSV (with the byte-order mark a French spreadsheet needs). */
export const HISTORY_CSV_FIRST_LINE = CSV_BOM + csvLine([...HISTORY_CSV_HEADER]);

/** One entry as a CSV line, as the reader with `scope` sees it (the person's copy writes the same lines). */
export function historyCsvRow(row: HistoryRow, scope: HistoryScope): string {
  const view = toHistoryView(row, scope);
  return csvLine([view.seq, formatHistoryInstant(view.at), view.label, view.actor.name, view.ip, view.userAgent, view.summary]);
}

export async function* historyCsv(
  ctx: AppContext,
  loaded: LoadedProject,
  scope: HistoryScope,
  filter: HistoryFilter,
): AsyncGenerator<string> {
  yield HISTORY_CSV_FIRST_LINE;
  for await (const rows of eachHistoryEntry(ctx, loaded, scope, filter)) yield rows.map((row) => historyCsvRow(row, scope)).join('');
}

const COLORS = { text: '#1f2933', muted: '#616e7c', accent: '#1c4e80', rule: '#c5ced8' } as const;
const MARGIN = 48;
/** The PDF stops producing while the reader is this far behind. */
const PDF_BACKLOG_BYTES = 512 * 1024;

function describeFilter(filter: HistoryFilter): string {
  const parts: string[] = [];
  if (filter.kinds) parts.push(`événements : ${filter.kinds.map((k: HistoryEventKind) => HISTORY_EVENT_LABELS[k]).join(', ')}`);
  if (filter.actor !== undefined) parts.push(filter.actor === 'system' ? 'personne : système' : `personne n° ${filter.actor}`);
  if (filter.from) parts.push(`du ${filter.from.split('-').reverse().join('/')}`);
  if (filter.to) parts.push(`au ${filter.to.split('-').reverse().join('/')}`);
  return parts.length > 0 ? `Filtres — ${parts.join(' ; ')}` : 'Tous les événements';
}

/**
 * The history as a French A4 PDF (DejaVu, like the questionnaires), written
 * to the returned stream while the rows are read. An error after the first
 * bytes can only cut the download short (the status is already sent).
 */
export async function historyPdf(
  ctx: AppContext,
  input: { loaded: LoadedProject; scope: HistoryScope; filter: HistoryFilter; generatedAt: Date },
): Promise<Readable> {
  const [{ default: PDFDocument }, fonts] = await Promise.all([import('pdfkit'), loadPdfFonts()]);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN },
    compress: true,
    // No standard font is ever used (see questionnaire-pdf.ts); pdfkit takes null here, its types do not.
    font: null as unknown as string,
    info: {
      Title: `Historique du dossier ${input.loaded.project.name}`.normalize('NFC'),
      Author: 'Notadoo',
      CreationDate: input.generatedAt,
    },
  });
  registerPdfFonts(doc, fonts);
  const text = (value: string) => printableText(value, fonts);
  const out = new PassThrough();
  doc.pipe(out);

  const write = async () => {
    doc.font('regular').fontSize(9).fillColor(COLORS.muted).text('Notadoo - Dossier notarial en ligne');
    doc.moveDown(0.3);
    doc
      .font('bold')
      .fontSize(16)
      .fillColor(COLORS.accent)
      .text(text(`Historique du dossier « ${input.loaded.project.name} »`));
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(COLORS.muted)
      .text(text(`Généré le ${formatHistoryInstant(input.generatedAt.toISOString())} (heure de Paris). ${describeFilter(input.filter)}.`));
    if (input.scope.kind === 'own') doc.text('Les événements concernant vos réponses et vos pièces.');
    doc.moveDown(0.8);
    let count = 0;
    for await (const rows of eachHistoryEntry(ctx, input.loaded, input.scope, input.filter)) {
      for (const row of rows) {
        const view = toHistoryView(row, input.scope);
        doc
          .font('bold')
          .fontSize(9.5)
          .fillColor(COLORS.text)
          .text(text(`${formatHistoryInstant(view.at)} — ${view.label} — ${view.actor.name}`));
        doc
          .font('regular')
          .fontSize(9)
          .fillColor(COLORS.text)
          .text(text(view.summary || view.label));
        const origin = [view.ip ? `Adresse : ${view.ip}` : null, view.userAgent ? `Navigateur : ${view.userAgent}` : null]
          .filter(Boolean)
          .join(' — ');
        doc
          .fontSize(7.5)
          .fillColor(COLORS.muted)
          .text(text(`N° ${view.seq}${origin ? ` — ${origin}` : ''}`));
        doc.moveDown(0.5);
        count += 1;
      }
      // A slow reader holds the producer back: memory stays that of a page of rows.
      while (!out.destroyed && doc.readableLength + out.readableLength + out.writableLength > PDF_BACKLOG_BYTES) await delay(5);
      if (out.destroyed) return;
    }
    if (count === 0) doc.font('regular').fontSize(10).fillColor(COLORS.text).text('Aucun événement.');
    doc.end();
  };
  write().catch((error: unknown) => {
    ctx.log.error({ err: error }, 'history PDF failed');
    out.destroy(error as Error);
  });
  return out;
}
