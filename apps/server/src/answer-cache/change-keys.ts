import type { ChangeKey } from './answer-cache';

/**
 * The keys the triggers of migration 0110 announce, written once: what a
 * kept answer is read from must name exactly what the database announces.
 */

/** A user's row and their office's row: the signed-in user, and whatever their access and view follow. */
export function readFromAccount(user: { id: number; notaryOfficeId: number | null }): ChangeKey[] {
  return user.notaryOfficeId === null ? [`u${user.id}`] : [`u${user.id}`, `o${user.notaryOfficeId}`];
}

/** Which projects a user's dashboard lists: those they take part in (m) and, for an office's member, the office's (s). */
export function readFromListsOf(user: { id: number; notaryOfficeId: number | null }): ChangeKey[] {
  return user.notaryOfficeId === null ? [`m${user.id}`] : [`m${user.id}`, `s${user.notaryOfficeId}`];
}

/** A project shown: itself (with its people and documents), its office, its people's accounts. */
export function readFromProject(p: { project: { id: number; notaryOfficeId: number | null }; participants: ReadonlyArray<{ userId: number | null }> }): ChangeKey[] {
  const keys = [`p${p.project.id}`];
  if (p.project.notaryOfficeId !== null) keys.push(`o${p.project.notaryOfficeId}`);
  for (const person of p.participants) if (person.userId !== null) keys.push(`u${person.userId}`);
  return keys;
}
