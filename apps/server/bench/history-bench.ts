/**
 * `npm run bench`: the history of a file of 10,000 entries.
 *
 * One file whose history holds 10,000 entries (answers changed, pieces sent,
 * downloads…), appended through `recordHistoryEvent` itself 100 at a time so
 * the hash chain is real, beside 200 other files of 100 entries each.
 * Measured on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set:
 * - the first (newest) and the last (oldest) page of 50 through the API,
 *   median and p95 of 15 runs (goal: under 100 ms);
 * - the whole CSV and the whole PDF, downloaded from a listening server and
 *   read as a stream (time, bytes, the process's peak memory rise);
 * - what recording adds to a questionnaire save: one entry appended in its
 *   own transaction, against an empty transaction, and a save's median;
 * - checking the whole chain (verify).
 */
import { sql } from 'drizzle-orm';
import { recordHistoryEvent, type HistoryEvent } from '../src/modules/history/history-recorder';
import { findHistoryPage } from '../src/modules/history/history-data';
import { verifyChain } from '../src/modules/history/history-service';
import { BACKENDS, buildTestApp, type TestApp } from '../test/test-app';

const ENTRIES = Number(process.env.HISTORY_BENCH_SIZE ?? 10_000);
const OTHER_FILES = Number(process.env.HISTORY_BENCH_OTHER_FILES ?? 200);
const REPEATS = 15;

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
const ms = (n: number) => `${n.toFixed(2)} ms`;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} Mo`;
const kb = (n: number) => `${Math.round(n / 1024)} Ko`;

async function timed(work: () => Promise<void>, repeats = REPEATS): Promise<{ median: number; p95: number }> {
  await work();
  const times: number[] = [];
  for (let i = 0; i < repeats; i += 1) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: quantile(times, 0.5), p95: quantile(times, 0.95) };
}

function sampleEvent(
  projectId: number,
  actor: { id: number; firstName: string; lastName: string },
  i: number,
  subject: number,
): HistoryEvent {
  switch (i % 4) {
    case 0:
      return {
        kind: 'answers_changed',
        projectId,
        actor,
        subjectParticipantIds: [subject],
        details: {
          documentId: 1,
          questionnaire: "Vente d'une maison",
          changes: [
            {
              field: 'price_q0_amount',
              label: 'Quel est le prix de vente convenu ? — Prix de vente (en euros)',
              before: String(300_000 + i),
              after: String(300_001 + i),
            },
          ],
        },
      };
    case 1:
      return {
        kind: 'piece_sent',
        projectId,
        actor,
        subjectParticipantIds: [subject],
        details: { documentId: 2, fileType: "Carte d'identité", file: `carte-${i}.pdf`, piece: "Pièce d'identité" },
      };
    case 2:
      return {
        kind: 'file_downloaded',
        projectId,
        actor,
        subjectParticipantIds: [subject],
        details: { documentId: 2, fileType: "Carte d'identité", file: `carte-${i}.pdf`, piece: null },
      };
    default:
      return { kind: 'status_changed', projectId, actor, details: { from: 'En cours', to: 'Transmis au notaire', fromCode: 2, toCode: 3 } };
  }
}

async function appendEntries(
  t: TestApp,
  projectId: number,
  count: number,
  actor: { id: number; firstName: string; lastName: string },
  subject: number,
) {
  for (let done = 0; done < count; done += 100) {
    const events = Array.from({ length: Math.min(100, count - done) }, (_, k) => sampleEvent(projectId, actor, done + k, subject));
    await t.database.db.transaction((tx) =>
      recordHistoryEvent(tx, new Date(Date.parse('2026-01-01T08:00:00Z') + done * 60_000), ...events),
    );
  }
}

/** Reads a download as a stream, chunk by chunk, sampling the process's memory meanwhile. */
async function download(url: string, headers: Record<string, string>) {
  globalThis.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 5);
  const start = performance.now();
  const res = await fetch(url, { headers });
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  const elapsed = performance.now() - start;
  clearInterval(timer);
  return { status: res.status, elapsed, bytes, rssRise: peakRss - before.rss, heapRise: peakHeap - before.heapUsed };
}

async function run(backend: 'pglite' | 'postgres') {
  const t = await buildTestApp(backend);
  try {
    const client = await t.signedInUser({ firstName: 'Claire', lastName: 'Dubois' });
    const notary = await t.signedInUser({ isNotary: true, notaryOfficeId: 1, firstName: 'Nicolas', lastName: 'Bernard' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/project',
      headers: client.headers,
      payload: { name: 'Dossier à l’historique chargé', type: 'realty', subtype: 'house', role: 'seller' },
    });
    const projectId = created.json().id as number;
    await t.app.inject({ method: 'PATCH', url: `/api/project/${projectId}`, headers: client.headers, payload: { office: 1 } });
    const page = (await t.app.inject({ method: 'GET', url: `/api/project/${projectId}`, headers: client.headers })).json();
    const sellerPid = page.participants[0].id as number;
    const saleId = page.documents.find((d: { document_sale_houses?: unknown[] }) => d.document_sale_houses?.length)?.document_sale_houses[0]
      .id as number;
    const seedStart = performance.now();
    await appendEntries(t, projectId, ENTRIES - 2, { id: notary.id, firstName: 'Nicolas', lastName: 'Bernard' }, sellerPid);
    for (let f = 0; f < OTHER_FILES; f += 1) {
      const other = (
        await t.app.inject({
          method: 'POST',
          url: '/api/project',
          headers: client.headers,
          payload: { name: `Autre ${f}`, type: 'realty', subtype: 'land', role: 'seller' },
        })
      ).json().id as number;
      await appendEntries(t, other, 99, { id: client.id, firstName: 'Claire', lastName: 'Dubois' }, sellerPid);
    }
    const [{ count }] = (
      (await t.database.db.execute(sql`SELECT count(*)::int AS count FROM history_entries`)) as unknown as {
        rows: Array<{ count: number }>;
      }
    ).rows as [{ count: number }];
    console.log(
      `${backend}: ${ENTRIES} entries in the file, ${count} in all, appended in ${((performance.now() - seedStart) / 1000) | 0} s`,
    );

    const get = (url: string, headers = notary.headers) => t.app.inject({ method: 'GET', url, headers });
    const first = await timed(async () => void (await get(`/api/project/${projectId}/history?limit=50`)));
    const firstIds = (await get(`/api/project/${projectId}/history?limit=50`)).json().entries as Array<{ id: number }>;
    const [{ min }] = (
      (await t.database.db.execute(sql`SELECT min(id)::int AS min FROM history_entries WHERE project_id = ${projectId}`)) as unknown as {
        rows: Array<{ min: number }>;
      }
    ).rows as [{ min: number }];
    const lastUrl = `/api/project/${projectId}/history?limit=50&cursor=${min + 50}`;
    const last = await timed(async () => void (await get(lastUrl)));
    const lastPage = (await get(lastUrl)).json().entries as unknown[];
    const ownFirst = await timed(async () => void (await get(`/api/project/${projectId}/history?limit=50`, client.headers)));
    // References in the same conditions: the project page, and the page's SQL alone.
    const projectPage = await timed(async () => void (await get(`/api/project/${projectId}`)));
    const pageSql = await timed(
      async () => void (await findHistoryPage(t.database.db, { projectId, signInUserIds: [client.id], limit: 51, beforeId: min + 50 })),
    );
    console.log(`  reference: the project page ${ms(projectPage.median)} median; the last page's SQL alone ${ms(pageSql.median)} median`);
    console.log(`  first page of 50: ${ms(first.median)} median, ${ms(first.p95)} p95 (${firstIds.length} entries)`);
    console.log(`  last page of 50: ${ms(last.median)} median, ${ms(last.p95)} p95 (${lastPage.length} entries)`);
    console.log(`  a participant's first page (own events only): ${ms(ownFirst.median)} median, ${ms(ownFirst.p95)} p95`);

    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // The fonts and pdfkit load with a process's first PDF: not counted.
    await download(`${address}/api/project/${projectId}/history.pdf?kinds=sign_in`, { authorization: notary.headers.authorization });
    for (const format of ['csv', 'pdf'] as const) {
      const result = await download(`${address}/api/project/${projectId}/history.${format}`, {
        authorization: notary.headers.authorization,
      });
      console.log(
        `  whole ${format.toUpperCase()}: ${result.status}, ${ms(result.elapsed)}, ${kb(result.bytes)}, peak memory rise RSS ${mb(result.rssRise)}, heap ${mb(result.heapRise)}`,
      );
    }

    // What the history adds to a save: one entry appended, in a transaction of its own, against an empty one.
    const actor = { id: client.id, firstName: 'Claire', lastName: 'Dubois' };
    let n = 0;
    // Both write a row (a commit that writes waits for the disk on PostgreSQL): the difference is the recording.
    const touch = (tx: typeof t.database.db) => tx.execute(sql`UPDATE documents SET updated_at = now() WHERE id = ${saleId}`);
    const append = await timed(
      () =>
        t.database.db.transaction(async (tx) => {
          await touch(tx);
          await recordHistoryEvent(tx, new Date(), sampleEvent(projectId, actor, (n += 1) * 4, sellerPid));
        }),
      100,
    );
    const empty = await timed(() => t.database.db.transaction(async (tx) => void (await touch(tx))), 100);
    let version = (await get(`/api/project/${projectId}`, client.headers))
      .json()
      .documents.find((d: { document_sale_houses?: unknown[] }) => d.document_sale_houses?.length).document_sale_houses[0]
      .version as number;
    let price = 300_000;
    const save = await timed(async () => {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/document',
        headers: client.headers,
        payload: { docType: 'document_sale_house', document: { id: saleId, version, price_q0_amount: String((price += 1)) } },
      });
      version = res.json().version;
    }, 50);
    console.log(
      `  a transaction writing one row, with one entry appended: ${ms(append.median)} median, ${ms(append.p95)} p95; without: ${ms(empty.median)} median, ${ms(empty.p95)} p95; a questionnaire save (with its entry) ${ms(save.median)} median, ${ms(save.p95)} p95`,
    );

    const verifyStart = performance.now();
    const verdict = await verifyChain(t.database.db, `project:${projectId}`);
    console.log(
      `  verifying the chain: ${verdict.ok ? 'intact' : 'BROKEN'}, ${verdict.checked} entries in ${ms(performance.now() - verifyStart)}`,
    );

    if (backend === 'postgres') {
      const plan = (await t.database.db.execute(
        sql.raw(
          `EXPLAIN (ANALYZE, BUFFERS) SELECT * FROM history_entries WHERE project_id = ${projectId} AND id < ${min + 50} ORDER BY id DESC LIMIT 51`,
        ),
      )) as unknown as { rows: Array<Record<string, string>> };
      console.log(`  plan of the last page:\n    ${plan.rows.map((r) => Object.values(r)[0]).join('\n    ')}`);
    }
  } finally {
    await t.close();
  }
}

for (const backend of BACKENDS) await run(backend);
