import { Readable } from 'node:stream';
import type { HistoryScope } from '@notadoo/domain';
import type { AppContext } from '../../context';
import { findAccountChainPage, findHistoryPage, type HistoryRow } from '../history/history-data';
import { HISTORY_CSV_FIRST_LINE, historyCsvRow } from '../history/history-exports';
import { toHistoryView } from '../history/history-service';
import type { ExportEntry, ExportSection } from './export-sections';

/**
 * "Their history entries" in the person's copy: their account's own
 * chain (sign-ins), and in each file they take part in, the entries they may
 * read there as a participant — the "Historique" tab's participant scope
 * (`HistoryScope` 'own'), whatever office role they also hold: the copy is
 * about the person, not the office's view of a file. Each as JSON and as the
 * tab's CSV, read a keyset page at a time and streamed into the ZIP, so a
 * file of 10,000 entries never sits whole in memory.
 */

/** Rows read per statement. */
export const HISTORY_EXPORT_BATCH = 500;

type PageReader = (before: HistoryRow | undefined) => Promise<HistoryRow[]>;

async function* pages(read: PageReader): AsyncGenerator<HistoryRow[]> {
  let before: HistoryRow | undefined;
  for (;;) {
    const rows = await read(before);
    if (rows.length > 0) yield rows;
    if (rows.length < HISTORY_EXPORT_BATCH) return;
    before = rows[rows.length - 1];
  }
}

function toJsonEntry(row: HistoryRow, scope: HistoryScope) {
  const view = toHistoryView(row, scope);
  return {
    n: view.seq,
    date: view.at,
    evenement: view.label,
    type: view.kind,
    personne: view.actor.name,
    adresseIp: view.ip,
    navigateur: view.userAgent,
    detail: view.summary,
  };
}

async function* jsonChunks(read: PageReader, scope: HistoryScope): AsyncGenerator<string> {
  yield '[';
  let first = true;
  for await (const rows of pages(read)) {
    const text = rows.map((row) => `\n  ${JSON.stringify(toJsonEntry(row, scope))}`).join(',');
    yield first ? text : `,${text}`;
    first = false;
  }
  yield first ? ']\n' : '\n]\n';
}

async function* csvChunks(read: PageReader, scope: HistoryScope): AsyncGenerator<string> {
  yield HISTORY_CSV_FIRST_LINE;
  for await (const rows of pages(read)) yield rows.map((row) => historyCsvRow(row, scope)).join('');
}

function streamedPair(base: string, read: PageReader, scope: HistoryScope): ExportEntry[] {
  return [
    { path: `${base}.json`, write: (zip) => zip.addStream(`${base}.json`, Readable.from(jsonChunks(read, scope)), { compress: true }) },
    { path: `${base}.csv`, write: (zip) => zip.addStream(`${base}.csv`, Readable.from(csvChunks(read, scope)), { compress: true }) },
  ];
}

export const historySection: ExportSection = async (ctx: AppContext, { user, participations }) => {
  const entries: ExportEntry[] = [];
  const accountScope: HistoryScope = { kind: 'own', userId: user.id, participantIds: [] };
  const readAccount: PageReader = (before) => findAccountChainPage(ctx.db, user.id, before?.seq, HISTORY_EXPORT_BATCH);
  if ((await readAccount(undefined)).length > 0) entries.push(...streamedPair('historique/compte', readAccount, accountScope));

  // A person may take part twice in one file (two roles): one scope per file with both participations.
  const participantIdsByFile = new Map<number, number[]>();
  for (const p of participations)
    participantIdsByFile.set(p.projectId, [...(participantIdsByFile.get(p.projectId) ?? []), p.participantId]);
  for (const [projectId, participantIds] of participantIdsByFile) {
    const scope: HistoryScope = { kind: 'own', userId: user.id, participantIds };
    // The file's own entries about their participations; their sign-ins are in historique/compte (not once per file).
    const read: PageReader = (before) =>
      findHistoryPage(ctx.db, {
        projectId,
        signInUserIds: [],
        aboutParticipantIds: participantIds,
        beforeId: before?.id,
        limit: HISTORY_EXPORT_BATCH,
      });
    // Named before the first byte (progress counts entries): a file with nothing for them gets no entry.
    if ((await findHistoryPage(ctx.db, { projectId, signInUserIds: [], aboutParticipantIds: participantIds, limit: 1 })).length > 0) {
      entries.push(...streamedPair(`historique/dossier-${projectId}`, read, scope));
    }
  }
  return entries;
};
