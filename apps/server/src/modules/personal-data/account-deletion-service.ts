import { isAdmin, isDraftStatus, PERSONAL_DATA_MESSAGES, type AccountDeletionPayload, type AccountDeletionPlan } from '@notadoo/domain';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../http/app-error';
import { removeUnlistedFiles } from '../../files/storage/file-storage';
import { dataExportKey, imageKey, type StorageKey } from '../../files/storage/storage-keys';
import { recordHistoryEvent, type HistoryEvent } from '../history/history-recorder';
import { lockUser, type UserWithOffice } from '../users/user-data';
import {
  anonymiseAccount,
  deleteProjects,
  leaveDrafts,
  loadFilesOfPerson,
  storedFilesOfProjects,
  type PersonFileRow,
} from './account-deletion-data';
import { deleteDataExportsOf } from './export-data';

const M = PERSONAL_DATA_MESSAGES;

interface SplitFiles {
  deleted: PersonFileRow[];
  left: PersonFileRow[];
  kept: PersonFileRow[];
}

/**
 * Which files go with the account: drafts (never sent, status below 3) the
 * person created are deleted whole; drafts someone else created are left
 * (the person's participation and own documents go); files sent to an office
 * stay with it (its legal duty to keep them 30 years). A person taking part
 * twice in one file is counted once, by the participation that decides most.
 */
function splitFiles(files: readonly PersonFileRow[]): SplitFiles {
  const byProject = new Map<number, PersonFileRow>();
  for (const file of files) {
    const known = byProject.get(file.projectId);
    if (!known || (file.isCreator && !known.isCreator)) byProject.set(file.projectId, file);
  }
  const split: SplitFiles = { deleted: [], left: [], kept: [] };
  for (const file of byProject.values()) {
    if (!isDraftStatus(file.status)) split.kept.push(file);
    else if (file.isCreator) split.deleted.push(file);
    else split.left.push(file);
  }
  return split;
}

function toPlan(split: SplitFiles): AccountDeletionPlan {
  return {
    deletedFiles: split.deleted.map((f) => ({ id: f.projectId, name: f.name, status: f.status, otherPeople: f.otherPeople })),
    leftFiles: split.left.map((f) => ({ id: f.projectId, name: f.name, status: f.status })),
    keptFiles: split.kept.map((f) => ({
      id: f.projectId,
      name: f.name,
      status: f.status,
      office:
        f.officeId === null
          ? null
          : {
              id: f.officeId,
              city: f.officeCity ?? '',
              postalCode: f.officePostalCode ?? '',
              address: f.officeAddress ?? '',
              phone: f.officePhone,
              email: f.officeEmail,
            },
    })),
  };
}

/**
 * The deletion itself is recorded (an erased account must still be
 * accountable in the files it touched): one entry in each file the
 * office keeps (about the person's participations there, so the office and
 * the person's own view show it) and one in the account's own chain. The
 * actor is the person under the name they had (the `user` read before the
 * account was emptied): the name is part of the hashed entries and stays in
 * the office's record, like their participant rows.
 */
function deletionEvents(user: UserWithOffice, files: readonly PersonFileRow[], kept: readonly PersonFileRow[]): HistoryEvent[] {
  const actor = { id: user.id, firstName: user.firstName, lastName: user.lastName };
  const name = `${user.firstName} ${user.lastName}`.trim();
  const participationsOf = new Map<number, number[]>();
  for (const f of files) participationsOf.set(f.projectId, [...(participationsOf.get(f.projectId) ?? []), f.participantId]);
  const keptEvents = kept.map((file): HistoryEvent => ({
    kind: 'account_deleted',
    projectId: file.projectId,
    actor,
    subjectParticipantIds: participationsOf.get(file.projectId) ?? [file.participantId],
    details: { name },
  }));
  return [...keptEvents, { kind: 'account_deleted', projectId: null, actor, details: { name, keptFiles: kept.length } }];
}

/** `GET /users/me/deletion-plan`: what the confirmation dialog lists. */
export async function planAccountDeletion(ctx: AppContext, user: UserWithOffice): Promise<AccountDeletionPlan> {
  return toPlan(splitFiles(await loadFilesOfPerson(ctx.db, user.id)));
}

/**
 * `POST /users/me/delete`: after the password (re-authentication) and an
 * explicit confirmation, in one transaction: the person's drafts deleted,
 * the drafts of others left, their copies of data removed, the account
 * emptied and closed (see `anonymiseAccount`). Stored files go after commit.
 * Answers what was done, the same figures as the plan shown.
 */
export async function deleteOwnAccount(
  ctx: AppContext,
  user: UserWithOffice,
  input: AccountDeletionPayload,
): Promise<{ message: string; deletedFiles: number; leftFiles: number; keptFiles: number }> {
  if (isAdmin(user)) throw new AppError('CONFLICT', M.adminCannotDelete);
  if (!(await ctx.passwords.verify(user.passwordHash, input.password))) throw badRequest(M.passwordWrong, 'CURRENT_PASSWORD_WRONG');

  const { split, storedFiles } = await ctx.db.transaction(async (tx) => {
    // Two deletions at once (two tabs): the second waits, then finds the files already gone.
    await lockUser(tx, user.id);
    const files = await loadFilesOfPerson(tx, user.id);
    const split = splitFiles(files);
    const deletedIds = split.deleted.map((f) => f.projectId);
    const storedFiles: Array<StorageKey | undefined> = await storedFilesOfProjects(tx, deletedIds);
    await deleteProjects(tx, deletedIds);
    storedFiles.push(...(await leaveDrafts(tx, split.left)));
    storedFiles.push(...(await deleteDataExportsOf(tx, user.id)).map((name) => dataExportKey(user.id, name)));
    storedFiles.push(imageKey('avatars', user.avatar));
    await anonymiseAccount(tx, user.id, ctx.now());
    await recordHistoryEvent(tx, ctx.now(), ...deletionEvents(user, files, split.kept));
    return { split, storedFiles };
  });
  await removeUnlistedFiles(ctx.storage, storedFiles, ctx.log);
  // Also in the server log (no name nor address: only ids and counts), for whoever reads the logs rather than the files.
  ctx.log.info(
    {
      event: 'account_deleted',
      userId: user.id,
      deletedFiles: split.deleted.map((f) => f.projectId),
      leftFiles: split.left.map((f) => f.projectId),
      keptFiles: split.kept.map((f) => f.projectId),
    },
    'account deleted by its owner',
  );
  return { message: M.accountDeleted, deletedFiles: split.deleted.length, leftFiles: split.left.length, keptFiles: split.kept.length };
}
