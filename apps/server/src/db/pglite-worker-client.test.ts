import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-errors';
import { openPgliteWorker, PGLITE_WORKER_STOPPED, type PgliteWorkerClient } from './pglite-worker-client';
import { namedStatementTexts } from './prepared-statements';

const SETTINGS = { shared_buffers: '16MB' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PGlite in a worker thread', () => {
  let client: PgliteWorkerClient;

  beforeAll(async () => {
    client = await openPgliteWorker({ settings: SETTINGS });
    await client.exec(`
      CREATE TABLE items (id int PRIMARY KEY, name text NOT NULL UNIQUE, data bytea, at timestamptz, doc jsonb);
      CREATE EXTENSION pg_trgm;`);
  });
  afterAll(async () => {
    await client.close();
  });

  it('answers rows as PGlite does: dates, bytea, numbers, JSON, fields and affected rows', async () => {
    const inserted = await client.query('INSERT INTO items VALUES ($1, $2, $3, $4, $5)', [
      1,
      'un',
      new Uint8Array([0, 1, 255]),
      new Date('2026-11-24T10:00:00Z'),
      { a: [1, 2] },
    ]);
    expect(inserted.affectedRows).toBe(1);
    const result = await client.query<{ id: number; name: string; data: Uint8Array; at: Date; doc: unknown; big: bigint }>(
      'SELECT id, name, data, at, doc, 9007199254740993::numeric AS big FROM items WHERE id = $1',
      [1],
    );
    expect(result.fields.map((f) => [f.name, f.dataTypeID])).toEqual([
      ['id', types.INT4],
      ['name', types.TEXT],
      ['data', types.BYTEA],
      ['at', types.TIMESTAMPTZ],
      ['doc', types.JSONB],
      ['big', types.NUMERIC],
    ]);
    const [row] = result.rows;
    expect(row!.data).toBeInstanceOf(Uint8Array);
    expect([...row!.data]).toEqual([0, 1, 255]);
    expect(row!.at).toBeInstanceOf(Date);
    expect(row!.at.toISOString()).toBe('2026-11-24T10:00:00.000Z');
    expect(row).toMatchObject({ id: 1, name: 'un', doc: { a: [1, 2] }, big: '9007199254740993' });
  });

  it('decodes every type as PGlite does in-process, with and without drizzle’s text-keeping parsers, in both row modes', async () => {
    const inProcess = await PGlite.create();
    try {
      const keep = (value: string) => value;
      // drizzle-orm/pglite's own options (session.js).
      const drizzleParsers = {
        [types.TIMESTAMP]: keep,
        [types.TIMESTAMPTZ]: keep,
        [types.INTERVAL]: keep,
        [types.DATE]: keep,
        1231: keep,
        1115: keep,
        1185: keep,
        1187: keep,
        1182: keep,
      };
      const sql = `SELECT $1::timestamptz AS tz, $1::timestamp AS ts, $2::date AS day, 'infinity'::timestamptz AS inf, '1 day 02:00'::interval AS span,
        ARRAY[$1::timestamptz, NULL] AS tzs, ARRAY[$1::timestamp] AS tss, ARRAY[$2::date] AS days, ARRAY['1 day'::interval] AS spans,
        ARRAY[1.5, 2]::numeric[] AS nums, 12.50::numeric AS num, 9007199254740993::int8 AS big, 42::int8 AS small,
        '{"a": [1, "é"], "b": null}'::jsonb AS doc, '"text"'::json AS str, ARRAY['{"x": 1}'::jsonb, '[2]'::jsonb] AS docs, ARRAY['{"y": 2}'::json] AS jsons,
        NULL::jsonb AS nothing, NULL::timestamptz AS never, '\\x00ff'::bytea AS bin, ARRAY[1, 2] AS ints, true AS yes, 'ü'::text AS t`;
      const params = ['2026-11-24T10:00:00.123Z', '2026-11-24'];
      for (const options of [
        undefined,
        { rowMode: 'array' as const },
        { rowMode: 'object' as const, parsers: drizzleParsers },
        { rowMode: 'array' as const, parsers: drizzleParsers },
      ]) {
        const expected = await inProcess.query(sql, params, options);
        const answered = await client.query(sql, params, options);
        expect(answered.rows).toEqual(expected.rows);
        expect(answered.fields).toEqual(expected.fields);
      }
      // A repeated column name: the last value, in the first one's place, as PGlite's objects have it.
      const repeated = 'SELECT 1 AS a, 2 AS b, 3 AS a';
      const [expectedRow] = (await inProcess.query(repeated)).rows;
      const [answeredRow] = (await client.query(repeated)).rows;
      expect(answeredRow).toEqual(expectedRow);
      expect(Object.entries(answeredRow as object)).toEqual(Object.entries(expectedRow as object));
      const [objectRow] = (await client.query<Record<string, unknown>>(sql, params)).rows;
      expect(objectRow!.tz).toBeInstanceOf(Date);
      expect(objectRow!.doc).toEqual({ a: [1, 'é'], b: null });
      expect(objectRow!.bin).toBeInstanceOf(Uint8Array);
      expect(objectRow!.big).toBe(9007199254740993n);
      // A text-keeping parser of a type the worker decodes itself.
      expect((await client.query('SELECT 7 AS n, now()::date AS d', [], { parsers: { [types.INT4]: keep } })).rows[0]).toMatchObject({
        n: '7',
        d: expect.any(Date),
      });
    } finally {
      await inProcess.close();
    }
  });

  it('refuses a parser that changes the text rather than ignoring it', async () => {
    await expect(client.query('SELECT 1', [], { parsers: { [types.INT4]: (value: string) => Number(value) * 2 } })).rejects.toThrow(
      /parser of type 23/,
    );
  });

  it('fails a call whose parameter cannot be copied to the worker, and goes on answering', async () => {
    await expect(client.query('SELECT $1::text', [() => 1])).rejects.toThrow(/could not be cloned/);
    expect((await client.query('SELECT 2 AS n')).rows).toEqual([{ n: 2 }]);
  });

  it('fails with a real Error carrying PostgreSQL’s fields', async () => {
    await client.query('INSERT INTO items (id, name) VALUES (2, $1)', ['deux']);
    const error = await client.query('INSERT INTO items (id, name) VALUES (3, $1)', ['deux']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      message: 'duplicate key value violates unique constraint "items_name_key"',
      code: '23505',
      constraint: 'items_name_key',
      table: 'items',
      schema: 'public',
      detail: 'Key (name)=(deux) already exists.',
      severity: 'ERROR',
      query: 'INSERT INTO items (id, name) VALUES (3, $1)',
      params: ['deux'],
    });
    expect(await client.query('SELECT 1/0').catch((e: unknown) => e)).toMatchObject({ code: '22012', message: 'division by zero' });
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('commits a transaction held across messages, and answers what its callback returned', async () => {
    const answer = await client.transaction(async (tx) => {
      await tx.query('INSERT INTO items (id, name) VALUES (10, $1)', ['dix']);
      const [results] = await tx.exec("UPDATE items SET name = 'DIX' WHERE id = 10");
      return { inside: (await tx.query('SELECT name FROM items WHERE id = 10')).rows, updated: results!.affectedRows };
    });
    expect(answer).toEqual({ inside: [{ name: 'DIX' }], updated: 1 });
    expect((await client.query('SELECT name FROM items WHERE id = 10')).rows).toEqual([{ name: 'DIX' }]);
  });

  it('rolls the transaction back when its callback throws, and rethrows that error', async () => {
    const thrown = new Error('refusé par le code');
    await expect(
      client.transaction(async (tx) => {
        await tx.query('INSERT INTO items (id, name) VALUES (20, $1)', ['vingt']);
        throw thrown;
      }),
    ).rejects.toBe(thrown);
    expect((await client.query('SELECT count(*)::int AS n FROM items WHERE id = 20')).rows).toEqual([{ n: 0 }]);
  });

  it('rolls back on a failed statement inside, and on the transaction’s own rollback()', async () => {
    await expect(
      client.transaction(async (tx) => {
        await tx.query('INSERT INTO items (id, name) VALUES (21, $1)', ['vingt et un']);
        await tx.query('INSERT INTO items (id, name) VALUES (21, $1)', ['encore']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    let closedAfter = false;
    await client.transaction(async (tx) => {
      await tx.query('INSERT INTO items (id, name) VALUES (22, $1)', ['vingt-deux']);
      await tx.rollback();
      closedAfter = tx.closed;
      await expect(tx.query('SELECT 1')).rejects.toThrow('Transaction is closed');
    });
    expect(closedAfter).toBe(true);
    expect((await client.query('SELECT count(*)::int AS n FROM items WHERE id IN (21, 22)')).rows).toEqual([{ n: 0 }]);
    // The database took the next transaction: nothing was left open.
    expect(await client.transaction(async (tx) => (await tx.query('SELECT 3 AS n')).rows)).toEqual([{ n: 3 }]);
  });

  it('holds a query sent outside an open transaction until that transaction ends, as PGlite does', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await client.transaction(async (tx) => {
      await tx.query('INSERT INTO items (id, name) VALUES (30, $1)', ['trente']);
      outside = client.query<{ n: number }>('SELECT count(*)::int AS n FROM items WHERE id = 30').then((r) => {
        order.push('outside answered');
        return r.rows;
      });
      await sleep(100);
      await tx.query('SELECT 1');
      order.push('transaction still open');
    });
    order.push('committed');
    expect(await outside).toEqual([{ n: 1 }]);
    expect(order).toEqual(['transaction still open', 'committed', 'outside answered']);
  });

  describe('a statement the code names (prepared-statements.ts)', () => {
    const NAMED = 'SELECT id, name, data, at, doc FROM items WHERE id = ANY($1::int[]) AND name <> $2 ORDER BY id';
    const INSERT = 'INSERT INTO items (id, name, data, at, doc) VALUES ($1, $2, $3, $4, $5) RETURNING id';
    beforeAll(() => {
      namedStatementTexts.add(NAMED);
      namedStatementTexts.add(INSERT);
    });
    afterAll(() => {
      namedStatementTexts.delete(NAMED);
      namedStatementTexts.delete(INSERT);
    });
    const prepared = async (text: string) =>
      (
        await client.query<{ statements: number; runs: number }>(
          'SELECT count(*)::int AS statements, coalesce(sum(generic_plans + custom_plans), 0)::int AS runs FROM pg_prepared_statements WHERE statement = $1',
          [text],
        )
      ).rows[0]!;

    it('answers as the unnamed statement does, values and rows converted alike, prepared once on the connection', async () => {
      const at = new Date('2026-11-25T08:00:00Z');
      await client.query(INSERT, [40, 'quarante', new Uint8Array([7, 8]), at, { b: 'é' }]);
      await client.query(INSERT, [41, 'quarante et un', null, null, null]);
      const unnamed = await client.query(`${NAMED} -- sans nom`, [[40, 41], 'x']);
      for (let i = 0; i < 8; i += 1) expect(await client.query(NAMED, [[40, 41], 'x'])).toEqual(unnamed);
      expect(unnamed.rows).toEqual([
        { id: 40, name: 'quarante', data: new Uint8Array([7, 8]), at, doc: { b: 'é' } },
        { id: 41, name: 'quarante et un', data: null, at: null, doc: null },
      ]);
      expect(await prepared(NAMED)).toEqual({ statements: 1, runs: 8 });
      expect((await client.query(NAMED, [[40], 'x'], { rowMode: 'array' })).rows).toEqual([
        [40, 'quarante', new Uint8Array([7, 8]), at, { b: 'é' }],
      ]);
    });

    it('runs inside a transaction in it, and waits outside until the transaction ends', async () => {
      const order: string[] = [];
      let outside: Promise<unknown> | undefined;
      await client.transaction(async (tx) => {
        await tx.query(INSERT, [42, 'quarante-deux', null, null, null]);
        expect((await tx.query<{ id: number }>(NAMED, [[42], 'x'])).rows.map((row) => row.id)).toEqual([42]);
        outside = client.query<{ id: number }>(NAMED, [[42, 43], 'x']).then((result) => {
          order.push('outside answered');
          return result.rows.map((row) => row.id);
        });
        await sleep(100);
        await tx.query(INSERT, [43, 'quarante-trois', null, null, null]);
        order.push('transaction still open');
      });
      order.push('committed');
      expect(await outside).toEqual([42, 43]);
      expect(order).toEqual(['transaction still open', 'committed', 'outside answered']);
    });

    it('fails with PostgreSQL’s fields, rolls its transaction back, and the statement goes on answering', async () => {
      const error = await client.query(INSERT, [44, 'quarante', null, null, null]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(error).toMatchObject({
        code: '23505',
        constraint: 'items_name_key',
        query: INSERT,
        params: [44, 'quarante', null, null, null],
      });
      await expect(
        client.transaction(async (tx) => {
          await tx.query(INSERT, [45, 'quarante-cinq', null, null, null]);
          await tx.query(INSERT, [46, 'quarante-cinq', null, null, null]);
        }),
      ).rejects.toMatchObject({ code: '23505' });
      expect((await client.query<{ id: number }>(NAMED, [[44, 45, 46], 'x'])).rows).toEqual([]);
      expect((await client.query<{ id: number }>(INSERT, [47, 'quarante-sept', null, null, null])).rows).toEqual([{ id: 47 }]);
      expect(await prepared(INSERT)).toEqual({ statements: 1, runs: 8 });
    });
  });

  it('hands a commit’s notifications over before its answer, and stops when told', async () => {
    const heard: string[] = [];
    const stop = await client.listen('changes', (payload) => heard.push(payload));
    await client.transaction(async (tx) => {
      await tx.query("SELECT pg_notify('changes', 'one')");
      await tx.query("SELECT pg_notify('other', 'not mine')");
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual(['one']);
    await stop();
    await client.query("SELECT pg_notify('changes', 'two')");
    await sleep(20);
    expect(heard).toEqual(['one']);
  });
});

describe('a PGlite worker that stops or closes', () => {
  it('fails the calls in flight and later ones as an unreachable database, and tells the listeners', async () => {
    const client = await openPgliteWorker({ settings: SETTINGS });
    const lost: Error[] = [];
    await client.listen(
      'changes',
      () => undefined,
      (error) => lost.push(error),
    );
    const inFlight = client.query('SELECT pg_sleep(2)').catch((e: unknown) => e);
    await sleep(50);
    await client.worker.terminate();
    const error = await inFlight;
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain(PGLITE_WORKER_STOPPED);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(lost).toHaveLength(1);
    await expect(client.query('SELECT 1')).rejects.toThrow(PGLITE_WORKER_STOPPED);
    await expect(client.transaction(async () => 1)).rejects.toThrow(PGLITE_WORKER_STOPPED);
  });

  it('fails a transaction whose worker stops in the middle with the worker’s error', async () => {
    const client = await openPgliteWorker({ settings: SETTINGS });
    const failed = client
      .transaction(async (tx) => {
        await tx.query('SELECT 1');
        await client.worker.terminate();
        await tx.query('SELECT 2');
      })
      .catch((e: unknown) => e);
    expect(isDatabaseUnavailable(await failed)).toBe(true);
  });

  it('closes: the data folder is kept and opens again; calls after close fail', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'notadoo-pglite-worker-'));
    try {
      const first = await openPgliteWorker({ dataDir: path.join(dir, 'db'), settings: SETTINGS });
      await first.exec("CREATE TABLE kept (v text); INSERT INTO kept VALUES ('gardé')");
      await first.close();
      await expect(first.query('SELECT 1')).rejects.toThrow('PGlite is closed');
      // Closing twice is harmless, as with PGlite.
      await first.close();
      const second = await openPgliteWorker({ dataDir: path.join(dir, 'db'), settings: SETTINGS });
      expect((await second.query('SELECT v FROM kept')).rows).toEqual([{ v: 'gardé' }]);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails to open as PGlite.create does when the data folder is unusable', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'notadoo-pglite-worker-'));
    try {
      writeFileSync(path.join(dir, 'db'), 'not a folder');
      await expect(openPgliteWorker({ dataDir: path.join(dir, 'db'), settings: SETTINGS })).rejects.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
