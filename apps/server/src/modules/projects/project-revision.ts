import { createHash } from 'node:crypto';
import { canSeePersonActivity, type ProjectForAccess, type Viewer } from '@notadoo/domain';

/** What a file's access and entity tag need, read in one statement (issue 24). */
export interface ProjectRevision {
  access: ProjectForAccess;
  tagFor(viewer: Viewer): string;
}

/**
 * What a file page's entity tag is made of: the file with its people,
 * documents and pieces, and its office, as revisions; and what the page shows
 * of its people's accounts as `viewer` sees them (`toParticipant`): photo and
 * whether they joined, the last connection only where `canSeePersonActivity`
 * shows it. Not the accounts' revisions: a sign-in would change the tag, and
 * tell a co-seller polling with If-None-Match when the other one connects.
 */
export interface ProjectTagParts {
  id: number;
  revision: string;
  officeRevision: string | null;
  /** In the order of `access.participants`. */
  people: ReadonlyArray<{ id: number; userId: number | null; avatar: string | null; lastConnection: Date | null }>;
  access: ProjectForAccess;
}

export function projectPageTag(parts: ProjectTagParts, viewer: Viewer): string {
  const accounts = createHash('sha256');
  parts.people.forEach((person, i) => {
    if (person.userId === null) return;
    const seen = canSeePersonActivity(viewer, parts.access, parts.access.participants[i]!);
    const activity = seen ? (person.lastConnection?.getTime() ?? null) : person.lastConnection !== null;
    accounts.update(`${person.id}:${person.userId}:${person.avatar}:${activity},`);
  });
  return `p${parts.id}.${parts.revision}.${parts.officeRevision ?? 0}.${accounts.digest('base64url').slice(0, 16)}`;
}
