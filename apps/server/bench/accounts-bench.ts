/**
 * `npm run bench`: figures for the account calls on embedded PGlite, through
 * the full HTTP stack (inject). Login is dominated by argon2id on purpose;
 * `users/me` is the call every page makes.
 */
import { buildTestApp, bearer } from '../test/test-app';

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

const t = await buildTestApp('pglite', {
  rateLimits: { loginPerIp: { max: 1e9, windowMs: 1 }, loginFailuresPerAccountAndIp: { max: 1e9, windowMs: 1 }, signupPerIp: { max: 1e9, windowMs: 1 } },
});
const user = await t.createUser();
const token = await t.tokenFor(user.email, user.password);

summarise('POST /api/users/login', await time(40, async () => {
  const res = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { login: user.email, password: user.password } });
  if (res.statusCode !== 200) throw new Error(res.body);
}));
summarise('POST /api/users/signup', await time(40, async (i) => {
  const email = `bench${i}@exemple.fr`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/signup',
    payload: { email, password: 'Secret123', passwordConfirm: 'Secret123', firstName: 'B', lastName: 'B' },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
}));
summarise('GET /api/users/me', await time(500, async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
  if (res.statusCode !== 200) throw new Error(res.body);
}));
summarise('GET /api/notaryoffices', await time(500, async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/notaryoffices' });
  if (res.statusCode !== 200) throw new Error(res.body);
}));
console.log(`mémoire : rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} Mio`);
await t.close();
