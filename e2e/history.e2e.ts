import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAccessibilityViolation } from './support/accessibility';
import { callApi, signInToken } from './support/api';
import { signInThroughLoginPage } from './support/sign-in';
import { hasChromium, launchBrowser, newPageWithoutTours } from './support/browser';
import { startProduct, type RunningProduct } from './support/product';

const CLIENT = { email: 'client@notadoo.fr', password: 'Dossier2026' };
const NOTARY = { email: 'notaire@notadoo.fr', password: 'Notadoo-Notaire-2026!' };
const PARIS_OFFICE_ID = 1;

/**
 * The "Historique" tab (issue 26): the notary reads the file's events,
 * filters them, downloads them as CSV and PDF; the client, at phone width,
 * reads only the events about their own answers and pieces.
 */
describe.skipIf(!hasChromium)('the history of a file in the browser', () => {
  let product: RunningProduct;
  let browser: Browser;
  let projectId: number;
  const contexts: BrowserContext[] = [];
  const api = <T>(method: string, path: string, body: unknown, token?: string) => callApi<T>(product.url, method, path, body, token);

  async function openHistory(page: Page, account: { email: string; password: string }) {
    await signInThroughLoginPage(page, product.url, account);
    // The address of the tab, as a link would give it.
    await page.goto(`${product.url}/project/${projectId}/dashboard?tab=history`);
    await page.getByRole('heading', { name: 'Historique du dossier' }).waitFor();
  }

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    const token = await signInToken(product.url, CLIENT);
    ({ id: projectId } = await api<{ id: number }>('POST', 'project', { name: 'Vente maison Historique', type: 'realty', subtype: 'house', role: 'seller' }, token));
    await api('PATCH', `project/${projectId}`, { office: PARIS_OFFICE_ID }, token);
    const notary = await signInToken(product.url, NOTARY);
    await api('PATCH', 'project/status', { id: projectId, status: 2 }, notary);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await product?.stop();
  });

  it('shows the notary every event, filters them and downloads them as CSV and PDF', async () => {
    const page = await newPageWithoutTours(browser, product.url, contexts);
    await openHistory(page, NOTARY);
    const events = page.getByRole('list', { name: 'Événements, les plus récents d’abord' });
    await events.getByRole('listitem').filter({ hasText: 'Dossier « Vente maison Historique » créé' }).waitFor();
    await events.getByRole('listitem').filter({ hasText: 'Statut modifié' }).waitFor();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'événements affichés' }).count()).toBe(1);

    await page.getByRole('combobox', { name: 'Événement' }).click();
    await page.getByRole('option', { name: "Changement d'office", exact: true }).click();
    await expect.poll(() => events.getByRole('listitem').count()).toBe(1);
    await events.getByRole('listitem').filter({ hasText: 'office de Paris' }).waitFor();
    await page.getByRole('status').filter({ hasText: '1 événement affiché.' }).waitFor();
    await expectNoAccessibilityViolation(page, 'onglet Historique');

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger en CSV' }).click()]);
    expect(csv.suggestedFilename()).toBe(`historique-dossier-${projectId}.csv`);
    const lines = (await readFile((await csv.path()), 'utf8')).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('N°;Date (heure de Paris);Événement;Personne;Adresse IP;Navigateur;Détail');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("Changement d'office");

    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger en PDF' }).click()]);
    expect(pdf.suggestedFilename()).toBe(`historique-dossier-${projectId}.pdf`);
    expect((await readFile((await pdf.path()))).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('shows the client, at phone width, only the events about their own answers and pieces', async () => {
    const page = await newPageWithoutTours(browser, product.url, contexts);
    await page.setViewportSize({ width: 390, height: 844 });
    await openHistory(page, CLIENT);
    await page.getByText('Les événements concernant vos réponses, vos pièces et vos connexions.').waitFor();
    const events = page.getByRole('list', { name: 'Événements, les plus récents d’abord' });
    await events.getByRole('listitem').filter({ hasText: 'Connexion' }).first().waitFor();
    expect(await events.getByRole('listitem').filter({ hasText: 'Statut modifié' }).count()).toBe(0);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAccessibilityViolation(page, 'onglet Historique, téléphone');
  });
});
