import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAccessibilityViolation } from './support/accessibility';
import { hasChromium, launchBrowser, newFrenchPage } from './support/browser';
import { startProduct, type RunningProduct } from './support/product';
import { freshTotpCode, rememberTotpSecret, sessionCheckedMinutesAgo } from './support/second-factor';

const NOTARY = { email: 'notaire@notadoo.fr', password: 'Notadoo-Notaire-2026!' };
const CLIENT = { email: 'client@notadoo.fr', password: 'Dossier2026' };

/**
 * Issue 27: the demo notary, who has no second factor yet, is stopped at the
 * setup screen at their first sign-in (phone width), sets TOTP up with the key
 * shown, keeps the backup codes, then signs in with a code, with a backup code
 * (once only), and is asked again before a sensitive action.
 */
describe.skipIf(!hasChromium)('second factor in the browser', () => {
  let product: RunningProduct;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let backupCodes: string[] = [];

  const phonePage = () => newFrenchPage(browser, product.url, contexts, { viewport: { width: 390, height: 844 } });

  async function typePassword(page: Page, account: { email: string; password: string }) {
    await page.goto(`${product.url}/login`);
    await page.getByLabel('Adresse email', { exact: true }).fill(account.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  }

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await product?.stop();
  });

  it('stops the notary at the setup screen until a second factor is set up, then shows the backup codes once', async () => {
    const page = await phonePage();
    await typePassword(page, NOTARY);
    await page.waitForURL('**/second-factor/setup');
    await page.getByRole('img', { name: 'QR code à scanner avec votre application d’authentification' }).waitFor();
    await expectNoAccessibilityViolation(page, 'mise en place de la double authentification (390 px)');
    // Nothing else opens meanwhile: the dashboard sends back here.
    await page.goto(`${product.url}/dashboard`);
    await page.waitForURL('**/second-factor/setup');
    const keyText = await page.getByText('Clé à saisir à la main').innerText();
    rememberTotpSecret(NOTARY.email, keyText.split(':').pop()!);
    await page.getByLabel('Code affiché par l’application').fill('12');
    await page.getByRole('button', { name: 'Activer la double authentification' }).click();
    await page.getByText('Le code doit comporter 6 chiffres.').waitFor();
    await page.getByLabel('Code affiché par l’application').fill(await freshTotpCode(NOTARY.email));
    await page.getByRole('button', { name: 'Activer la double authentification' }).click();
    const list = page.getByRole('list', { name: 'Codes de secours' });
    await list.waitFor();
    backupCodes = (await list.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
    expect(backupCodes).toHaveLength(10);
    await expectNoAccessibilityViolation(page, 'codes de secours (390 px)');
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.waitForURL('**/dashboard');
  });

  it('asks the code at the next sign-in on another device, keyboard only, and refuses a wrong one', async () => {
    const page = await phonePage();
    await typePassword(page, NOTARY);
    await page.waitForURL('**/login/second-factor');
    const field = page.getByLabel('Code de vérification');
    // The page (and its title) once drawn, not the address alone.
    await field.waitFor();
    await expectNoAccessibilityViolation(page, 'étape du code (390 px)');
    expect(await field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('000000');
    await page.keyboard.press('Enter');
    await page.getByText(/Code incorrect ou déjà utilisé/).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await field.fill(await freshTotpCode(NOTARY.email));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard');
  });

  it('takes a backup code once, then refuses it', async () => {
    const first = await phonePage();
    await typePassword(first, NOTARY);
    await first.waitForURL('**/login/second-factor');
    await first.getByLabel('Code de vérification').fill(backupCodes[0]!);
    await first.getByRole('button', { name: 'Valider' }).click();
    await first.waitForURL('**/dashboard');

    const second = await phonePage();
    await typePassword(second, NOTARY);
    await second.waitForURL('**/login/second-factor');
    await second.getByLabel('Code de vérification').fill(backupCodes[0]!);
    await second.getByRole('button', { name: 'Valider' }).click();
    await second.getByText(/Code incorrect ou déjà utilisé/).waitFor();

    // The profile counts what is left, and says the factor cannot be removed by an office member.
    await first.goto(`${product.url}/profile`);
    const security = first.getByRole('region', { name: 'Sécurité' });
    await security.getByText('Codes de secours restants : 9 sur 10.').waitFor();
    expect(await security.getByRole('button', { name: 'Désactiver la double authentification' }).count()).toBe(0);
  });

  it('lets a client turn it on from the profile, and asks the code again, 5 minutes later, before new backup codes', async () => {
    const page = await phonePage();
    await typePassword(page, CLIENT);
    await page.waitForURL('**/dashboard');
    await page.goto(`${product.url}/profile`);
    const security = page.getByRole('region', { name: 'Sécurité' });
    await security.getByRole('button', { name: 'Activer la double authentification' }).click();
    const keyText = await security.getByText('Clé à saisir à la main').innerText();
    rememberTotpSecret(CLIENT.email, keyText.split(':').pop()!);
    await security.getByLabel('Code affiché par l’application').fill(await freshTotpCode(CLIENT.email));
    await security.getByRole('button', { name: 'Activer la double authentification' }).click();
    await security.getByRole('list', { name: 'Codes de secours' }).waitFor();
    await security.getByRole('button', { name: 'Terminer' }).click();
    await security.getByText('Activée', { exact: true }).waitFor();

    // Ten minutes later (the session re-signed with an older check), new backup codes ask the code again.
    const token = (await page.context().cookies()).find((c) => c.name === 'authToken')!.value;
    await page.context().addCookies([{ name: 'authToken', value: await sessionCheckedMinutesAgo(product.dataDir, token, 10), url: product.url }]);
    await page.reload();
    await page.getByRole('region', { name: 'Sécurité' }).getByRole('button', { name: 'Générer de nouveaux codes de secours' }).click();
    const reauth = page.getByRole('dialog', { name: 'Confirmez votre identité' });
    await reauth.waitFor();
    await expectNoAccessibilityViolation(page, 'confirmation d’identité (390 px)');
    await reauth.getByLabel('Code de vérification').fill(await freshTotpCode(CLIENT.email));
    await reauth.getByRole('button', { name: 'Confirmer' }).click();
    await page.getByRole('region', { name: 'Sécurité' }).getByRole('list', { name: 'Codes de secours' }).waitFor();
  });
});
