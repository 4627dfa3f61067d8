import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAccessibilityViolation } from './support/accessibility';
import { callApi } from './support/api';
import { passSecondFactorInBrowser } from './support/second-factor';
import { hasChromium, launchBrowser, newPageWithoutTours } from './support/browser';
import { startProduct, type RunningProduct } from './support/product';

const CLIENT = { email: 'client@notadoo.fr', password: 'Dossier2026', name: 'Claire Dubois' };
const NOTARY = { email: 'notaire@notadoo.fr', password: 'Notadoo-Notaire-2026!' };
const PARIS_OFFICE_ID = 1;
const QUESTION = 'Bonjour Maître, faut-il fournir le diagnostic termites pour la vente ?';
const FOLLOW_UP = 'Et pour le diagnostic amiante ?';
const ANSWER = 'Bonjour, oui : le bien est en zone à risque, il vous faut un état de moins de 6 mois.';
const ATTACHED = ['modele-diagnostic.pdf', 'liste-diagnostiqueurs.pdf'];

/** A small but well-formed PDF, as the server's check wants one. */
function smallPdf(title: string): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog /Title (${title}) >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
}

/**
 * Talking inside the file (issue 28): a client asks the office a question
 * in their private thread, at phone width; the notary sees it unread,
 * answers with two files; the client sees the answer and its files arrive, and
 * that the office read theirs.
 */
describe.skipIf(!hasChromium)('messages between a client and the office in the browser', () => {
  let product: RunningProduct;
  let browser: Browser;
  let projectId: number;
  let clientPage: Page;
  const contexts: BrowserContext[] = [];
  const api = <T>(method: string, path: string, body: unknown, token?: string) => callApi<T>(product.url, method, path, body, token);

  async function openMessages(page: Page, account: { email: string; password: string }) {
    await page.goto(`${product.url}/login`);
    await page.getByLabel('Adresse email', { exact: true }).fill(account.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    // Issue 27: the notary sets the second factor up the first time, then gives the code.
    await passSecondFactorInBrowser(page, account.email);
    await page.waitForURL('**/dashboard');
    await page.goto(`${product.url}/project/${projectId}/dashboard`);
    await page.getByRole('tab', { name: /^Messages/ }).click();
  }

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    const { token } = await api<{ token: string }>('POST', 'users/login', { login: CLIENT.email, password: CLIENT.password });
    ({ id: projectId } = await api<{ id: number }>('POST', 'project', { name: 'Vente maison Dubois', type: 'realty', subtype: 'house', role: 'seller' }, token));
    await api('PATCH', `project/${projectId}`, { office: PARIS_OFFICE_ID }, token);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await product?.stop();
  });

  it('lets the client ask the office a question at phone width', async () => {
    clientPage = await newPageWithoutTours(browser, product.url, contexts);
    await clientPage.setViewportSize({ width: 390, height: 844 });
    await openMessages(clientPage, CLIENT);
    const conversations = clientPage.getByRole('navigation', { name: 'Conversations du dossier' });
    await conversations.getByRole('button', { name: /Tout le monde/ }).waitFor();
    await clientPage.getByText('Aucun message pour l’instant.', { exact: false }).waitFor();
    await conversations.getByRole('button', { name: /Moi et l'office notarial/ }).click();
    await clientPage.getByRole('heading', { name: "Moi et l'office notarial" }).waitFor();
    await clientPage.getByLabel('Votre message').fill(QUESTION);
    await clientPage.getByRole('button', { name: 'Envoyer' }).click();
    const mine = clientPage.getByRole('list', { name: "Messages : Moi et l'office notarial" }).getByRole('listitem');
    await mine.filter({ hasText: QUESTION }).waitFor();
    await mine.filter({ hasText: QUESTION }).getByText('Envoyé, pas encore lu').waitFor();
    await expect.poll(() => clientPage.getByLabel('Votre message').inputValue()).toBe('');
    // A send that fails on the network loses nothing: the text stays, and "Réessayer" sends it.
    await clientPage.context().setOffline(true);
    await clientPage.getByLabel('Votre message').fill(FOLLOW_UP);
    await clientPage.getByRole('button', { name: 'Envoyer' }).click();
    await clientPage.getByRole('alert').filter({ hasText: "Le message n'a pas été envoyé" }).waitFor();
    expect(await clientPage.getByLabel('Votre message').inputValue()).toBe(FOLLOW_UP);
    await clientPage.context().setOffline(false);
    await clientPage.getByRole('button', { name: 'Réessayer' }).click();
    await mine.filter({ hasText: FOLLOW_UP }).waitFor();
    await expect.poll(() => clientPage.getByLabel('Votre message').inputValue()).toBe('');
    // Nothing wider than the phone.
    expect(await clientPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAccessibilityViolation(clientPage, 'les messages, à 390 px');
  });

  it('shows the notary the unread question and lets them answer', async () => {
    const page = await newPageWithoutTours(browser, product.url, contexts);
    await openMessages(page, NOTARY);
    const thread = page.getByRole('navigation', { name: 'Conversations du dossier' }).getByRole('button', { name: new RegExp(`${CLIENT.name} et l'office`) });
    await thread.getByText('2 non lus').waitFor();
    await thread.click();
    await page.getByText(QUESTION).waitFor();
    await page.getByLabel('Votre message').fill(ANSWER);
    await page.getByLabel('Fichiers joints (facultatif)').setInputFiles(ATTACHED.map((name) => ({ name, mimeType: 'application/pdf', buffer: smallPdf(name) })));
    await page.getByRole('list', { name: 'Fichiers joints au message' }).getByRole('button', { name: `Retirer ${ATTACHED[1]}` }).waitFor();
    await page.getByLabel('Votre message').press('Control+Enter');
    const sent = page.getByRole('listitem').filter({ hasText: ANSWER });
    await sent.waitFor();
    for (const name of ATTACHED) await sent.getByRole('button', { name: new RegExp(`Télécharger ${name}`) }).waitFor();
    await expectNoAccessibilityViolation(page, 'les messages du notaire');
  });

  it('lets the client see the answer arrive, announced, and that the office read the question', async () => {
    const answer = clientPage.getByRole('listitem').filter({ hasText: ANSWER });
    await answer.waitFor({ timeout: 30_000 });
    await answer.getByText('Office notarial').waitFor();
    for (const name of ATTACHED) await answer.getByRole('button', { name: new RegExp(`Télécharger ${name}`) }).waitFor();
    await clientPage.getByRole('status').filter({ hasText: `Nouveau message de` }).waitFor({ state: 'attached', timeout: 15_000 });
    await clientPage.getByRole('listitem').filter({ hasText: QUESTION }).getByText(/^Lu par l'office le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}$/).waitFor({ timeout: 30_000 });
  });
});
