import {
  canVerifyHistory,
  checkHistoryChainHead,
  describeHistoryEntry,
  findHistoryChainBreak,
  HISTORY_EVENT_LABELS,
  HISTORY_GENESIS_HASH,
  historyScope,
  MESSAGES,
  parisDayEnd,
  parisDayStart,
  projectChain,
  showsHistoryOrigin,
  type HistoryDetails,
  type HistoryEntryView,
  type HistoryEventKind,
  type HistoryFilter,
  type HistoryPage,
  type HistoryScope,
  type HistoryVerification,
} from '@notadoo/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { badRequest, forbidden, notFound } from '../../http/app-error';
import { loadProject, type LoadedProject } from '../projects/project-data';
import { toProjectForAccess, toViewer } from '../projects/project-presenter';
import type { UserWithOffice } from '../users/user-data';
import {
  findChainEntries,
  findChainHead,
  findHistoryPage,
  listChains,
  listHistoryActors,
  toStoredEntry,
  type HistoryQuery,
  type HistoryRow,
} from './history-data';

export const HISTORY_MESSAGES = {
  refused: "Vous n'avez pas accès à l'historique de ce dossier.",
  verifyRefused: "Seul un administrateur peut vérifier l'historique d'un dossier.",
  datesReversed: 'La date de début doit précéder la date de fin.',
} as const;

/** The file and what the user may read of its history, or 404/403. */
export async function requireHistoryReader(
  ctx: AppContext,
  user: UserWithOffice,
  projectId: number,
): Promise<{ loaded: LoadedProject; scope: HistoryScope }> {
  const loaded = await loadProject(ctx.db, projectId);
  if (!loaded) throw notFound("Ce dossier n'existe pas.");
  const scope = historyScope(toViewer(user), toProjectForAccess(loaded));
  if (!scope)
    throw loaded.participants.some((p) => p.userId === user.id)
      ? forbidden(HISTORY_MESSAGES.refused)
      : forbidden(MESSAGES.projectAccessDenied, 'PROJECT_ACCESS_DENIED');
  return { loaded, scope };
}

/** The query a reader's filters and scope make (sign-ins: the participants' for the office, one's own for a participant). */
/** The filter's days as instants; 400 when they are reversed. Called before a download's first byte. */
export function historyPeriod(filter: HistoryFilter): { from?: Date; to?: Date } {
  const from = filter.from ? parisDayStart(filter.from) : undefined;
  const to = filter.to ? parisDayEnd(filter.to) : undefined;
  if (from && to && from >= to) throw badRequest(HISTORY_MESSAGES.datesReversed);
  return { from, to };
}

function baseQuery(loaded: LoadedProject, scope: HistoryScope, filter: HistoryFilter): Omit<HistoryQuery, 'limit'> {
  const projectId = loaded.project.id;
  const participantUserIds = [...new Set(loaded.participants.flatMap((p) => (p.userId === null ? [] : [p.userId])))];
  const { from, to } = historyPeriod(filter);
  const signInUserIds = scope.kind === 'all' ? participantUserIds : [scope.userId];
  return {
    projectId,
    signInUserIds,
    aboutParticipantIds: scope.kind === 'own' ? scope.participantIds : undefined,
    kinds: filter.kinds,
    actor: filter.actor,
    from,
    to,
  };
}

export function toHistoryView(row: HistoryRow, scope: HistoryScope): HistoryEntryView {
  const kind = row.kind as HistoryEventKind;
  const details = row.details as HistoryDetails;
  const origin = showsHistoryOrigin(scope, row.actorUserId);
  return {
    id: row.id,
    seq: row.seq,
    at: row.at.toISOString(),
    kind,
    label: HISTORY_EVENT_LABELS[kind] ?? row.kind,
    actor: { id: row.actorUserId, name: row.actorName },
    ip: origin ? row.ip : null,
    userAgent: origin ? row.userAgent : null,
    summary: describeHistoryEntry(kind, details),
    details,
  };
}

/** `GET /project/{id}/history`: one page, newest first. */
export async function getHistoryPage(
  ctx: AppContext,
  user: UserWithOffice,
  projectId: number,
  query: HistoryFilter & { limit: number; cursor?: string },
): Promise<HistoryPage> {
  const { loaded, scope } = await requireHistoryReader(ctx, user, projectId);
  const base = baseQuery(loaded, scope, query);
  const rows = await findHistoryPage(ctx.db, {
    ...base,
    beforeId: query.cursor === undefined ? undefined : Number(query.cursor),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const actors = query.cursor === undefined ? await listActors(ctx.db, loaded, scope, base.signInUserIds) : null;
  return {
    entries: page.map((row) => toHistoryView(row, scope)),
    nextCursor: rows.length > query.limit ? String(page[page.length - 1]!.id) : null,
    actors,
    scope: scope.kind,
  };
}

async function listActors(db: Db, loaded: LoadedProject, scope: HistoryScope, signInUserIds: number[]) {
  const actors = await listHistoryActors(db, loaded.project.id, scope.kind === 'own' ? scope.participantIds : undefined);
  const names = new Map(actors.map((a) => [a.id, a.name]));
  for (const p of loaded.participants) {
    if (p.userId !== null && signInUserIds.includes(p.userId) && !names.has(p.userId))
      names.set(p.userId, `${p.firstName} ${p.lastName}`.trim());
  }
  return [...names].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, 'fr'));
}

const EXPORT_BATCH = 1000;

/** Every entry the reader may see, newest first, a keyset page at a time: constant memory whatever the file's size. */
export async function* eachHistoryEntry(
  ctx: AppContext,
  loaded: LoadedProject,
  scope: HistoryScope,
  filter: HistoryFilter,
): AsyncGenerator<HistoryRow[]> {
  const base = baseQuery(loaded, scope, filter);
  let beforeId: number | undefined;
  for (;;) {
    const rows = await findHistoryPage(ctx.db, { ...base, beforeId, limit: EXPORT_BATCH });
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_BATCH) return;
    beforeId = rows[rows.length - 1]!.id;
  }
}

// ---------------------------------------------------------------- checking

const VERIFY_BATCH = 2000;

/** Walks one chain from its first entry and names the first that does not follow, or a missing end. */
export async function verifyChain(
  db: Db,
  chain: string,
): Promise<{ ok: boolean; checked: number; firstBroken: HistoryVerification['firstBroken'] }> {
  let position = { previousHash: HISTORY_GENESIS_HASH, previousSeq: 0 };
  let checked = 0;
  for (;;) {
    const rows = await findChainEntries(db, chain, position.previousSeq, VERIFY_BATCH);
    const { broken, last } = findHistoryChainBreak(rows.map(toStoredEntry), position);
    if (broken) return { ok: false, checked: checked + (last.previousSeq - position.previousSeq), firstBroken: broken };
    checked += rows.length;
    position = last;
    if (rows.length < VERIFY_BATCH) break;
  }
  const headBreak = checkHistoryChainHead(position, await findChainHead(db, chain));
  return { ok: headBreak === null, checked, firstBroken: headBreak };
}

/** `GET /admin/project/{id}/history/verify`: admins only. */
export async function verifyProjectHistory(ctx: AppContext, user: UserWithOffice, projectId: number): Promise<HistoryVerification> {
  if (!canVerifyHistory(user)) throw forbidden(HISTORY_MESSAGES.verifyRefused);
  const loaded = await loadProject(ctx.db, projectId);
  if (!loaded) throw notFound("Ce dossier n'existe pas.");
  return { projectId, ...(await verifyChain(ctx.db, projectChain(projectId))) };
}

/** Every chain of the database (files and accounts), for `npm run verify-history`. */
export async function* eachChain(db: Db): AsyncGenerator<string> {
  let after = '';
  for (;;) {
    const chains = await listChains(db, after, 500);
    yield* chains;
    if (chains.length < 500) return;
    after = chains[chains.length - 1]!;
  }
}
