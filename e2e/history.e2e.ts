import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { CLIENT, NOTARY } from './support/accounts';
import { expectNoAccessibilityViolation } from './support/accessibility';
import type { Account, ProductApi } from './support/api';
import { expect, test } from './support/fixtures';
import { PHONE, PROJECT_TOURS } from './support/pages';
import type { RunningProduct } from './support/product';
import type { Seed } from './support/seed';
import { signInThroughLoginPage } from './support/sign-in';

/** The client's file at the Paris office, whose status the notary changed: its history has a few events. */
async function seedReviewedFile(api: ProductApi, seed: Seed): Promise<number> {
  const projectId = await seed.project(await api.signIn(CLIENT), { name: 'Vente maison Historique' });
  await seed.projectStatus(await api.signIn(NOTARY), projectId, 2);
  return projectId;
}

async function openHistory(page: Page, product: RunningProduct, projectId: number, account: Account) {
  await signInThroughLoginPage(page, product, account);
  // The address of the tab, as a link would give it.
  await page.goto(`${product.url}/project/${projectId}/dashboard?tab=history`);
  await page.getByRole('heading', { name: 'Historique du dossier' }).waitFor();
}

/**
 * The "Historique" tab (issue 26): the notary reads the file's events,
 * filters them, downloads them as CSV and PDF; the client, at phone width,
 * reads only the events about their own answers and pieces.
 */
test.describe('the history of a file in the browser', () => {
  test('shows the notary every event, filters them and downloads them as CSV and PDF', async ({ product, api, seed, newPage }) => {
    const projectId = await seedReviewedFile(api, seed);
    const page = await newPage({ toursSeen: PROJECT_TOURS });
    await openHistory(page, product, projectId, NOTARY);
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
    const lines = (await readFile(await csv.path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('N°;Date (heure de Paris);Événement;Personne;Adresse IP;Navigateur;Détail');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("Changement d'office");

    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger en PDF' }).click()]);
    expect(pdf.suggestedFilename()).toBe(`historique-dossier-${projectId}.pdf`);
    expect((await readFile(await pdf.path())).subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('shows the client, at phone width, only the events about their own answers and pieces', async ({ product, api, seed, newPage }) => {
    const projectId = await seedReviewedFile(api, seed);
    const page = await newPage({ toursSeen: PROJECT_TOURS, viewport: PHONE });
    await openHistory(page, product, projectId, CLIENT);
    await page.getByText('Les événements concernant vos réponses, vos pièces et vos connexions.').waitFor();
    const events = page.getByRole('list', { name: 'Événements, les plus récents d’abord' });
    await events.getByRole('listitem').filter({ hasText: 'Connexion' }).first().waitFor();
    expect(await events.getByRole('listitem').filter({ hasText: 'Statut modifié' }).count()).toBe(0);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAccessibilityViolation(page, 'onglet Historique, téléphone');
  });
});
