import { count, eq } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db/database';
import { notaryOffices, users } from '../db/schema';
import { DEMO_ACCOUNTS, type DemoAccount } from './demo-accounts';
import { NETWORK_OFFICES, officeSlug } from './network-offices';

/** First start: the network's offices. Later starts leave the table as the admins left it. */
export async function seedOffices(db: Db): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(notaryOffices);
  if ((existing?.n ?? 0) > 0) return 0;
  await db.insert(notaryOffices).values(
    NETWORK_OFFICES.map((o, index) => {
      const slug = officeSlug(o.city);
      return {
        city: o.city,
        postalCode: o.postalCode,
        address: `<p>${o.street}<br>${o.postalCode} ${o.city}</p>`,
        latitude: o.latitude,
        longitude: o.longitude,
        image: `/uploads/offices/${slug}.svg`,
        email: `office-${slug}@notadoo.fr`,
        phone: o.phone,
        active: o.active,
        position: index + 1,
        linkContact: `/contact?office=${slug}`,
        linkMoreInfo: `/notaries?office=${slug}`,
      };
    }),
  );
  return NETWORK_OFFICES.length;
}

/** Demo accounts, created when missing (never in production). Answers the accounts. */
export async function seedDemoAccounts(db: Db): Promise<DemoAccount[]> {
  for (const account of DEMO_ACCOUNTS) {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
    if (existing) continue;
    const office = account.officeCity
      ? (await db.select({ id: notaryOffices.id }).from(notaryOffices).where(eq(notaryOffices.city, account.officeCity)))[0]
      : undefined;
    await db
      .insert(users)
      .values({
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        passwordHash: await hashPassword(account.password),
        roles: account.roles,
        isEmailConfirmed: true,
        isPro: account.isPro ?? false,
        isNotary: account.isNotary ?? false,
        notaryOfficeId: office?.id ?? null,
      })
      .onConflictDoNothing({ target: users.email });
  }
  return DEMO_ACCOUNTS;
}
