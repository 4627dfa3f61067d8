import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { decodeJwt, SignJWT } from 'jose';
import { Secret, TOTP } from 'otpauth';
import type { BrowserContext, Locator, Page } from '@playwright/test';

const STEP_MS = 30_000;

/**
 * Issue 27: office members and admins set a second factor up at their first
 * sign-in. The journeys do it as a person would (through the API or the setup
 * screen); this keeps, for one running product, each account's TOTP secret,
 * the last time step its codes used and the trusted-device cookie the server
 * gave. Codes are computed here.
 */
export class SecondFactorMemory {
  private readonly secrets = new Map<string, string>();
  private readonly deviceCookies = new Map<string, string>();
  private readonly lastSteps = new Map<string, number>();
  private readonly backupCodes = new Map<string, string[]>();

  constructor(private readonly dataDir: string) {}

  rememberTotpSecret(email: string, secret: string): void {
    this.secrets.set(email, secret.replace(/\s+/g, ''));
  }

  /** The backup codes the server gave when the account's TOTP was set up through the API. */
  backupCodesOf(email: string): string[] {
    const codes = this.backupCodes.get(email);
    if (!codes) throw new Error(`aucun code de secours connu pour ${email}`);
    return codes;
  }

  rememberBackupCodes(email: string, codes: string[]): void {
    this.backupCodes.set(email, codes);
  }

  deviceCookieOf(email: string): string | undefined {
    return this.deviceCookies.get(email);
  }

  rememberDeviceCookie(email: string, setCookie: string | null): void {
    if (setCookie) this.deviceCookies.set(email, setCookie.split(';')[0]!);
  }

  /**
   * A code the server has not taken yet. The server accepts the code of the
   * current step or of the steps either side of it, and each step once for an
   * account: a second code within one step is the next step's. Only a third
   * within one step waits for the clock to reach the next one.
   */
  async freshTotpCode(email: string): Promise<string> {
    const secret = this.secrets.get(email);
    if (!secret) throw new Error(`aucune double authentification connue pour ${email}`);
    const next = (this.lastSteps.get(email) ?? -1) + 1;
    while (next > Math.floor(Date.now() / STEP_MS) + 1) await new Promise((resolve) => setTimeout(resolve, 250));
    const step = Math.max(next, Math.floor(Date.now() / STEP_MS));
    this.lastSteps.set(email, step);
    return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * STEP_MS + 1000 });
  }

  /** The browser of a journey is the device that passed the account's second factor through the API: it gets that device's cookie. */
  async trustThisDevice(context: BrowserContext, baseUrl: string, email: string): Promise<void> {
    const cookie = this.deviceCookies.get(email);
    if (!cookie) return;
    const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)];
    await context.addCookies([{ name, value, url: `${baseUrl}/api/users/login`, httpOnly: true, sameSite: 'Strict' }]);
  }

  /**
   * A session as it stands `minutesAgo` after its holder last proved themself: the same token,
   * re-signed with the product's secret (its DATA_DIR) and an older check time. The server's clock
   * cannot be moved in a journey; this is what a notary who signed in 10 minutes ago holds.
   */
  async sessionCheckedMinutesAgo(token: string, minutesAgo: number): Promise<string> {
    const secret = (await readFile(path.join(this.dataDir, 'jwt-secret'), 'utf8')).trim();
    const { iat, exp, sub, ...claims } = decodeJwt(token);
    return new SignJWT({ ...claims, chk: Math.floor(Date.now() / 1000) - minutesAgo * 60 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub!)
      .setIssuedAt(iat!)
      .setExpirationTime(exp!)
      .sign(new TextEncoder().encode(secret));
  }
}

/** The secret of the « Clé à saisir à la main » line of a setup screen. */
export async function totpSecretShown(where: Page | Locator): Promise<string> {
  const keyText = await where.getByText('Clé à saisir à la main').innerText();
  return keyText.split(':').pop()!;
}

/**
 * After "Se connecter": the code step or the setup screen when the account asks for them, then where the app lands.
 * `landed` is the signed-in page as it shows once the server has answered its first calls: the decision waits for
 * it, the code step's heading or the setup screen's. Leaving /login decides nothing: the app may land on the
 * dashboard first and be sent to the setup screen only when the dashboard's first call is refused.
 */
export async function passSecondFactorInBrowser(page: Page, memory: SecondFactorMemory, email: string, landed: Locator): Promise<void> {
  const setupTitle = page.getByRole('heading', { name: 'Configurer la double authentification' });
  const stepTitle = page.getByRole('heading', { name: 'Double authentification', exact: true });
  await setupTitle.or(stepTitle).or(landed).first().waitFor();
  if (await setupTitle.isVisible()) {
    memory.rememberTotpSecret(email, await totpSecretShown(page));
    await page.getByLabel('Code affiché par l’application').fill(await memory.freshTotpCode(email));
    await page.getByRole('button', { name: 'Activer la double authentification' }).click();
    await page.getByRole('button', { name: 'Continuer' }).click();
    return;
  }
  if (await stepTitle.isVisible()) {
    await page.getByLabel('Code de vérification').fill(await memory.freshTotpCode(email));
    await page.getByRole('button', { name: 'Valider' }).click();
  }
}
