import { Secret, TOTP } from 'otpauth';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { decodeJwt, SignJWT } from 'jose';
import type { BrowserContext, Page } from 'playwright-core';

/**
 * Issue 27: office members and admins set a second factor up at their first
 * sign-in. The journeys do it as a person would (through the API or the setup
 * screen) and keep, for this test file's product, each account's TOTP secret
 * and the trusted-device cookie the server gave; codes are computed here.
 */
const secrets = new Map<string, string>();
const deviceCookies = new Map<string, string>();
const lastSteps = new Map<string, number>();

export function rememberTotpSecret(email: string, secret: string): void {
  secrets.set(email, secret.replace(/\s+/g, ''));
}

export function deviceCookieOf(email: string): string | undefined {
  return deviceCookies.get(email);
}

export function rememberDeviceCookie(email: string, setCookie: string | null): void {
  if (setCookie) deviceCookies.set(email, setCookie.split(';')[0]!);
}

/**
 * A code the server has not taken yet: a code is accepted once per 30 s step,
 * so a second sign-in of the same account within one step waits for the next.
 */
export async function freshTotpCode(email: string): Promise<string> {
  const secret = secrets.get(email);
  if (!secret) throw new Error(`aucune double authentification connue pour ${email}`);
  const last = lastSteps.get(email) ?? -1;
  let step = Math.floor(Date.now() / 30_000);
  if (step <= last) {
    await new Promise((resolve) => setTimeout(resolve, (last + 1) * 30_000 - Date.now() + 200));
    step = Math.floor(Date.now() / 30_000);
  }
  lastSteps.set(email, step);
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * 30_000 + 1000 });
}

/** After "Se connecter": the code step or the setup screen when the account asks for them, then where the app lands. */
export async function passSecondFactorInBrowser(page: Page, email: string): Promise<void> {
  const setupTitle = page.getByRole('heading', { name: 'Configurer la double authentification' });
  const stepTitle = page.getByRole('heading', { name: 'Double authentification', exact: true });
  await page.waitForURL((url) => !url.pathname.startsWith('/login') || url.pathname === '/login/second-factor');
  if (page.url().includes('/second-factor/setup') || (await setupTitle.isVisible().catch(() => false))) {
    const keyText = await page.getByText('Clé à saisir à la main').innerText();
    rememberTotpSecret(email, keyText.split(':').pop()!);
    await page.getByLabel('Code affiché par l’application').fill(await freshTotpCode(email));
    await page.getByRole('button', { name: 'Activer la double authentification' }).click();
    await page.getByRole('button', { name: 'Continuer' }).click();
    return;
  }
  if (page.url().includes('/login/second-factor') || (await stepTitle.isVisible().catch(() => false))) {
    await page.getByLabel('Code de vérification').fill(await freshTotpCode(email));
    await page.getByRole('button', { name: 'Valider' }).click();
  }
}

/** The browser of a journey is the device that passed the second factor through the API: it gets that device's cookie. */
export async function trustThisDevice(context: BrowserContext, baseUrl: string, email: string): Promise<void> {
  const cookie = deviceCookies.get(email);
  if (!cookie) return;
  const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)];
  await context.addCookies([{ name, value, url: `${baseUrl}/api/users/login`, httpOnly: true, sameSite: 'Strict' }]);
}

/**
 * A session as it stands `minutesAgo` after its holder last proved themself: the same token,
 * re-signed with the product's secret (its DATA_DIR) and an older check time. The server's clock
 * cannot be moved in a journey; this is what a notary who signed in 10 minutes ago holds.
 */
export async function sessionCheckedMinutesAgo(dataDir: string, token: string, minutesAgo: number): Promise<string> {
  const secret = (await readFile(path.join(dataDir, 'jwt-secret'), 'utf8')).trim();
  const { iat, exp, sub, ...claims } = decodeJwt(token);
  return new SignJWT({ ...claims, chk: Math.floor(Date.now() / 1000) - minutesAgo * 60 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub!)
    .setIssuedAt(iat)
    .setExpirationTime(exp!)
    .sign(new TextEncoder().encode(secret));
}
