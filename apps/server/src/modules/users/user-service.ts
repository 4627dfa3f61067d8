import {
  ADMIN_MESSAGES,
  isAdmin,
  MESSAGES,
  OFFICE_ATTACHMENT_MESSAGES,
  PERSONAL_DATA_MESSAGES,
  officeIdOf,
  planEmailChange,
  planOfficeChange,
  type User,
  type userPatchSchema,
} from '@notadoo/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { requireRecentCheck } from '../../auth/second-factor-gate';
import type { TokenClaims } from '../../auth/session-tokens';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error';
import { isStaffUser, requireAcceptablePassword, signsInWithPasskey } from '../../auth/password-policy';
import { deliver, issueSessionToken, queueConfirmationMail, sendConfirmationMail } from '../accounts/account-service';
import { revokeAccountTokens } from '../accounts/account-token-data';
import { intermediaryRequestMail } from '../contact/site-mails';
import { queueMail } from '../../mail/outbox-data';
import { emailChangedMail, emailUseAttemptMail } from '../../mail/templates';
import { findOfficeById } from '../offices/office-data';
import { findUserByEmail, findUserById, toUser, updateUser, type NewUserRow, type UserWithOffice } from './user-data';

type UserPatch = z.output<typeof userPatchSchema>;

/** Self or admin (spec section 6); anyone else gets 403 whether or not the user exists. */
export async function getUserFor(ctx: AppContext, viewer: UserWithOffice, id: number): Promise<User> {
  if (viewer.id !== id && !isAdmin(viewer)) throw forbidden();
  const user = await findUserById(ctx.db, id);
  if (!user) throw notFound("Cet utilisateur n'existe pas.");
  return toUser(user);
}

/**
 * Profile update. A password change needs the current password (400 without
 * it), except for an admin editing someone else. A new e-mail needs it
 * too: it waits in `pendingEmail` until confirmed through the link sent
 * to it, the old address is told, and keeps serving logins and resets
 * meanwhile. An address that already has an account is answered the same
 * way, so that no one learns who has an account (only an admin gets 409, see
 * `planEmailChange`): no link is sent, its owner is warned instead. Both changes end the user's other sessions (older tokens are
 * refused), so the answer carries a fresh token for the user changing their
 * own. Only admins attach a user to an office.
 */
export async function updateUserFor(
  ctx: AppContext,
  editor: UserWithOffice,
  id: number,
  patch: UserPatch,
  /** The editor's session: a remember-me one gives a new token as long; its second-factor facts carry over. */
  session: Pick<TokenClaims, 'remembered' | 'secondFactor' | 'checkedAt'> | null = null,
): Promise<User & { token?: string }> {
  const self = editor.id === id;
  if (!self && !isAdmin(editor)) throw forbidden();
  const user = await findUserById(ctx.db, id);
  if (!user) throw notFound("Cet utilisateur n'existe pas.");
  // An account its owner deleted is emptied for good (an admin giving it an address and a password would revive it for someone else).
  if (user.deletedAt) throw new AppError('CONFLICT', PERSONAL_DATA_MESSAGES.accountWasDeleted);
  // An admin editing someone else is not asked for that person's password.
  const needsCurrentPassword = self || !isAdmin(editor);

  const changes: Partial<NewUserRow> = {};
  if (patch.firstName !== undefined) changes.firstName = patch.firstName;
  if (patch.lastName !== undefined) changes.lastName = patch.lastName;

  const newEmail = patch.email !== undefined && patch.email !== user.email ? patch.email : undefined;
  const passwordChanged = Boolean(patch.passwordNew);
  // A session that passed a second factor gives it again (within 5 minutes) to change its own address or password;
  // one without a factor proves itself with the current password below. An admin attaching someone to an office is asked too.
  if (
    session?.secondFactor &&
    ((self && (newEmail || passwordChanged)) ||
      (isAdmin(editor) && patch.notaryOffice !== undefined && officeIdOf(patch.notaryOffice) !== user.notaryOfficeId))
  ) {
    requireRecentCheck(session.checkedAt, ctx.now());
  }
  if ((newEmail || passwordChanged) && needsCurrentPassword) {
    if (!patch.password)
      throw badRequest(
        passwordChanged ? MESSAGES.currentPasswordRequired : MESSAGES.emailChangePasswordRequired,
        'CURRENT_PASSWORD_REQUIRED',
      );
    if (!(await ctx.passwords.verify(user.passwordHash, patch.password)))
      throw badRequest(MESSAGES.currentPasswordWrong, 'CURRENT_PASSWORD_WRONG');
  }
  // Whose the new address already is decides what is mailed, not what is answered (except to an admin).
  let addressOwner: UserWithOffice | undefined;
  if (newEmail) {
    const owner = await findUserByEmail(ctx.db, newEmail);
    addressOwner = owner && owner.id !== id ? owner : undefined;
    if (planEmailChange(editor, addressOwner !== undefined) === 'refuseAsTaken') throw new AppError('EMAIL_TAKEN', MESSAGES.emailTaken);
    // Pending even when taken, so that the answer and the profile read afterwards are those of a free address.
    changes.pendingEmail = newEmail;
  } else if (patch.email !== undefined && user.pendingEmail) {
    // Sending the current address back cancels a change not confirmed yet.
    changes.pendingEmail = null;
  }

  if (patch.notaryOffice !== undefined) {
    const requested = officeIdOf(patch.notaryOffice);
    const plan = planOfficeChange({
      editorIsAdmin: isAdmin(editor),
      current: user.notaryOfficeId,
      requested,
      seen: patch.oldOffice === undefined ? undefined : officeIdOf(patch.oldOffice),
    });
    if (plan === 'refuseNotAdmin') throw forbidden(OFFICE_ATTACHMENT_MESSAGES.adminOnly);
    if (plan === 'refuseChangedMeanwhile') throw new AppError('CONFLICT', OFFICE_ATTACHMENT_MESSAGES.changedMeanwhile);
    if (plan === 'change') {
      if (requested !== null) await requireActiveOffice(ctx, requested);
      changes.notaryOfficeId = requested;
    }
  }

  if (passwordChanged) {
    // The rule of the account whose password it is (an admin setting a notary's meets the staff rule), built from none of its names.
    const { passwordMeetsStaffRule } = requireAcceptablePassword(patch.passwordNew!, {
      isStaff: isStaffUser(user),
      signsInWithPasskey: signsInWithPasskey(user),
      owner: { firstName: patch.firstName ?? user.firstName, lastName: patch.lastName ?? user.lastName, email: user.email },
    });
    if (newEmail) requireAcceptablePassword(patch.passwordNew!, { isStaff: false, owner: { email: newEmail } });
    changes.passwordHash = await ctx.passwords.hash(patch.passwordNew!);
    changes.passwordMeetsStaffRule = passwordMeetsStaffRule;
  }
  const sessionsEnded = passwordChanged || Boolean(newEmail);
  if (sessionsEnded) changes.passwordVersion = user.passwordVersion + 1;

  // The change and its mails (confirmation to the new address, notice to the old one) are saved together.
  const updated = await ctx.db.transaction(async (tx) => {
    if (Object.keys(changes).length > 0) await updateUser(tx, id, changes);
    // A new password makes every reset link mailed before it useless.
    if (passwordChanged) await revokeAccountTokens(tx, id, 'reset_password', ctx.now());
    // A confirmation link confirms whatever address is pending when it is used: one mailed before this
    // change (to another address) must not confirm the new one, whose mailbox it never reached.
    if (changes.pendingEmail !== undefined) await revokeAccountTokens(tx, id, 'confirm_email', ctx.now());
    const updated = (await findUserById(tx, id))!;
    if (newEmail) {
      if (addressOwner) {
        // No link: the address stays its owner's. The owner hears of the attempt; their account is not touched.
        await queueMail(tx, emailUseAttemptMail(addressOwner.email, addressOwner.firstName, `${ctx.config.publicUrl}/login`));
      } else {
        await queueConfirmationMail(ctx, tx, { id, email: newEmail, firstName: updated.firstName });
      }
      await queueMail(tx, emailChangedMail(user.email, user.firstName, newEmail, `${ctx.config.publicUrl}/resetpwd`));
    }
    return updated;
  });
  if (newEmail) ctx.outbox.wake();
  const answer: User & { token?: string } = toUser(updated);
  if (sessionsEnded && self) {
    answer.token = await issueSessionToken(ctx, updated, session?.remembered ?? false, {
      secondFactor: session?.secondFactor ?? false,
      checkedAt: session?.checkedAt ?? null,
    });
  }
  return answer;
}

/** A user is attached only to an office that exists and is still in the network. */
async function requireActiveOffice(ctx: AppContext, officeId: number): Promise<void> {
  const office = await findOfficeById(ctx.db, officeId);
  if (!office) throw badRequest(OFFICE_ATTACHMENT_MESSAGES.unknownOffice);
  if (!office.active) throw badRequest(OFFICE_ATTACHMENT_MESSAGES.inactiveOffice);
}

/**
 * Mails the confirmation link of the user's pending address again (the first
 * was lost, or has expired). When that address belongs to another account no
 * link goes, as when the change was asked, and the answer is the same: the
 * user learns nothing of who has an account. 409 without a pending change.
 */
export async function resendPendingEmailConfirmation(ctx: AppContext, user: UserWithOffice): Promise<User> {
  // `user` is the account's row as the authentication read it for this very request.
  const pendingEmail = user.pendingEmail;
  if (!pendingEmail) throw new AppError('CONFLICT', MESSAGES.noPendingEmailChange);
  const owner = await findUserByEmail(ctx.db, pendingEmail);
  if (!owner || owner.id === user.id) await sendConfirmationMail(ctx, { id: user.id, email: pendingEmail, firstName: user.firstName });
  return toUser(user);
}

/**
 * `POST /users/askIntermediary`: the user asks for intermediary rights. The
 * request is flagged (needsRoleChange, the pending banner) and mailed to the
 * network; an admin grants it with the "pro" toggle.
 */
export async function askIntermediary(ctx: AppContext, user: UserWithOffice, userId: number): Promise<User> {
  if (userId !== user.id) throw forbidden();
  if (user.isPro) throw badRequest(ADMIN_MESSAGES.intermediaryAlreadyGranted);
  if (!user.needsRoleChange) {
    await updateUser(ctx.db, user.id, { needsRoleChange: true });
    const site = ctx.config.site;
    await deliver(ctx, intermediaryRequestMail(site.contactEmail, site.networkName, user, `${ctx.config.publicUrl}/admin?pending=1`));
  }
  return toUser((await findUserById(ctx.db, user.id))!);
}

/**
 * `POST /users/me/password`: the one change a session held at the
 * "stronger password" gate may make, also open to any signed-in user. Same
 * checks as a password change through the profile (current password, the
 * policy of the account); answers the session's new token.
 */
export async function changeOwnPassword(
  ctx: AppContext,
  user: UserWithOffice,
  input: { password: string; passwordNew: string; passwordNewConfirm: string },
  session: Pick<TokenClaims, 'remembered' | 'secondFactor' | 'checkedAt'> | null,
): Promise<{ token: string }> {
  const answer = await updateUserFor(ctx, user, user.id, input, session);
  return { token: answer.token! };
}
