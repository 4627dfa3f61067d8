import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bearer, buildTestApp, type TestApp } from '../../../test/test-app';
import { projects } from '../../db/schema';

// The billing table and its export count days in Paris, and the export holds
// each file once, whatever the precision of the creation times.

describe.each(BACKENDS)('billing days and export on %s', (backend) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let adminAccount: { email: string; password: string };

  beforeAll(async () => {
    t = await buildTestApp(backend);
    adminAccount = await t.createUser({ roles: ['ROLE_USER', 'ROLE_ADMIN'] });
    admin = bearer(await t.tokenFor(adminAccount.email, adminAccount.password));
  });
  afterAll(() => t.close());

  const idsBetween = async (from: string, to: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/projects/open?from=${from}&to=${to}`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Array<{ id: number }>).map((p) => p.id);
  };
  const exportedIds = async (from: string, to: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/projects/open/export?from=${from}&to=${to}`, headers: admin });
    expect(res.statusCode).toBe(200);
    return res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => Number(line.split(';')[0]));
  };
  const createdAt = async (iso: string) => {
    const [row] = await t.database.db
      .insert(projects)
      .values({ name: `Créé ${iso}`, type: 'realty', subtype: 'house', createdAt: new Date(iso) })
      .returning({ id: projects.id });
    return row!.id;
  };

  it('bills a file to its day in Paris, in winter, in summer and across a year end', async () => {
    // 00:50 in Paris on 1 January 2031 (UTC+1) is still 31 December in UTC.
    const newYear = await createdAt('2030-12-31T23:50:00Z');
    // 00:30 in Paris on 15 July 2030 (UTC+2).
    const summer = await createdAt('2030-07-14T22:30:00Z');
    // 23:59:59 in Paris on 14 July 2030.
    const summerEve = await createdAt('2030-07-14T21:59:59Z');
    // 00:30 in Paris on 16 January 2030 (UTC+1).
    const winter = await createdAt('2030-01-15T23:30:00Z');

    expect(await idsBetween('2031-01-01', '2031-01-01')).toEqual([newYear]);
    expect(await idsBetween('2030-12-31', '2030-12-31')).toEqual([]);
    expect(await idsBetween('2030-07-15', '2030-07-15')).toEqual([summer]);
    expect(await idsBetween('2030-07-14', '2030-07-14')).toEqual([summerEve]);
    expect(await idsBetween('2030-01-16', '2030-01-16')).toEqual([winter]);
    expect(await idsBetween('2030-01-15', '2030-01-15')).toEqual([]);
    expect(await idsBetween('2030-01-01', '2030-12-31')).toEqual([winter, summerEve, summer]);
    expect(await exportedIds('2031-01-01', '2031-12-31')).toEqual([newYear]);
    const csv = await t.app.inject({ method: 'GET', url: '/api/projects/open/export?from=2031-01-01&to=2031-01-01', headers: admin });
    expect(csv.body).toContain(`${newYear};Créé 2030-12-31T23:50:00Z;;01/01/2031;`);
  });

  it('defaults to the current year in Paris, which starts before the UTC one', async () => {
    await createdAt('2032-06-01T10:00:00Z');
    const early = await createdAt('2032-12-31T23:10:00Z');
    t.clock.advance(new Date('2032-12-31T23:30:00Z').getTime() - t.clock.now().getTime());
    // Years later: a fresh session.
    admin = bearer(await t.tokenFor(adminAccount.email, adminAccount.password));
    const res = await t.app.inject({ method: 'GET', url: '/api/projects/open', headers: admin });
    expect(res.json().map((p: { id: number }) => p.id)).toEqual([early]);
  });

  it('answers an inverted range with 400 and a French message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/projects/open?from=2030-05-01&to=2030-04-01', headers: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('La date de début doit précéder la date de fin.');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/projects/open/export?from=2030-05-01&to=2030-04-01', headers: admin })).statusCode,
    ).toBe(400);
  });

  it('exports each file once when creation times carry microseconds, across batches of 1,000', async () => {
    // Seeded by SQL as a server's now() writes them: microseconds, several files in the same millisecond too.
    await t.database.db.execute(sql`
      INSERT INTO projects (name, type, subtype, created_at)
      SELECT 'Lot ' || n, 'realty', 'house', timestamptz '2029-03-01 09:00:00.000123+00' + n * interval '333 microseconds'
      FROM generate_series(1, 2500) AS n`);
    const ids = await exportedIds('2029-03-01', '2029-03-01');
    expect(ids).toHaveLength(2500);
    expect(new Set(ids).size).toBe(2500);
    const listed = await t.app.inject({ method: 'GET', url: '/api/projects/open?from=2029-03-01&to=2029-03-01', headers: admin });
    expect(listed.headers['x-total-count']).toBe('2500');
  });
});
