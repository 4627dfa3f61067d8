import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser } from './support/browser';
import { expectNoAccessibilityViolation } from './support/accessibility';
import { linkIn, startProduct, type RunningProduct } from './support/product';
import { signInThroughLoginPage } from './support/sign-in';

describe.skipIf(!hasChromium)('account journey in the browser', () => {
  let product: RunningProduct;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    page = await (await browser.newContext({ locale: 'fr-FR' })).newPage();
    page.setDefaultTimeout(15_000);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  const email = 'camille.roux@exemple.fr';
  const password = 'Lavande2026';

  it('signs up, with the submit button enabled only once the password rules hold', async () => {
    await page.goto(`${product.url}/signup`);
    await expectNoAccessibilityViolation(page);
    await page.getByLabel('Prénom', { exact: true }).fill('Camille');
    await page.getByLabel('Nom', { exact: true }).fill('Roux');
    await page.getByLabel('Adresse email', { exact: true }).fill(email);
    const submit = page.getByRole('button', { name: 'Créer mon compte' });
    await page.getByLabel('Mot de passe', { exact: true }).fill('court1');
    await page.getByLabel('Confirmation du mot de passe', { exact: true }).fill('court1');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Mot de passe', { exact: true }).fill(password);
    await page.getByLabel('Confirmation du mot de passe', { exact: true }).fill(password);
    await page.getByLabel("J'accepte les conditions d'utilisation").check();
    expect(await submit.isEnabled()).toBe(true);
    await submit.click();
    await page.waitForURL('**/dashboard');
    await page.getByText('Merci de confirmer votre adresse email.').waitFor();
    await expectNoAccessibilityViolation(page);
  });

  it('confirms the e-mail through the link of the written mail', async () => {
    // Written by the mail outbox worker right after the signup is committed.
    const mail = await product.mailTo(email);
    const link = linkIn(mail, '/email/confirm?');
    expect(link.startsWith(product.url)).toBe(true);
    await page.goto(link);
    await page.getByText('Votre adresse email a été confirmée avec succès.').waitFor();
    await expectNoAccessibilityViolation(page);
    await page.getByRole('link', { name: 'Accéder à mon tableau de bord' }).click();
    await page.waitForURL('**/dashboard');
    expect(await page.getByText('Merci de confirmer votre adresse email.').count()).toBe(0);
  });

  it('signs out through the user menu and reaches the homepage', async () => {
    await page.getByRole('button', { name: /Menu utilisateur/ }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await page.waitForURL(`${product.url}/`, { timeout: 10_000 });
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'authToken')).toBeUndefined();
    await page.goto(`${product.url}/dashboard`);
    await page.waitForURL('**/login');
  });

  it('refuses a wrong password, then signs in again with the right one', async () => {
    await page.getByLabel('Adresse email', { exact: true }).fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill('Mauvais2026');
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await page.getByText('Impossible de se connecter. Merci de vérifier vos identifiants.').waitFor();
    await expectNoAccessibilityViolation(page);
    await page.getByLabel('Mot de passe', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: /Menu utilisateur de Camille Roux/ }).waitFor();
  });

  it('lets a demo account sign in', async () => {
    const context = await browser.newContext({ locale: 'fr-FR' });
    const other = await context.newPage();
    await signInThroughLoginPage(other, product.url, { email: 'notaire@notadoo.fr', password: 'Notadoo-Notaire-2026!' });
    await other.getByRole('button', { name: /Menu utilisateur de Nicolas Bernard/ }).waitFor();
    await context.close();
  });
});
