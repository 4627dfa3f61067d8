import type { Db } from '../../db/database';
import { contactMessages } from '../../db/schema';

export async function insertContactMessage(db: Db, row: typeof contactMessages.$inferInsert): Promise<number> {
  const [saved] = await db.insert(contactMessages).values(row).returning({ id: contactMessages.id });
  return saved!.id;
}
