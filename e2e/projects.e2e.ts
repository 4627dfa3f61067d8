import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser } from './support/browser';
import { expectNoAccessibilityViolation } from './support/accessibility';
import { startProduct, type RunningProduct } from './support/product';
import { signInThroughLoginPage } from './support/sign-in';

/**
 * A client opens a realty file, chooses the Paris office and submits it; the
 * Paris notary (demo account) moves it on; the client sees the new status.
 */
describe.skipIf(!hasChromium)('project journey in the browser', () => {
  let product: RunningProduct;
  let browser: Browser;
  let client: Page;
  let projectUrl: string;

  const projectName = 'Vente appartement Montmartre';
  /** A 1×1 PNG: enough for the server's image check. */
  const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    client = await (await browser.newContext({ locale: 'fr-FR' })).newPage();
    client.setDefaultTimeout(15_000);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('lists the network offices on the public map page', async () => {
    await client.goto(`${product.url}/notaries`);
    await client.getByRole('heading', { level: 1, name: 'Nos études notariales' }).waitFor();
    await client.getByRole('article', { name: 'Office notarial de Paris' }).waitFor();
    // Dijon has left the network.
    expect(await client.getByRole('article', { name: 'Office notarial de Dijon' }).count()).toBe(0);
    await expectNoAccessibilityViolation(client);
  });

  it('signs up a client, who starts on an empty dashboard', async () => {
    await client.goto(`${product.url}/signup`);
    await client.getByLabel('Prénom', { exact: true }).fill('Lucie');
    await client.getByLabel('Nom', { exact: true }).fill('Garnier');
    await client.getByLabel('Adresse email', { exact: true }).fill('lucie.garnier@exemple.fr');
    await client.getByLabel('Mot de passe', { exact: true }).fill('Montmartre2026');
    await client.getByLabel('Confirmation du mot de passe', { exact: true }).fill('Montmartre2026');
    await client.getByLabel("J'accepte les conditions d'utilisation").check();
    await client.getByRole('button', { name: 'Créer mon compte' }).click();
    await client.waitForURL('**/dashboard');
    await client.getByText("Bienvenue ! Vous n'avez pas encore de dossier.").waitFor();
    await expectNoAccessibilityViolation(client);
  });

  it('creates a realty file with the wizard', async () => {
    await client.getByRole('link', { name: 'Nouveau dossier' }).first().click();
    await client.waitForURL('**/project/new');
    await client.getByRole('heading', { level: 1, name: 'Nouveau dossier' }).waitFor();
    await expectNoAccessibilityViolation(client);
    await client.getByRole('button', { name: 'Immobilier' }).click();
    await client.getByRole('button', { name: 'Appartement' }).click();
    await client.getByLabel('Nom du dossier').fill(projectName);
    await client.getByRole('radio', { name: 'Vendeur' }).check();
    await client.getByRole('button', { name: 'Créer le dossier' }).click();
    await client.waitForURL(/\/project\/\d+\/dashboard$/);
    projectUrl = client.url();
    await client.getByText('Votre dossier a été créé avec succès.').waitFor();
    await client.getByRole('heading', { level: 1, name: projectName }).waitFor();
    expect(await client.getByRole('tab', { name: 'Office notarial' }).getAttribute('aria-selected')).toBe('true');
    expect(await client.getByRole('tab', { name: 'Documents' }).isDisabled()).toBe(true);
    await expectNoAccessibilityViolation(client);
  });

  it('chooses the Paris office, follows the help tours and submits the file to the notary', async () => {
    await client.getByRole('button', { name: 'Choisir cet office : Paris' }).click();
    await client.getByRole('dialog', { name: 'Confier le dossier à cet office' }).getByRole('button', { name: "Confier le dossier à l'office de Paris" }).click();
    // The office tour: Documents, Personnes, Outils.
    for (const step of ['Documents', 'Personnes']) {
      await client.getByRole('alertdialog', { name: step }).waitFor();
      await client.getByRole('button', { name: 'Suivant' }).click();
    }
    await client.getByRole('alertdialog', { name: 'Outils' }).waitFor();
    await client.getByRole('button', { name: "J'ai compris" }).click();
    expect(await client.getByRole('tab', { name: 'Documents' }).getAttribute('aria-selected')).toBe('true');
    // Then the transmit button's tour.
    await client.getByRole('alertdialog', { name: 'Transmettre au Notaire' }).waitFor();
    await client.getByRole('button', { name: "J'ai compris" }).click();
    await client.getByRole('alertdialog').waitFor({ state: 'detached' });

    await client.getByRole('button', { name: 'Transmettre au Notaire' }).click();
    const dialog = client.getByRole('dialog', { name: 'Transmettre au Notaire' });
    await dialog.getByText(/^Vous avez complété votre dossier autant que possible/).waitFor();
    await expectNoAccessibilityViolation(client, 'la fenêtre Transmettre au Notaire');
    await dialog.getByRole('button', { name: 'Transmettre' }).click();
    const review = client.getByRole('button', { name: 'Dossier en cours de relecture' });
    await review.waitFor();
    expect(await review.isDisabled()).toBe(true);
    await client.getByText('Relecture étude').first().waitFor();

    // The tours are remembered: a reload shows none.
    await client.reload();
    await client.getByRole('heading', { level: 1, name: projectName }).waitFor();
    await client.getByRole('button', { name: 'Dossier en cours de relecture' }).waitFor();
    expect(await client.getByRole('alertdialog').count()).toBe(0);
    await expectNoAccessibilityViolation(client);
  });

  it('lets the Paris notary find the file and set it to "Complet en attente de signature"', async () => {
    const context = await browser.newContext({ locale: 'fr-FR' });
    const notary = await context.newPage();
    notary.setDefaultTimeout(15_000);
    await signInThroughLoginPage(notary, product.url, { email: 'notaire@notadoo.fr', password: 'Notadoo-Notaire-2026!' });

    const card = notary.getByRole('article', { name: projectName });
    await card.getByText('Relecture étude').waitFor();
    await expectNoAccessibilityViolation(notary);
    await card.getByRole('button', { name: `Actions du dossier ${projectName}` }).click();
    await notary.getByRole('menuitem', { name: 'Changer le statut' }).click();
    const dialog = notary.getByRole('dialog', { name: 'Changer le statut' });
    await dialog.getByRole('combobox', { name: 'Statut du dossier' }).click();
    await notary.getByRole('option', { name: 'Complet en attente de signature' }).click();
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await notary.getByText('Opération réalisée avec succès.').waitFor();
    await card.getByText('Complet en attente de signature').waitFor();
    await context.close();
  });

  it('shows the client the new status', async () => {
    await client.goto(projectUrl);
    await client.getByRole('heading', { level: 1, name: projectName }).waitFor();
    await client.getByText('Complet en attente de signature').first().waitFor();
    // Past review: nothing left to submit.
    expect(await client.getByRole('button', { name: 'Transmettre au Notaire' }).count()).toBe(0);
    expect(await client.getByRole('button', { name: 'Dossier en cours de relecture' }).count()).toBe(0);

    await client.goto(`${product.url}/dashboard`);
    await client.getByRole('article', { name: projectName }).getByText('Complet en attente de signature').waitFor();
    await expectNoAccessibilityViolation(client);
  });

  it('gives the file a cover image from the dashboard, then removes it', async () => {
    const card = client.getByRole('article', { name: projectName });
    await card.getByRole('button', { name: `Actions du dossier ${projectName}` }).click();
    await client.getByRole('menuitem', { name: "Changer l'image de couverture" }).click();
    const dialog = client.getByRole('dialog', { name: "Changer l'image de couverture" });
    await dialog.waitFor();
    await expectNoAccessibilityViolation(client, "la fenêtre Changer l'image de couverture");
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'facade.png', mimeType: 'image/png', buffer: Buffer.from(ONE_PIXEL_PNG, 'base64') });
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.waitFor({ state: 'detached' });
    const cover = card.locator('img[src^="/uploads/covers/"]');
    await cover.waitFor();
    const response = await client.request.get(`${product.url}${await cover.getAttribute('src')}`);
    expect(response.ok()).toBe(true);

    await card.getByRole('button', { name: `Actions du dossier ${projectName}` }).click();
    await client.getByRole('menuitem', { name: "Retirer l'image de couverture" }).click();
    await cover.waitFor({ state: 'detached' });
  });
});
