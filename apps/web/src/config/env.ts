import { z } from 'zod';

/**
 * The only environment values the browser may see (Vite exposes `VITE_*`),
 * checked once here so a bad value fails at start with every problem listed.
 */
const browserEnvSchema = z.object({
  VITE_INTRANET_URL: z.url({ error: 'VITE_INTRANET_URL doit être une adresse web complète.' }).default('https://intranet.notadoo.fr'),
});

function readBrowserEnv() {
  const result = browserEnvSchema.safeParse({
    // An empty variable means "not set", as in a .env file with `VITE_INTRANET_URL=`.
    VITE_INTRANET_URL: import.meta.env.VITE_INTRANET_URL || undefined,
  });
  if (!result.success) {
    throw new Error(`Configuration invalide : ${result.error.issues.map((issue) => issue.message).join(' ; ')}`);
  }
  return result.data;
}

const browserEnv = readBrowserEnv();

export const config = {
  intranetUrl: browserEnv.VITE_INTRANET_URL,
  apiBase: '/api',
  avatarsBase: '/uploads/avatars',
  termsUrl: '/cgu.pdf',
} as const;
