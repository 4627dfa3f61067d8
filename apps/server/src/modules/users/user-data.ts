import type { Session, User, UserRole } from '@notadoo/domain';
import { eq, sql, type SQL } from 'drizzle-orm';
import { strongerPasswordGate } from '../../auth/password-gate';
import type { Db } from '../../db/database';
import { jsonRowOf } from '../../db/json-rows';
import { preparedRawStatement, type RawColumns } from '../../db/prepared-statements';
import { rowsOf } from '../../db/rows';
import { users } from '../../db/schema';
import { columnsWithout } from '../../db/table-columns';

/**
 * What the server reads of an account: not its `search_text` (the admin's
 * search reads it in SQL) nor its `revision` (read as text beside the row for
 * the entity tags), so that no account row carries them onto the wire.
 */
const DERIVED_COLUMNS = ['searchText', 'revision'] as const;
export const USER_COLUMNS = columnsWithout(users, DERIVED_COLUMNS);
export type UserRow = Omit<typeof users.$inferSelect, (typeof DERIVED_COLUMNS)[number]>;
export type NewUserRow = typeof users.$inferInsert;
/** An account with its office, as the session and the admin's lists show it. */
export interface UserAndOffice extends UserRow {
  office: { id: number; city: string } | null;
  /** Issue 27: whether the account holds a passkey (read with the signed-in user; absent from lists, read as none). */
  hasPasskey?: boolean;
}

/** The signed-in user, as the authentication reads it. */
export interface UserWithOffice extends UserAndOffice {
  /**
   * Issue 24: the revisions of the account's row and of its office's
   * (migration 0220), which the entity tags of personal answers include,
   * as text: not in `UserRow` (see USER_COLUMNS).
   */
  revision: string;
  officeRevision: string | null;
  hasPasskey: boolean;
}

/** An account's one row: its columns as a JSON array (db/json-rows.ts), not mapped field by field, and what goes with it. */
interface UserWithOfficeRow {
  account: unknown[];
  office: [number, string] | null;
  revision: string;
  office_revision: string | null;
  has_passkey: boolean;
}
const USER_WITH_OFFICE_COLUMNS: RawColumns<UserWithOfficeRow> = {
  account: true,
  office: true,
  revision: true,
  office_revision: true,
  has_passkey: true,
};
const USER_ROW = jsonRowOf<UserRow>(USER_COLUMNS);

/** The accounts matching `where` (on `u`), as `toUserWithOffice` reads them. */
function userWithOfficeQuery(where: SQL): SQL {
  return sql`SELECT ${USER_ROW.build('u')} AS account, CASE WHEN o.id IS NULL THEN NULL ELSE json_build_array(o.id, o.city) END AS office,
      u.revision::text AS revision, o.revision::text AS office_revision,
      EXISTS (SELECT 1 FROM user_passkeys k WHERE k.user_id = u.id) AS has_passkey
    FROM users u LEFT JOIN notary_offices o ON o.id = u.notary_office_id WHERE ${where}`;
}

function toUserWithOffice(row: UserWithOfficeRow): UserWithOffice {
  const user = USER_ROW.read(row.account) as UserWithOffice;
  user.office = row.office && { id: row.office[0], city: row.office[1] };
  user.revision = row.revision;
  user.officeRevision = row.office_revision;
  user.hasPasskey = row.has_passkey;
  return user;
}

/** Read on every authenticated request: a prepared statement (see db/prepared-statements.ts). */
export async function findUserById(db: Db, id: number): Promise<UserWithOffice | undefined> {
  const [row] = await preparedRawStatement<UserWithOfficeRow>(db, 'user_by_id', USER_WITH_OFFICE_COLUMNS, () =>
    userWithOfficeQuery(sql`u.id = ${sql.placeholder('id')}::int`),
  ).execute({ id });
  return row && toUserWithOffice(row);
}

/** E-mails are stored lower-cased; the lookup is exact on that form. */
export async function findUserByEmail(db: Db, email: string): Promise<UserWithOffice | undefined> {
  const [row] = await rowsOf<UserWithOfficeRow>(db, userWithOfficeQuery(sql`u.email = ${email.toLowerCase()}`));
  return row && toUserWithOffice(row);
}

/** Inserts unless the e-mail is taken; answers undefined when it is. */
export async function insertUser(db: Db, user: NewUserRow): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({ ...user, email: user.email.toLowerCase() })
    .onConflictDoNothing({ target: users.email })
    .returning(USER_COLUMNS);
  return row;
}

/**
 * Locks the user's row until the end of the transaction `db`: two changes of
 * the password (two reset links used at once) then run one after the other,
 * the second seeing what the first did.
 */
export async function lockUser(db: Db, id: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
}

export async function updateUser(db: Db, id: number, changes: Partial<NewUserRow>): Promise<void> {
  await db.update(users).set(changes).where(eq(users.id, id));
}

/** Login moves the previous connection date back one slot, in one statement. */
export async function recordConnection(db: Db, id: number, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ previousConnectionDate: sql`${users.lastConnectionDate}`, lastConnectionDate: at })
    .where(eq(users.id, id));
}

/** The viewer's part of a personal answer's entity tag (issue 24): who, and the revisions of their row and office. */
export function viewerTag(user: UserWithOffice): string {
  return `u${user.id}.${user.revision}.${user.officeRevision ?? 0}`;
}

export function toSession(user: UserAndOffice): Session {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.email,
    avatar: user.avatar,
    roles: user.roles as UserRole[],
    isActive: user.isActive,
    isEmailConfirmed: user.isEmailConfirmed,
    isPro: user.isPro,
    isNotary: user.isNotary,
    needsRoleChange: user.needsRoleChange,
    notary_office: user.office,
    lastConnectionDate: user.lastConnectionDate?.toISOString() ?? null,
    previousConnectionDate: user.previousConnectionDate?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    pendingEmail: user.pendingEmail,
    passwordChangeRequired: strongerPasswordGate.holds(user),
  };
}

export function toUser(user: UserAndOffice): User {
  return { ...toSession(user), scores: { EC: user.scoreEc }, complexity: user.complexity };
}
