import { CLIENT, NOTARY } from './support/accounts';
import { expectNoAccessibilityViolation } from './support/accessibility';
import { expect, test } from './support/fixtures';
import { signInThroughLoginPage } from './support/sign-in';

/** A 1×1 PNG: enough for the server's image check. */
const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
/** Status 3, as « Transmettre au Notaire » leaves a file. */
const SENT_TO_THE_OFFICE = 3;
const COMPLETE_AWAITING_SIGNATURE = 4;

/**
 * A client opens a realty file, chooses the Paris office and submits it; the
 * Paris notary (demo account) moves it on; the client sees the new status.
 * Each step starts from a file seeded through the API at the state the step before leaves.
 */
test.describe('project journey in the browser', () => {
  test('lists the network offices on the public map page', async ({ product, newPage }) => {
    const page = await newPage();
    await page.goto(`${product.url}/notaries`);
    await page.getByRole('heading', { level: 1, name: 'Nos études notariales' }).waitFor();
    await page.getByRole('article', { name: 'Office notarial de Paris' }).waitFor();
    // Dijon has left the network.
    expect(await page.getByRole('article', { name: 'Office notarial de Dijon' }).count()).toBe(0);
    await expectNoAccessibilityViolation(page);
  });

  test('signs up a client, who starts on an empty dashboard', async ({ product, newPage }) => {
    const page = await newPage();
    await page.goto(`${product.url}/signup`);
    await page.getByLabel('Prénom', { exact: true }).fill('Lucie');
    await page.getByLabel('Nom', { exact: true }).fill('Garnier');
    await page.getByLabel('Adresse email', { exact: true }).fill('lucie.garnier@exemple.fr');
    await page.getByLabel('Mot de passe', { exact: true }).fill('Montmartre2026');
    await page.getByLabel('Confirmation du mot de passe', { exact: true }).fill('Montmartre2026');
    await page.getByLabel("J'accepte les conditions d'utilisation").check();
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText("Bienvenue ! Vous n'avez pas encore de dossier.").waitFor();
    await expectNoAccessibilityViolation(page);
  });

  test('creates a realty file with the wizard', async ({ product, seed, newPage }) => {
    const token = await seed.signUp({
      firstName: 'Paul',
      lastName: 'Assistant',
      email: 'paul.assistant@exemple.fr',
      password: 'Montmartre2026',
    });
    const page = await newPage({ token });
    await page.goto(`${product.url}/dashboard`);
    await page.getByRole('link', { name: 'Nouveau dossier' }).first().click();
    await page.waitForURL('**/project/new');
    await page.getByRole('heading', { level: 1, name: 'Nouveau dossier' }).waitFor();
    await expectNoAccessibilityViolation(page);
    await page.getByRole('button', { name: 'Immobilier' }).click();
    await page.getByRole('button', { name: 'Appartement' }).click();
    await page.getByLabel('Nom du dossier').fill('Vente appartement Montmartre');
    await page.getByRole('radio', { name: 'Vendeur' }).check();
    await page.getByRole('button', { name: 'Créer le dossier' }).click();
    await page.waitForURL(/\/project\/\d+\/dashboard$/);
    await page.getByText('Votre dossier a été créé avec succès.').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Vente appartement Montmartre' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Office notarial' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tab', { name: 'Documents' }).isDisabled()).toBe(true);
    await expectNoAccessibilityViolation(page);
  });

  test('chooses the Paris office, follows the help tours and submits the file to the notary', async ({ product, api, seed, newPage }) => {
    const projectName = 'Vente appartement Abbesses';
    const token = await api.signIn(CLIENT);
    const projectId = await seed.project(token, { name: projectName, subtype: 'appt', office: null });
    // The help tours not seen yet.
    const page = await newPage({ token });
    await page.goto(`${product.url}/project/${projectId}/dashboard`);
    await page.getByRole('button', { name: 'Choisir cet office : Paris' }).click();
    await page
      .getByRole('dialog', { name: 'Confier le dossier à cet office' })
      .getByRole('button', { name: "Confier le dossier à l'office de Paris" })
      .click();
    // The office tour: Documents, Personnes, Outils.
    for (const step of ['Documents', 'Personnes']) {
      await page.getByRole('alertdialog', { name: step }).waitFor();
      await page.getByRole('button', { name: 'Suivant' }).click();
    }
    await page.getByRole('alertdialog', { name: 'Outils' }).waitFor();
    await page.getByRole('button', { name: "J'ai compris" }).click();
    expect(await page.getByRole('tab', { name: 'Documents' }).getAttribute('aria-selected')).toBe('true');
    // Then the transmit button's tour.
    await page.getByRole('alertdialog', { name: 'Transmettre au Notaire' }).waitFor();
    await page.getByRole('button', { name: "J'ai compris" }).click();
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Transmettre au Notaire' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transmettre au Notaire' });
    await dialog.getByText(/^Vous avez complété votre dossier autant que possible/).waitFor();
    await expectNoAccessibilityViolation(page, 'la fenêtre Transmettre au Notaire');
    await dialog.getByRole('button', { name: 'Transmettre' }).click();
    const review = page.getByRole('button', { name: 'Dossier en cours de relecture' });
    await review.waitFor();
    expect(await review.isDisabled()).toBe(true);
    await page.getByText('Relecture étude').first().waitFor();

    // The tours are remembered: a reload shows none.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: projectName }).waitFor();
    await page.getByRole('button', { name: 'Dossier en cours de relecture' }).waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await expectNoAccessibilityViolation(page);
  });

  test('lets the Paris notary find the file and set it to "Complet en attente de signature"', async ({ product, api, seed, newPage }) => {
    const projectName = 'Vente appartement Pigalle';
    const token = await api.signIn(CLIENT);
    await seed.projectStatus(token, await seed.project(token, { name: projectName, subtype: 'appt' }), SENT_TO_THE_OFFICE);
    const notary = await newPage();
    await signInThroughLoginPage(notary, product, NOTARY);

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
  });

  test('shows the client the new status', async ({ product, api, seed, newPage }) => {
    const projectName = 'Vente appartement Lamarck';
    const token = await api.signIn(CLIENT);
    const projectId = await seed.project(token, { name: projectName, subtype: 'appt' });
    await seed.projectStatus(await api.signIn(NOTARY), projectId, COMPLETE_AWAITING_SIGNATURE);
    const page = await newPage({ token });
    await page.goto(`${product.url}/project/${projectId}/dashboard`);
    await page.getByRole('heading', { level: 1, name: projectName }).waitFor();
    await page.getByText('Complet en attente de signature').first().waitFor();
    // Past review: nothing left to submit.
    expect(await page.getByRole('button', { name: 'Transmettre au Notaire' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Dossier en cours de relecture' }).count()).toBe(0);

    await page.goto(`${product.url}/dashboard`);
    await page.getByRole('article', { name: projectName }).getByText('Complet en attente de signature').waitFor();
    await expectNoAccessibilityViolation(page);
  });

  test('gives the file a cover image from the dashboard, then removes it', async ({ product, api, seed, newPage }) => {
    const projectName = 'Vente appartement Tertre';
    const token = await api.signIn(CLIENT);
    await seed.project(token, { name: projectName, subtype: 'appt' });
    const page = await newPage({ token });
    await page.goto(`${product.url}/dashboard`);
    const card = page.getByRole('article', { name: projectName });
    await card.getByRole('button', { name: `Actions du dossier ${projectName}` }).click();
    await page.getByRole('menuitem', { name: "Changer l'image de couverture" }).click();
    const dialog = page.getByRole('dialog', { name: "Changer l'image de couverture" });
    await dialog.waitFor();
    await expectNoAccessibilityViolation(page, "la fenêtre Changer l'image de couverture");
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'facade.png', mimeType: 'image/png', buffer: Buffer.from(ONE_PIXEL_PNG, 'base64') });
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.waitFor({ state: 'detached' });
    const cover = card.locator('img[src^="/uploads/covers/"]');
    await cover.waitFor();
    const response = await page.request.get(`${product.url}${await cover.getAttribute('src')}`);
    expect(response.ok()).toBe(true);

    await card.getByRole('button', { name: `Actions du dossier ${projectName}` }).click();
    await page.getByRole('menuitem', { name: "Retirer l'image de couverture" }).click();
    await cover.waitFor({ state: 'detached' });
  });
});
