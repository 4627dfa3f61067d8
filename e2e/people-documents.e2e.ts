import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, newPageWithoutTours } from './support/browser';
import { expectNoAccessibilityViolation } from './support/accessibility';
import { callApi } from './support/api';
import { linkIn, startProduct, type RunningProduct } from './support/product';
import { signInThroughLoginPage } from './support/sign-in';

const CLIENT = { email: 'client@notadoo.fr', password: 'Dossier2026' };
const NOTARY = { email: 'notaire@notadoo.fr', password: 'Notadoo-Notaire-2026!' };
const BUYER = { firstName: 'Louise', lastName: 'Garnier', email: 'louise.garnier@exemple.fr', password: 'Achat2026' };
const PARIS_OFFICE_ID = 1;

/** A small but real PDF, padded so that sending it takes a moment. */
function identityCardPdf(): Buffer {
  const padding = `%${'0'.repeat(1022)}\n`.repeat(512);
  return Buffer.from(`%PDF-1.4\n${padding}1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
}

const api = <T>(product: RunningProduct, method: string, path: string, body: unknown, token?: string) => callApi<T>(product.url, method, path, body, token);

describe.skipIf(!hasChromium)('people and documents of a project in the browser', () => {
  let product: RunningProduct;
  let browser: Browser;
  let projectId: number;
  const contexts: BrowserContext[] = [];

  const newPage = () => newPageWithoutTours(browser, product.url, contexts);

  const signIn = (page: Page, account: { email: string; password: string }) => signInThroughLoginPage(page, product.url, account);

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    const { token } = await api<{ token: string }>(product, 'POST', 'users/login', { login: CLIENT.email, password: CLIENT.password });
    ({ id: projectId } = await api<{ id: number }>(product, 'POST', 'project', { name: 'Vente appartement Garnier', type: 'realty', subtype: 'appt', role: 'seller' }, token));
    await api(product, 'PATCH', `project/${projectId}`, { office: PARIS_OFFICE_ID }, token);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await product?.stop();
  });

  it('lets the client invite a buyer from the Persons tab', async () => {
    const page = await newPage();
    await signIn(page, CLIENT);
    await page.goto(`${product.url}/project/${projectId}/dashboard`);
    await page.getByRole('tab', { name: 'Personnes' }).click();
    const buyers = page.getByRole('region', { name: 'Acquéreurs' });
    await buyers.getByText("Il n'y a personne dans cette catégorie pour l'instant.").waitFor();
    await expectNoAccessibilityViolation(page);
    await buyers.getByRole('button', { name: 'Ajouter une personne' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter une personne' });
    await dialog.getByLabel('Prénom', { exact: true }).fill(BUYER.firstName);
    await dialog.getByLabel('Nom', { exact: true }).fill(BUYER.lastName);
    await dialog.getByLabel('Adresse email', { exact: true }).fill(BUYER.email);
    expect(await dialog.getByRole('combobox', { name: /^Rôle/ }).inputValue()).toBe('buyer');
    await dialog.getByRole('button', { name: 'Ajouter' }).click();
    await page.getByText('Opération réalisée avec succès.').waitFor();
    const card = buyers.getByRole('article', { name: `${BUYER.firstName} ${BUYER.lastName}` });
    await card.getByText('Jamais connecté(e)').waitFor();
    await expectNoAccessibilityViolation(page);
  });

  it('lets the buyer sign up through the invitation and upload an identity card with a progress bar', async () => {
    // Written by the mail outbox worker right after the person is added.
    const mail = await product.mailTo(BUYER.email);
    const link = linkIn(mail, '/signup?');
    expect(link).toContain('invitation=');

    const page = await newPage();
    await page.goto(link);
    expect(await page.getByLabel('Adresse email', { exact: true }).inputValue()).toBe(BUYER.email);
    await expectNoAccessibilityViolation(page);
    await page.getByLabel('Prénom', { exact: true }).fill(BUYER.firstName);
    await page.getByLabel('Nom', { exact: true }).fill(BUYER.lastName);
    await page.getByLabel('Mot de passe', { exact: true }).fill(BUYER.password);
    await page.getByLabel('Confirmation du mot de passe', { exact: true }).fill(BUYER.password);
    await page.getByLabel("J'accepte les conditions d'utilisation").check();
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.waitForURL('**/dashboard');

    // The invitation linked the account: the project opens, on its Documents tab.
    await page.goto(`${product.url}/project/${projectId}/dashboard`);
    const own = page.getByRole('group', { name: `Documents de ${BUYER.firstName} ${BUYER.lastName}` });
    await own.getByRole('button', { name: 'Ajouter un document' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Ajouter un document' });
    await addDialog.getByPlaceholder('Rechercher un type de fichier').fill("Carte nationale");
    await addDialog.getByRole('option', { name: "Carte nationale d'identité" }).click();
    await expectNoAccessibilityViolation(page, 'la fenêtre Ajouter un document');
    await addDialog.getByRole('button', { name: 'Ajouter' }).click();
    const drawer = own.getByRole('article', { name: "Carte nationale d'identité" });
    await drawer.getByRole('button', { name: 'Ajouter un fichier' }).click();

    // A slow upload link, so that the bar can be seen moving whatever the machine's speed.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
    const upload = page.getByRole('dialog', { name: 'Ajouter un fichier' });
    await upload.waitFor();
    await expectNoAccessibilityViolation(page, 'la fenêtre Ajouter un fichier');
    await upload.getByLabel('Fichier', { exact: true }).setInputFiles({ name: 'carte-identite.pdf', mimeType: 'application/pdf', buffer: identityCardPdf() });
    await upload.getByRole('button', { name: 'Envoyer' }).click();
    await upload.getByText(/^Envoi en cours…/).waitFor();
    const bar = upload.getByRole('progressbar', { name: 'Envoi du fichier' });
    expect(await bar.getAttribute('aria-valuemax')).toBe('100');
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 10_000 }).toBeGreaterThan(0);
    // Not closable while sending.
    await page.keyboard.press('Escape');
    expect(await upload.isVisible()).toBe(true);
    await upload.waitFor({ state: 'detached', timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await drawer.getByText('carte-identite.pdf', { exact: true }).waitFor();
    await expectNoAccessibilityViolation(page);
  });

  it('lets the demo notary download the file in a new tab', async () => {
    const page = await newPage();
    await signIn(page, NOTARY);
    await page.goto(`${product.url}/project/${projectId}/dashboard`);
    const drawer = page
      .getByRole('group', { name: `Documents de ${BUYER.firstName} ${BUYER.lastName}` })
      .getByRole('article', { name: "Carte nationale d'identité" });
    const context = page.context();
    const [response] = await Promise.all([
      context.waitForEvent('response', (r) => r.url().includes('/api/get_file/')),
      context.waitForEvent('page'),
      drawer.getByRole('button', { name: 'Télécharger carte-identite.pdf' }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
  });
});
