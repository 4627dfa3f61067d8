import {
  PARTICIPANT_ROLE_LABELS,
  canAddPerson,
  canChangePersonEmail,
  canConfirmRole,
  confirmsRoleOnAdd,
  canDeletePerson,
  canEditPerson,
  canMoveParticipant,
  canMoveParticipantTo,
  MESSAGES,
  PROJECT_PERMISSION_MESSAGES,
  questionnairesFor,
  type addPersonSchema,
  type ParticipantRole,
  type Project,
  type updateParticipantSchema,
} from '@notadoo/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error';
import { invitationMail } from '../../mail/templates';
import { queueMail } from '../../mail/outbox-data';
import { enforceRateLimit } from '../accounts/account-service';
import { answerProject, requireOpenProject } from '../projects/project-guard';
import type { LoadedProject } from '../projects/project-data';
import { findUserByEmail, findUserById, type UserWithOffice } from '../users/user-data';
import { createInvitation, revokeInvitations } from './invitation-data';
import { syncPieceRequests } from '../pieces/piece-service';
import { ensureSharedQuestionnaire, lockProjectPeople, releaseSharedQuestionnaire } from '../questionnaires/shared-questionnaire-data';
import { detachPrivateThread } from '../messages/message-data';
import { recordHistoryEvent } from '../history/history-recorder';
import { insertQuestionnaires } from '../documents/document-data';
import {
  deleteParticipant,
  findParticipantProjectId,
  findQuestionnairesHeld,
  insertParticipant,
  updateParticipantRow,
} from './participant-data';

type AddPersonInput = z.output<typeof addPersonSchema>;
type UpdateParticipantInput = z.output<typeof updateParticipantSchema>;

const ADD_PERSON_REFUSED = "Erreur : Vous n'avez pas les droits suffisants pour ajouter une personne à ce dossier.";
const EDIT_PERSON_REFUSED = "Erreur : Vous n'avez pas les droits suffisants pour modifier cette personne.";

/**
 * The questionnaires a participant of `role` gets, given what the project
 * already has: their own, and the role's shared one when the file has none
 * yet. Runs after `lockProjectPeople`.
 */
async function giveQuestionnaires(db: Db, loaded: LoadedProject, participantId: number, role: ParticipantRole): Promise<void> {
  await ensureSharedQuestionnaire(db, loaded.project, role);
  const held = await findQuestionnairesHeld(db, loaded.project.id, participantId);
  const own = new Set(held.own);
  const missing = questionnairesFor(loaded.project, role, { hasSuccession: held.hasSuccession, hasBalance: held.hasBalance }).filter(
    (docType) => !own.has(docType),
  );
  await insertQuestionnaires(db, loaded.project.id, participantId, missing);
}

/**
 * Adds a person. With an e-mail, they are invited: the mailed link signs them
 * up (or in, when the address has an account) and links them. Nobody is
 * linked before accepting (issue 9): the project appears on their dashboard
 * only then, and the answer does not tell whether the address has an account.
 * Invitation mails are limited per sender. Refusals answer 401 with a message
 * (spec section 7). The person shares their role's documents only if the one
 * who adds them already reads them (`confirmsRoleOnAdd`).
 */
export async function addPerson(ctx: AppContext, user: UserWithOffice, projectId: number, input: AddPersonInput): Promise<Project> {
  const { loaded, viewer, access } = await requireOpenProject(ctx, user, projectId);
  if (!canAddPerson(viewer, { ...access, type: loaded.project.type, subtype: loaded.project.subtype }, input.role)) {
    throw new AppError('UNAUTHORIZED', ADD_PERSON_REFUSED);
  }
  if (input.email && loaded.participants.some((p) => p.email?.toLowerCase() === input.email)) {
    throw badRequest('Cette personne participe déjà à ce dossier.');
  }
  if (input.email) await enforceRateLimit(ctx, [[`invite:sender:${user.id}`, ctx.rateLimits.invitationsPerSender]]);
  const hasAccount = input.email ? Boolean(await findUserByEmail(ctx.db, input.email)) : false;
  // The person and their invitation mail are saved together.
  await ctx.db.transaction(async (tx) => {
    await lockProjectPeople(tx, projectId);
    const participantId = await insertParticipant(tx, {
      projectId,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email ?? null,
      role: input.role,
      addedBy: user.id,
      roleConfirmed: confirmsRoleOnAdd(viewer, access, input.role),
    });
    await giveQuestionnaires(tx, loaded, participantId, input.role);
    // Issue 22: the person's pieces (and a piece of the whole file may now be theirs).
    await syncPieceRequests(tx, projectId, ctx.now());
    if (input.email)
      await invite(
        ctx,
        tx,
        user,
        loaded,
        { id: participantId, email: input.email, firstName: input.firstName, lastName: input.lastName },
        hasAccount,
      );
    await recordHistoryEvent(tx, ctx.now(), {
      kind: 'person_added',
      projectId,
      actor: user,
      subjectParticipantIds: [participantId],
      details: { participantId, name: personName(input), role: PARTICIPANT_ROLE_LABELS[input.role], invited: Boolean(input.email) },
    });
  });
  if (input.email) ctx.outbox.wake();
  return answerProject(ctx, user, projectId);
}

/** Creates the invitation and queues its mail in `db`, the caller's transaction. */
async function invite(
  ctx: AppContext,
  db: Db,
  inviter: UserWithOffice,
  loaded: LoadedProject,
  person: { id: number; email: string; firstName: string; lastName: string },
  hasAccount: boolean,
): Promise<void> {
  const token = await createInvitation(db, person.id, person.email, ctx.now());
  // The names the inviter typed pre-fill the signup form, and the project is where the form leads once done.
  const query = new URLSearchParams({
    invitation: token,
    email: person.email,
    firstName: person.firstName,
    lastName: person.lastName,
    project: String(loaded.project.id),
  });
  await queueMail(
    db,
    invitationMail({
      to: person.email,
      firstName: person.firstName,
      inviter: `${inviter.firstName} ${inviter.lastName}`,
      projectName: loaded.project.name,
      link: `${ctx.config.publicUrl}/${hasAccount ? 'login' : 'signup'}?${query.toString()}`,
      hasAccount,
    }),
  );
}

async function requireParticipant(ctx: AppContext, user: UserWithOffice, participantId: number) {
  const projectId = await findParticipantProjectId(ctx.db, participantId);
  if (projectId === undefined) throw notFound("Cette personne n'existe pas.");
  const found = await requireOpenProject(ctx, user, projectId);
  const person = found.access.participants.find((p) => p.id === participantId)!;
  const participant = found.loaded.participants.find((p) => p.id === participantId)!;
  return { ...found, person, participant };
}

/**
 * Their own documents stay in the project, unassigned. Their role's shared
 * questionnaire stays while someone else holds the role (`releaseSharedQuestionnaire`).
 */
export async function removeParticipant(ctx: AppContext, user: UserWithOffice, projectId: number, participantId: number): Promise<Project> {
  const { viewer, access, loaded } = await requireOpenProject(ctx, user, projectId);
  const person = access.participants.find((p) => p.id === participantId);
  const removed = loaded.participants.find((p) => p.id === participantId);
  if (!person) throw notFound('Cette personne ne fait pas partie de ce dossier.');
  if (!canDeletePerson(viewer, access, person))
    throw forbidden("Erreur : Vous n'avez pas les droits suffisants pour supprimer cette personne.");
  await ctx.db.transaction(async (tx) => {
    await lockProjectPeople(tx, projectId);
    // Their requests go with them (ON DELETE CASCADE); a piece of the whole file passes to another person of the role.
    await deleteParticipant(tx, projectId, participantId);
    await releaseSharedQuestionnaire(tx, projectId, person.role);
    await syncPieceRequests(tx, projectId, ctx.now());
    await recordHistoryEvent(tx, ctx.now(), {
      kind: 'person_removed',
      projectId,
      actor: user,
      subjectParticipantIds: [participantId],
      details: { participantId, name: removed ? personName(removed) : '', role: PARTICIPANT_ROLE_LABELS[person.role] },
    });
  });
  return answerProject(ctx, user, projectId);
}

/**
 * Corrects a person's names and e-mail. The e-mail of a person with an
 * account is their account's and is not changed here. A new e-mail for a
 * person without one is for admins, office members and the one who added
 * them only (issue 9): it revokes the earlier invitation and sends a new one.
 * The role's confirmation stays only when the one changing it could confirm
 * the role themself (`confirmsRoleOnAdd`): otherwise a client who added a
 * person, once the office confirmed them, would turn the address to a second
 * account of their own and sign up into the confirmed role.
 */
export async function updateParticipant(ctx: AppContext, user: UserWithOffice, input: UpdateParticipantInput): Promise<Project> {
  const { loaded, viewer, access, person, participant } = await requireParticipant(ctx, user, input.id);
  if (!canEditPerson(viewer, access, person)) throw forbidden(EDIT_PERSON_REFUSED);
  const newEmail =
    participant.userId === null && input.email !== undefined && input.email !== participant.email?.toLowerCase() ? input.email : undefined;
  if (newEmail && !canChangePersonEmail(viewer, access, person)) throw forbidden(MESSAGES.pendingEmailChangeRefused);
  if (newEmail && loaded.participants.some((p) => p.id !== participant.id && p.email?.toLowerCase() === newEmail)) {
    throw badRequest('Cette personne participe déjà à ce dossier.');
  }
  if (newEmail) await enforceRateLimit(ctx, [[`invite:sender:${user.id}`, ctx.rateLimits.invitationsPerSender]]);
  const hasAccount = newEmail ? Boolean(await findUserByEmail(ctx.db, newEmail)) : false;
  // A confirmation vouched for the person at the old address: whoever could not confirm the role does not pass it to a new one.
  const dropsConfirmation = newEmail !== undefined && person.role_confirmed && !confirmsRoleOnAdd(viewer, access, person.role);
  await ctx.db.transaction(async (tx) => {
    await updateParticipantRow(tx, participant.id, {
      firstName: input.firstName,
      lastName: input.lastName,
      ...(newEmail ? { email: newEmail } : {}),
      ...(dropsConfirmation ? { roleConfirmed: false } : {}),
    });
    if (newEmail) {
      await revokeInvitations(tx, participant.id);
      await detachPrivateThread(tx, participant.id);
      await invite(
        ctx,
        tx,
        user,
        loaded,
        { id: participant.id, email: newEmail, firstName: input.firstName, lastName: input.lastName },
        hasAccount,
      );
    }
    const renamed = personName(participant) !== personName(input);
    const change = [
      renamed ? `nom « ${personName(participant)} » → « ${personName(input)} »` : null,
      newEmail ? 'adresse e-mail changée (nouvelle invitation)' : null,
    ]
      .filter(Boolean)
      .join(' ; ');
    if (change) {
      await recordHistoryEvent(tx, ctx.now(), {
        kind: 'person_edited',
        projectId: loaded.project.id,
        actor: user,
        subjectParticipantIds: [participant.id],
        details: { participantId: participant.id, name: personName(input), change },
      });
    }
  });
  if (newEmail) ctx.outbox.wake();
  return answerProject(ctx, user, loaded.project.id);
}

/** Opens the role's documents to a person whose role was given by someone outside it (`canConfirmRole`). */
export async function confirmParticipantRole(ctx: AppContext, user: UserWithOffice, participantId: number): Promise<Project> {
  const { loaded, viewer, access, person } = await requireParticipant(ctx, user, participantId);
  if (!canConfirmRole(viewer, access, person)) {
    if (person.role_confirmed) throw badRequest('Le rôle de cette personne est déjà confirmé.');
    throw forbidden(PROJECT_PERMISSION_MESSAGES.confirmRoleRefused);
  }
  await ctx.db.transaction(async (tx) => {
    await updateParticipantRow(tx, participantId, { roleConfirmed: true });
    const named = loaded.participants.find((p) => p.id === participantId);
    await recordHistoryEvent(tx, ctx.now(), {
      kind: 'person_edited',
      projectId: loaded.project.id,
      actor: user,
      subjectParticipantIds: [participantId],
      details: { participantId, name: named ? personName(named) : '', change: `rôle de ${PARTICIPANT_ROLE_LABELS[person.role]} confirmé` },
    });
  });
  return answerProject(ctx, user, loaded.project.id);
}

/**
 * Moves a participant to another role of the project kind (admins, who vouch
 * for it), with the spec's refusals. Their civil status follows them; the
 * sale and purchase questionnaires are the roles', so the person leaves one
 * behind untouched (gone only if empty and nobody else holds the role) and
 * shares the other.
 */
export async function changeParticipantRole(
  ctx: AppContext,
  user: UserWithOffice,
  participantId: number,
  role: ParticipantRole,
): Promise<Project> {
  const { loaded, viewer, access, participant } = await requireParticipant(ctx, user, participantId);
  if (!canMoveParticipant(viewer, access)) throw forbidden(MESSAGES.adminOnly);
  const account = participant.userId === null ? undefined : await findUserById(ctx.db, participant.userId);
  const check = canMoveParticipantTo(
    role,
    { user: account ? { isPro: account.isPro, isNotary: account.isNotary, notary_office: account.office } : null },
    loaded.project,
  );
  if (!check.ok) throw badRequest(check.message);
  await ctx.db.transaction(async (tx) => {
    await lockProjectPeople(tx, loaded.project.id);
    await updateParticipantRow(tx, participantId, { role, roleConfirmed: true });
    await giveQuestionnaires(tx, loaded, participantId, role);
    // Nothing of the old role stays under the person: its questionnaire is the role's, not theirs.
    await releaseSharedQuestionnaire(tx, loaded.project.id, participant.role);
    await syncPieceRequests(tx, loaded.project.id, ctx.now());
    await recordHistoryEvent(tx, ctx.now(), {
      kind: 'person_moved',
      projectId: loaded.project.id,
      actor: user,
      subjectParticipantIds: [participantId],
      details: {
        participantId,
        name: personName(participant),
        from: PARTICIPANT_ROLE_LABELS[participant.role],
        to: PARTICIPANT_ROLE_LABELS[role],
      },
    });
  });
  return answerProject(ctx, user, loaded.project.id);
}

function personName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}
