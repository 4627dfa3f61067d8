import { z } from 'zod';

/**
 * The only environment values the browser may see (Vite exposes `VITE_*`),
 * checked once here so a bad value fails at start with every problem listed.
 */
const browserEnvSchema = z.object({
  VITE_INTRANET_URL: z.url({ error: 'VITE_INTRANET_URL doit être une adresse web complète.' }).default('https://intranet.notadoo.fr'),
  // Issue 10: the network's name shown on every page (the server's NETWORK_NAME names it in mails).
  VITE_NETWORK_NAME: z.string().trim().min(2, 'VITE_NETWORK_NAME doit faire au moins 2 caractères.').max(80).default('Notadoo'),
});

function readBrowserEnv() {
  const result = browserEnvSchema.safeParse({
    // An empty variable means "not set", as in a .env file with `VITE_INTRANET_URL=`.
    VITE_INTRANET_URL: import.meta.env.VITE_INTRANET_URL || undefined,
    VITE_NETWORK_NAME: import.meta.env.VITE_NETWORK_NAME || undefined,
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
  networkName: browserEnv.VITE_NETWORK_NAME,
} as const;
