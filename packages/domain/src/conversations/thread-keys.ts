import type { ThreadRef } from './thread-permissions';

/**
 * A thread is addressed by a key in URLs: `everyone`, `office` or
 * `private-{participantId}`. Threads are rows created on first use, so the
 * key (not a row id) is what the web knows before anything was said.
 */
export function threadKey(thread: ThreadRef): string {
  return thread.kind === 'private' ? `private-${thread.participantId ?? 0}` : thread.kind;
}

export function parseThreadKey(key: string): ThreadRef | null {
  if (key === 'everyone' || key === 'office') return { kind: key, participantId: null };
  const match = /^private-([1-9]\d{0,9})$/.exec(key);
  if (!match) return null;
  const id = Number(match[1]);
  return id < 2 ** 31 ? { kind: 'private', participantId: id } : null;
}

/** Whether two references name the same thread of a file (a private thread by its participation). */
export function isSameThread(a: ThreadRef, b: ThreadRef): boolean {
  return a.kind === b.kind && (a.kind !== 'private' || a.participantId === b.participantId);
}

/** The French title of a thread, as the tab lists it. */
export function threadTitle(thread: ThreadRef, personName: string | null, viewerIsPerson: boolean): string {
  if (thread.kind === 'everyone') return 'Tout le monde';
  if (thread.kind === 'office') return "Interne à l'office";
  if (viewerIsPerson) return "Moi et l'office notarial";
  return personName ? `${personName} et l'office` : "Personne retirée du dossier et l'office";
}
