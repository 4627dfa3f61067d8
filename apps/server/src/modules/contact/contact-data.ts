import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';

/** Contact messages, kept so none is lost if the mail fails (migration 0030). */
export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  civility: text('civility', { enum: ['M', 'MME'] }).notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  reason: text('reason', { enum: ['notaire', 'partenaire_fournisseur', 'autre'] }).notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export async function insertContactMessage(db: Db, row: typeof contactMessages.$inferInsert): Promise<number> {
  const [saved] = await db.insert(contactMessages).values(row).returning({ id: contactMessages.id });
  return saved!.id;
}
