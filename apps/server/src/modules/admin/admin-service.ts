import {
  PERSONAL_DATA_MESSAGES,
  ADMIN_MESSAGES,
  applyUserStatus,
  MESSAGES,
  normalizeRoles,
  USERS_PAGE_SIZE,
  type adminUsersQuerySchema,
  type changeRolesSchema,
  type registrationSchema,
  type toggleStatusSchema,
  type User,
  type UserRole,
  type UserStatuses,
} from '@notadoo/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError, notFound, unauthorized } from '../../http/app-error';
import { requireAcceptablePassword } from '../../auth/password-policy';
import { queueMail } from '../../mail/outbox-data';
import { intermediaryGrantedMail } from '../../mail/templates';
import { sendConfirmationMail } from '../accounts/account-service';
import { findUserById, insertUser, toUser, updateUser, type UserWithOffice } from '../users/user-data';
import { listUsersPage } from './admin-data';

export async function listUsers(ctx: AppContext, query: z.output<typeof adminUsersQuerySchema>): Promise<{ users: User[]; total: number }> {
  const { rows, total } = await listUsersPage(ctx.db, { ...query, pageSize: USERS_PAGE_SIZE });
  return { users: rows.map(toUser), total };
}

/** An admin never changes their own statuses or roles (spec section 6: 401). */
function refuseSelf(admin: UserWithOffice, id: number): void {
  if (admin.id === id) throw unauthorized(ADMIN_MESSAGES.ownStatusesLocked);
}

async function requireTarget(ctx: AppContext, id: number): Promise<UserWithOffice> {
  const user = await findUserById(ctx.db, id);
  if (!user) throw notFound(ADMIN_MESSAGES.userNotFound);
  // Issue 26: an account its owner deleted is emptied for good; turning it back on would give it to nobody.
  if (user.deletedAt) throw new AppError('CONFLICT', PERSONAL_DATA_MESSAGES.accountWasDeleted);
  return user;
}

function statusesOf(user: UserWithOffice): UserStatuses {
  return {
    isActive: user.isActive,
    roles: user.roles as UserRole[],
    isEmailConfirmed: user.isEmailConfirmed,
    isPro: user.isPro,
    isNotary: user.isNotary,
    needsRoleChange: user.needsRoleChange,
  };
}

/**
 * One of the six toggles. Turning `active` off locks the account at once:
 * every request re-reads the user, so its existing tokens stop working.
 */
export async function toggleUserStatus(
  ctx: AppContext,
  admin: UserWithOffice,
  input: z.output<typeof toggleStatusSchema>,
): Promise<UserStatuses> {
  refuseSelf(admin, input.id);
  const user = await requireTarget(ctx, input.id);
  const next = applyUserStatus(statusesOf(user), input.action, input.data);
  // The person is told of rights granted to them: they may now open files as an intermediary.
  const grantedPro = !user.isPro && next.isPro;
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, user.id, next);
    if (grantedPro)
      await queueMail(
        tx,
        intermediaryGrantedMail({ to: user.email, firstName: user.firstName, link: `${ctx.config.publicUrl}/dashboard` }),
      );
  });
  if (grantedPro) ctx.outbox.wake();
  return statusesOf((await findUserById(ctx.db, user.id))!);
}

export async function changeUserRoles(ctx: AppContext, admin: UserWithOffice, input: z.output<typeof changeRolesSchema>): Promise<User> {
  refuseSelf(admin, input.id);
  const user = await requireTarget(ctx, input.id);
  await updateUser(ctx.db, user.id, { roles: normalizeRoles(input.roles) });
  return toUser((await findUserById(ctx.db, user.id))!);
}

/** The admin's registration form: the account is created and its owner asked to confirm the address. */
export async function registerUser(ctx: AppContext, input: z.output<typeof registrationSchema>): Promise<User> {
  // The account is created a client's; made staff later, it is held at the "stronger password" gate if this one is weak.
  const { passwordMeetsStaffRule } = requireAcceptablePassword(input.password, { isStaff: false, owner: input });
  const created = await insertUser(ctx.db, {
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    passwordHash: await ctx.passwords.hash(input.password),
    passwordMeetsStaffRule,
  });
  if (!created) throw new AppError('EMAIL_TAKEN', MESSAGES.emailTaken);
  await sendConfirmationMail(ctx, created);
  return toUser((await findUserById(ctx.db, created.id))!);
}
