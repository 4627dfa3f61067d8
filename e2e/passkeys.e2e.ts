import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAccessibilityViolation } from './support/accessibility';
import { hasChromium, launchBrowser, newFrenchPage } from './support/browser';
import { startProduct, type RunningProduct } from './support/product';
import { sessionCheckedMinutesAgo } from './support/second-factor';
import { signInThroughLoginPage } from './support/sign-in';
import { addVirtualAuthenticator, type VirtualAuthenticator } from './support/virtual-authenticator';

const NOTARY = { email: 'notaire@notadoo.fr', password: 'Notadoo-Notaire-2026!' };
const ADMIN = { email: 'admin@notadoo.fr', password: 'Notadoo-Admin-2026!' };

/**
 * Issue 27: the demo notary, at the setup screen of their first sign-in,
 * makes a passkey on this computer (a virtual authenticator of Chromium's
 * DevTools WebAuthn domain), signs out, signs in with the passkey alone, and
 * answers a re-authentication with it. Then an admin resets the notary's
 * second factor from the admin screen: the next sign-in asks for a new one.
 */
describe.skipIf(!hasChromium)('passkeys in the browser', () => {
  let product: RunningProduct;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let page: Page;
  let device: VirtualAuthenticator;

  async function typePassword(target: Page, account: { email: string; password: string }) {
    await target.goto(`${product.url}/login`);
    await target.getByLabel('Adresse email', { exact: true }).fill(account.email);
    await target.getByLabel('Mot de passe', { exact: true }).fill(account.password);
    await target.getByRole('button', { name: 'Se connecter', exact: true }).click();
  }

  /** Signs out (the session cookie gone), then opens the login page. */
  async function signOut() {
    await page.goto(`${product.url}/logout`);
    await page.waitForURL((url) => url.pathname === '/');
    expect((await page.context().cookies()).some((c) => c.name === 'authToken')).toBe(false);
    await page.goto(`${product.url}/login`);
  }

  beforeAll(async () => {
    product = await startProduct({ publicHost: 'localhost' });
    browser = await launchBrowser();
    page = await newFrenchPage(browser, product.url, contexts);
    device = await addVirtualAuthenticator(page);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await product?.stop();
  });

  it('lets the notary make a passkey at the setup screen instead of the app', async () => {
    await typePassword(page, NOTARY);
    await page.waitForURL('**/second-factor/setup');
    const form = page.getByRole('form', { name: 'Ajouter une clé d’accès' });
    await form.waitFor();
    await expectNoAccessibilityViolation(page, 'mise en place avec une clé d’accès');
    // A passkey needs a name.
    await form.getByRole('button', { name: 'Créer une clé d’accès' }).click();
    await form.getByText('Donnez un nom à cette clé d’accès').waitFor();
    await form.getByLabel('Nom de la clé d’accès').fill('Ordinateur du bureau');
    await form.getByRole('button', { name: 'Créer une clé d’accès' }).click();
    await page.waitForURL('**/dashboard');
    const credentials = await device.credentials();
    expect(credentials).toHaveLength(1);
    expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });

    await page.goto(`${product.url}/profile`);
    const security = page.getByRole('region', { name: 'Sécurité' });
    await security.getByRole('list', { name: 'Vos clés d’accès' }).getByText('Ordinateur du bureau').waitFor();
  });

  it('signs the notary in with the passkey alone, without address nor password', async () => {
    await signOut();
    await page.getByRole('button', { name: 'Se connecter avec une clé d’accès' }).click();
    await page.waitForURL('**/dashboard');
    const signCount = (await device.credentials())[0]!.signCount;
    expect(signCount).toBeGreaterThan(0);
    await page.goto(`${product.url}/profile`);
    await page.getByRole('region', { name: 'Sécurité' }).getByText(/dernière utilisation le/).waitFor();
  });

  it('answers a re-authentication with the passkey, 10 minutes after the sign-in', async () => {
    const token = (await page.context().cookies()).find((c) => c.name === 'authToken')!.value;
    await page.context().addCookies([{ name: 'authToken', value: await sessionCheckedMinutesAgo(product.dataDir, token, 10), url: product.url }]);
    await page.goto(`${product.url}/profile`);
    const security = page.getByRole('region', { name: 'Sécurité' });
    // Removing a passkey is a sensitive action: the server asks again.
    await security.getByRole('button', { name: 'Retirer la clé d’accès « Ordinateur du bureau »' }).click();
    const confirm = page.getByRole('dialog', { name: 'Retirer cette clé d’accès ?' });
    await confirm.getByRole('button', { name: 'Retirer la clé d’accès' }).click();
    const reauth = page.getByRole('dialog', { name: 'Confirmez votre identité' });
    await reauth.waitFor();
    await expectNoAccessibilityViolation(page, 'confirmation d’identité avec une clé d’accès');
    // Passkeys only: no password field stands for them.
    expect(await reauth.getByLabel('Mot de passe').count()).toBe(0);
    const before = (await device.credentials())[0]!.signCount;
    await reauth.getByRole('button', { name: 'Utiliser une clé d’accès' }).click();
    await reauth.waitFor({ state: 'detached' });
    expect((await device.credentials())[0]!.signCount).toBeGreaterThan(before);
    // The call went on, checked now: an office member keeps their last factor, said in French.
    await security.getByText(/ajoutez une autre clé d’accès ou une application d’authentification avant de retirer la dernière/).waitFor();
    await security.getByRole('list', { name: 'Vos clés d’accès' }).getByText('Ordinateur du bureau').waitFor();
  });

  it('lets an admin reset the notary’s second factor from the admin screen; the notary sets one up again', async () => {
    const admin = await newFrenchPage(browser, product.url, contexts);
    await signInThroughLoginPage(admin, product.url, ADMIN);
    await admin.goto(`${product.url}/admin`);
    await admin.getByRole('button', { name: 'Réinitialiser la double authentification : Nicolas Bernard' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Réinitialiser la double authentification' });
    await dialog.getByText(/les clés d’accès de Nicolas Bernard ne seront plus acceptés/).waitFor();
    await dialog.getByRole('button', { name: 'Réinitialiser' }).click();
    await admin.getByText('La double authentification de ce compte a été réinitialisée ; un mail l’en informe.').waitFor();
    expect(await product.mailTo(NOTARY.email)).toContain('Subject:');

    // The passkey left on the computer no longer opens the account.
    await signOut();
    await page.getByRole('button', { name: 'Se connecter avec une clé d’accès' }).click();
    await page.getByRole('alert').getByText(/Connexion par clé d’accès refusée/).waitFor();
    // The password leads to the setup screen again.
    await typePassword(page, NOTARY);
    await page.waitForURL('**/second-factor/setup');
    await page.getByRole('heading', { name: 'Configurer la double authentification' }).waitFor();
  });
});
