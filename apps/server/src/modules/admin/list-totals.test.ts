import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bearer, buildTestApp, type TestApp } from '../../../test/test-app';
import { LARGE_TOTAL, TOTAL_KEPT_MS } from './list-totals';

describe.each(BACKENDS)('totals of the long admin lists on %s', (backend) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await buildTestApp(backend);
    const admin = await t.createUser({ roles: ['ROLE_USER', 'ROLE_ADMIN'] });
    headers = bearer(await t.tokenFor(admin.email, admin.password));
  });
  afterAll(() => t.close());

  const addProjects = (count: number, year: number) =>
    t.database.db.execute(sql`INSERT INTO projects (name, type, subtype, created_at)
      SELECT 'Dossier ' || g, 'realty', 'house', make_timestamptz(${year}, 3, 1, 0, 0, 0, 'UTC') + make_interval(secs => g) FROM generate_series(1, ${count}) AS g`);
  const totalOf = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode).toBe(200);
    return Number(res.headers['x-total-count']);
  };

  it('counts a small billing range exactly on every call', async () => {
    const range = 'from=2019-01-01&to=2019-12-31';
    await addProjects(3, 2019);
    expect(await totalOf(`/api/projects/open?${range}`)).toBe(3);
    await addProjects(1, 2019);
    expect(await totalOf(`/api/projects/open?${range}`)).toBe(4);
  });

  it('keeps a large total for a minute: the pages still turn, the new project is counted after it', async () => {
    const range = 'from=2020-01-01&to=2020-12-31';
    await addProjects(LARGE_TOTAL, 2020);
    expect(await totalOf(`/api/projects/open?${range}`)).toBe(LARGE_TOTAL);
    await addProjects(1, 2020);
    expect(await totalOf(`/api/projects/open?${range}&page=2`)).toBe(LARGE_TOTAL);
    // The last page (past the kept total) still answers its rows.
    const last = await t.app.inject({ method: 'GET', url: `/api/projects/open?${range}&page=${LARGE_TOTAL / 100 + 1}`, headers });
    expect(last.json()).toHaveLength(1);
    t.clock.advance(TOTAL_KEPT_MS);
    expect(await totalOf(`/api/projects/open?${range}`)).toBe(LARGE_TOTAL + 1);
  });
});
