import {
  hashHistoryEntry,
  maskHistoryDetails,
  projectChain,
  SYSTEM_ACTOR_NAME,
  userChain,
  type HistoryDetails,
  type HistoryEntryContent,
  type HistoryEventKind,
} from '@notadoo/domain';
import type { Db } from '../../db/database';
import { appendHistoryRows, lockHistoryHead, type NewHistoryRow } from './history-data';
import { currentRequestOrigin } from './request-origin';

export interface HistoryActor {
  id: number;
  firstName: string;
  lastName: string;
}

export interface HistoryEvent {
  kind: HistoryEventKind;
  /** The file; null for a sign-in (the account's own chain). */
  projectId: number | null;
  /** Null: the system acted. */
  actor: HistoryActor | null;
  /** Whose answers or pieces the event is about (what their participants may read). */
  subjectParticipantIds?: readonly number[];
  details?: HistoryDetails;
}

/**
 * Appends events to their chains, in the transaction `tx` of the write they
 * record, so an acknowledged write always has its entries and a rolled-back
 * one has none. Call it as the LAST statement of the transaction: it locks
 * the chain's head until the commit, and taking no other lock after it means
 * it cannot take part in a deadlock. Details are masked before they are
 * hashed and stored (`maskHistoryDetails`).
 */
export async function recordHistoryEvent(tx: Db, at: Date, ...events: Array<HistoryEvent | null>): Promise<void> {
  const origin = currentRequestOrigin();
  const byChain = new Map<string, HistoryEvent[]>();
  for (const event of events) {
    if (event === null) continue;
    const chain = event.projectId !== null ? projectChain(event.projectId) : event.actor ? userChain(event.actor.id) : null;
    if (chain === null) continue;
    byChain.set(chain, [...(byChain.get(chain) ?? []), event]);
  }
  // Several chains in one transaction: always locked in the same order.
  for (const chain of [...byChain.keys()].sort()) {
    const chainEvents = byChain.get(chain)!;
    let head = await lockHistoryHead(tx, chain, chainEvents[0]!.projectId);
    const rows: NewHistoryRow[] = chainEvents.map((event) => {
      const content: HistoryEntryContent = {
        chain,
        seq: head.seq + 1,
        projectId: event.projectId,
        at: at.toISOString(),
        actorUserId: event.actor?.id ?? null,
        actorName: event.actor ? `${event.actor.firstName} ${event.actor.lastName}`.trim() : SYSTEM_ACTOR_NAME,
        ip: origin.ip,
        userAgent: origin.userAgent,
        kind: event.kind,
        subjectParticipantIds: [...new Set(event.subjectParticipantIds ?? [])].sort((a, b) => a - b),
        details: maskHistoryDetails(event.details ?? {}),
      };
      const hash = hashHistoryEntry(head.hash, content);
      head = { seq: content.seq, hash };
      return { ...content, at: new Date(content.at), hash };
    });
    await appendHistoryRows(tx, chain, rows, head);
  }
}
