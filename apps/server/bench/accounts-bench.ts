/**
 * `npm run bench`: figures for the account calls on embedded PGlite (and on
 * PostgreSQL when TEST_DATABASE_URL is set), through the full HTTP stack
 * (inject). Login is dominated by argon2id on purpose;
 * `users/me` is the call every page makes.
 */
import { BACKENDS, buildTestApp, bearer } from '../test/test-app';

function summarise(label: string, samples: number[]): void {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const total = samples.reduce((a, b) => a + b, 0);
  console.log(
    `${label.padEnd(34)} n=${String(samples.length).padStart(4)}  ${(samples.length / (total / 1000)).toFixed(1).padStart(7)} req/s  ` +
      `p50 ${at(0.5).toFixed(2)} ms  p95 ${at(0.95).toFixed(2)} ms`,
  );
}

async function time(n: number, run: (i: number) => Promise<void>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const start = performance.now();
    await run(i);
    samples.push(performance.now() - start);
  }
  return samples;
}

for (const backend of BACKENDS) {
  console.log(`-- ${backend}`);
  // Limits out of reach, but counted as in production (windows of an hour).
  const unlimited = { max: 1e9, windowMs: 60 * 60_000 };
  const t = await buildTestApp(backend, {
    rateLimits: {
      loginPerIp: unlimited,
      loginFailuresPerAccountAndIp: unlimited,
      loginFailuresPerAccount: unlimited,
      signupPerIp: unlimited,
    },
  });
  const user = await t.createUser();
  const token = await t.tokenFor(user.email, user.password);

  summarise(
    'POST /api/users/login',
    await time(40, async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { login: user.email, password: user.password } });
      if (res.statusCode !== 200) throw new Error(res.body);
    }),
  );
  summarise(
    'POST /api/users/login (wrong password)',
    await time(40, async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { login: user.email, password: 'Mauvais123' } });
      if (res.statusCode !== 401) throw new Error(res.body);
    }),
  );
  summarise(
    'POST /api/users/signup',
    await time(40, async (i) => {
      const email = `bench${i}@exemple.fr`;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/signup',
        payload: { email, password: 'Secret123', passwordConfirm: 'Secret123', firstName: 'B', lastName: 'B' },
      });
      if (res.statusCode !== 201) throw new Error(res.body);
    }),
  );
  summarise(
    'GET /api/users/me',
    await time(500, async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
      if (res.statusCode !== 200) throw new Error(res.body);
    }),
  );
  summarise(
    'GET /api/notaryoffices',
    await time(500, async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/notaryoffices' });
      if (res.statusCode !== 200) throw new Error(res.body);
    }),
  );
  await t.close();
}
console.log(`mémoire : rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} Mio`);
