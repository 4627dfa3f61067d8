import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { HistoryEntryContent, HistoryJson } from './history-events';

/**
 * The hash chain that makes a change behind the product's back detectable:
 * each entry's hash is SHA-256 over the previous entry's hash and the
 * entry's canonical serialization. Changing, inserting or removing a row
 * breaks the chain at that row; removing the last rows is seen against the
 * chain's head, which records the last sequence number and hash.
 */

/** The hash before the first entry of every chain. */
export const HISTORY_GENESIS_HASH = '0'.repeat(64);

/** JSON with keys sorted at every level and no spaces: the same content always gives the same text. */
export function canonicalJson(value: HistoryJson | undefined): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  if (typeof value === 'object') {
    const keys = Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
  return JSON.stringify(value);
}

export function serializeHistoryEntry(entry: HistoryEntryContent): string {
  const content: HistoryJson = {
    chain: entry.chain,
    seq: entry.seq,
    projectId: entry.projectId,
    at: entry.at,
    actorUserId: entry.actorUserId,
    actorName: entry.actorName,
    ip: entry.ip,
    userAgent: entry.userAgent,
    kind: entry.kind,
    subjectParticipantIds: entry.subjectParticipantIds,
    details: entry.details,
  };
  return canonicalJson(content);
}

/** Lower-case hex SHA-256 of `previousHash` + a line break + the entry's canonical form. */
export function hashHistoryEntry(previousHash: string, entry: HistoryEntryContent): string {
  return bytesToHex(sha256(utf8ToBytes(`${previousHash}\n${serializeHistoryEntry(entry)}`)));
}

export interface StoredHistoryEntry extends HistoryEntryContent {
  id: number | null;
  hash: string;
}

export interface HistoryChainBreak {
  id: number | null;
  seq: number;
  reason: string;
}

/**
 * Walks entries of one chain in sequence order, from `previousHash` (the
 * genesis, or the last good hash of the previous batch), and names the first
 * that does not follow. Pure, so a caller can feed it a chain page by page.
 */
export function findHistoryChainBreak(
  entries: readonly StoredHistoryEntry[],
  start: { previousHash: string; previousSeq: number },
): { broken: HistoryChainBreak | null; last: { previousHash: string; previousSeq: number } } {
  let previousHash = start.previousHash;
  let previousSeq = start.previousSeq;
  for (const entry of entries) {
    if (entry.seq !== previousSeq + 1) {
      const reason =
        entry.seq > previousSeq + 1
          ? `entrée(s) manquante(s) avant le n° ${entry.seq}`
          : `numéro ${entry.seq} en double ou dans le désordre`;
      return { broken: { id: entry.id, seq: entry.seq, reason }, last: { previousHash, previousSeq } };
    }
    if (hashHistoryEntry(previousHash, entry) !== entry.hash) {
      return {
        broken: { id: entry.id, seq: entry.seq, reason: 'contenu modifié (empreinte différente)' },
        last: { previousHash, previousSeq },
      };
    }
    previousHash = entry.hash;
    previousSeq = entry.seq;
  }
  return { broken: null, last: { previousHash, previousSeq } };
}

/** After the last entry: the chain's head must name it, or rows were removed from the end. */
export function checkHistoryChainHead(
  last: { previousHash: string; previousSeq: number },
  head: { seq: number; hash: string } | null,
): HistoryChainBreak | null {
  const headSeq = head?.seq ?? 0;
  const headHash = head?.hash ?? HISTORY_GENESIS_HASH;
  if (headSeq === last.previousSeq && headHash === last.previousHash) return null;
  if (headSeq > last.previousSeq)
    return { id: null, seq: last.previousSeq + 1, reason: `entrée(s) manquante(s) : la chaîne annonce ${headSeq} entrées` };
  return { id: null, seq: headSeq, reason: 'la tête de chaîne ne correspond pas à la dernière entrée' };
}
