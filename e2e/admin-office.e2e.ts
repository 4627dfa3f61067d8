import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAccessibilityViolation } from './support/accessibility';
import { callApi } from './support/api';
import { hasChromium, launchBrowser } from './support/browser';
import { startProduct, type RunningProduct } from './support/product';
import { signInThroughLoginPage } from './support/sign-in';

/**
 * Issue 23: an admin finds a new notary by a part of their name typed without
 * accents, attaches them to an office from the users table, and the notary
 * then finds the office's file on their dashboard by words across
 * punctuation; the billing screen says why a range gives nothing. On a
 * phone's width.
 */
describe.skipIf(!hasChromium)('an office for a new notary, searches and the billing range in the browser', () => {
  let product: RunningProduct;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let admin: Page;
  const notary = { email: 'louise.heritiere@etude-lyon.fr', password: 'Notadoo-Notaire-2026!' };

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 390, height: 844 } });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    return page;
  }

  const signIn = (page: Page, email: string, password: string) => signInThroughLoginPage(page, product.url, { email, password });

  const usersRows = (page: Page) => page.getByRole('table', { name: 'Utilisateurs' }).locator('tbody tr');

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    // The notary signs up as anyone does; a client opens a file and chooses the Lyon office.
    await callApi(product.url, 'POST', 'users/signup', {
      login: notary.email,
      email: notary.email,
      password: notary.password,
      passwordConfirm: notary.password,
      firstName: 'Louise',
      lastName: 'Héritière',
      intermediary: 'no',
    });
    const { token } = await callApi<{ token: string }>(product.url, 'POST', 'users/login', { login: 'client@notadoo.fr', password: 'Dossier2026' });
    const offices = await callApi<Array<{ id: number; city: string }>>(product.url, 'GET', 'notaryoffices');
    const lyon = offices.find((o) => o.city === 'Lyon')!;
    for (const name of ['Les Lilas, Paris', 'Vente Montreuil']) {
      const { id } = await callApi<{ id: number }>(product.url, 'POST', 'project', { name, type: 'realty', subtype: 'house', role: 'seller' }, token);
      await callApi(product.url, 'PATCH', `project/${id}`, { office: lyon.id }, token);
    }
    admin = await newPage();
    await signIn(admin, 'admin@notadoo.fr', 'Notadoo-Admin-2026!');
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await product?.stop();
  });

  it('finds users by a part of their e-mail and by a name typed without its accents', async () => {
    await admin.goto(`${product.url}/admin`);
    const search = admin.getByLabel('Rechercher un utilisateur');
    await search.fill('notadoo.fr');
    await admin.waitForFunction(() => document.querySelectorAll('table[aria-label="Utilisateurs"] tbody tr').length === 4);
    expect(await usersRows(admin).allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining('admin@notadoo.fr'), expect.stringContaining('client@notadoo.fr')]));
    await search.fill('heritiere');
    await admin.waitForFunction(() => document.querySelectorAll('table[aria-label="Utilisateurs"] tbody tr').length === 1);
    expect(await usersRows(admin).first().innerText()).toContain(notary.email);
  });

  it('attaches the new notary to the Lyon office from the users table, which then shows it', async () => {
    const picker = admin.getByRole('combobox', { name: 'Office notarial : Louise Héritière' });
    expect(await picker.inputValue()).toBe('Aucun office');
    await picker.click();
    await admin.getByRole('option', { name: 'Lyon', exact: true }).click();
    await admin.getByText("Louise Héritière est désormais rattaché(e) à l'office de Lyon.").waitFor();
    // Read again from the server.
    await admin.reload();
    await admin.getByLabel('Rechercher un utilisateur').fill('héritière louise');
    await admin.waitForFunction(() => document.querySelectorAll('table[aria-label="Utilisateurs"] tbody tr').length === 1);
    const reloaded = admin.getByRole('combobox', { name: 'Office notarial : Louise Héritière' });
    await admin.waitForFunction(() => (document.querySelector<HTMLInputElement>('input[aria-label="Office notarial : Louise Héritière"]')?.value ?? '') === 'Lyon');
    expect(await reloaded.inputValue()).toBe('Lyon');
    await expectNoAccessibilityViolation(admin, "tableau des utilisateurs avec l'office (390 px)");
  });

  it("lets the notary find the office's file on the dashboard by words across punctuation", async () => {
    const page = await newPage();
    await signIn(page, notary.email, notary.password);
    const search = page.getByRole('searchbox', { name: 'Rechercher un dossier' });
    await search.fill('lilas paris');
    await page.getByText('Les Lilas, Paris').first().waitFor();
    await page.waitForFunction(() => !document.body.innerText.includes('Vente Montreuil'));
    await search.fill('montreuil vente');
    await page.getByText('Vente Montreuil').first().waitFor();
  });

  it('says why a billing range gives nothing instead of "0 dossier"', async () => {
    await admin.goto(`${product.url}/admin?tab=billing`);
    await admin.getByText(/dossiers? ouverts? sur la période/).waitFor();
    const year = new Date().getFullYear();
    await admin.getByLabel('Au', { exact: true }).fill(`${year - 1}-06-30`);
    const alert = admin.getByRole('alert').filter({ hasText: 'La date de début doit précéder la date de fin.' });
    await alert.waitFor();
    expect(await admin.getByText(/dossiers? ouverts? sur la période/).count()).toBe(0);
    expect(await admin.getByRole('button', { name: 'Exporter en CSV' }).isDisabled()).toBe(true);
    await expectNoAccessibilityViolation(admin, 'facturation, période inversée (390 px)');
    await admin.getByLabel('Au', { exact: true }).fill(`${year}-12-31`);
    await admin.getByText('2 dossiers ouverts sur la période').waitFor();
  });
});
