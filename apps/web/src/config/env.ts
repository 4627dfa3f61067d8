/**
 * The only environment values the browser may see (Vite exposes `VITE_*`),
 * checked once here so a bad value fails at start with every problem listed.
 * Plain checks rather than zod: this module loads with the first page, and
 * zod comes later with the forms that need it.
 */

import { readLegalIdentity } from './legal-identity';

/** A complete http(s) address, or undefined. */
function readUrl(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? value : undefined;
  } catch {
    return undefined;
  }
}

function readBrowserEnv() {
  const problems: string[] = [];
  // An empty variable means "not set", as in a .env file with `VITE_INTRANET_URL=`.
  const intranet = import.meta.env.VITE_INTRANET_URL || 'https://intranet.notadoo.fr';
  const intranetUrl = readUrl(intranet);
  if (intranetUrl === undefined) problems.push('VITE_INTRANET_URL doit être une adresse web complète.');
  // Issue 10: the network's name shown on every page (the server's NETWORK_NAME names it in mails).
  const networkName = (import.meta.env.VITE_NETWORK_NAME || 'Notadoo').trim();
  if (networkName.length < 2 || networkName.length > 80) problems.push('VITE_NETWORK_NAME doit faire entre 2 et 80 caractères.');
  const legalIdentity = readLegalIdentity(import.meta.env, networkName, problems);
  if (problems.length > 0 || intranetUrl === undefined) throw new Error(`Configuration invalide : ${problems.join(' ; ')}`);
  return { intranetUrl, networkName, legalIdentity };
}

const browserEnv = readBrowserEnv();

export const config = {
  intranetUrl: browserEnv.intranetUrl,
  apiBase: '/api',
  avatarsBase: '/uploads/avatars',
  termsUrl: '/cgu.pdf',
  networkName: browserEnv.networkName,
  legalIdentity: browserEnv.legalIdentity,
} as const;
