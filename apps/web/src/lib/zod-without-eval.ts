/**
 * The CSP forbids eval (script-src 'self'): zod 4 tries `new Function` once to
 * compile its fast parsers and, refused, falls back to its plain ones, but the
 * browser reports the refusal on every page with a form (Lighthouse counts it
 * against best practices). Its `jitless` setting skips the attempt. zod keeps
 * `z.config()` in `globalThis.__zod_globalConfig` so that every copy shares
 * it; the setting is written there because importing zod's `config` would put
 * zod's core in the first page's bundle (3 Kio), which loads no form.
 */
export function forbidZodEval(): void {
  const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  (holder.__zod_globalConfig ??= {}).jitless = true;
}
