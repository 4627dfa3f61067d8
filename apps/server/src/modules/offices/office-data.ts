import type { NotaryOffice } from '@notadoo/domain';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { notaryOffices } from '../../db/schema';

/** An office's row; its revision is not needed (the file's JSON rows read it apart). */
type OfficeRow = Omit<typeof notaryOffices.$inferSelect, 'revision'>;

export async function listOffices(db: Db): Promise<NotaryOffice[]> {
  const rows = await db.select().from(notaryOffices).orderBy(asc(notaryOffices.position), asc(notaryOffices.id));
  return rows.map(toNotaryOffice);
}

export async function findOfficeById(db: Db, id: number): Promise<NotaryOffice | undefined> {
  const [row] = await db.select().from(notaryOffices).where(eq(notaryOffices.id, id));
  return row && toNotaryOffice(row);
}

export function toNotaryOffice(row: OfficeRow): NotaryOffice {
  return {
    id: row.id,
    city: row.city,
    postal_code: row.postalCode,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    image: row.image,
    email: row.email,
    phone: row.phone,
    active: row.active,
    position: row.position,
    link_contact: row.linkContact,
    link_more_info: row.linkMoreInfo,
  };
}
