import type { Locator, Page } from '@playwright/test';
import { ADMIN, AGENT, CLIENT, NOTARY } from './support/accounts';
import { expectNoAccessibilityViolation } from './support/accessibility';
import { expect, test } from './support/fixtures';
import { ALL_TOURS, DESKTOP, PHONE, type FrenchPageOptions } from './support/pages';
import { linkIn } from './support/product';

/** Set to a folder to keep screenshots of the fixed screens (to look at them by eye). */
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;
const keepScreenshot = async (page: Page, name: string) => {
  if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/journeys-${name}.png` });
};

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('élément invisible');
  return box;
}

/** At 1366×900 unless said, the tours seen unless said. */
const pageOptions = (
  options: { token?: string; viewport?: FrenchPageOptions['viewport']; toursSeen?: boolean } = {},
): FrenchPageOptions => ({
  token: options.token,
  viewport: options.viewport ?? DESKTOP,
  toursSeen: options.toursSeen === false ? [] : ALL_TOURS,
});

/** The rough edges of issue 13, each as a user would meet it, at 1366×900 or 390×844. */
test.describe('journeys without rough edges', () => {
  test('pre-fills the invited names and opens the inviting project after signing up through the link', async ({
    product,
    api,
    seed,
    newPage,
  }) => {
    const clientToken = await api.signIn(CLIENT);
    const projectId = await seed.project(clientToken, { name: 'Vente maison Invitation' });
    await api.call(
      'POST',
      `project/${projectId}/addperson`,
      { firstName: 'Hugo', lastName: 'Lefèvre', email: 'hugo.lefevre@exemple.fr', role: 'buyer' },
      clientToken,
    );
    const mail = await product.mailTo('hugo.lefevre@exemple.fr');
    const page = await newPage(pageOptions());
    await page.goto(linkIn(mail, '/signup?'));
    expect(await page.getByLabel('Prénom', { exact: true }).inputValue()).toBe('Hugo');
    expect(await page.getByLabel('Nom', { exact: true }).inputValue()).toBe('Lefèvre');
    expect(await page.getByLabel('Adresse email', { exact: true }).inputValue()).toBe('hugo.lefevre@exemple.fr');
    await page.getByLabel('Mot de passe', { exact: true }).fill('Invitation2026');
    await page.getByLabel('Confirmation du mot de passe', { exact: true }).fill('Invitation2026');
    await page.getByLabel("J'accepte les conditions d'utilisation").check();
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.waitForURL(`**/project/${projectId}/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Vente maison Invitation' }).waitFor();
  });

  test('asks the admin to confirm moving a submitted file, naming both offices, records the move, and toasts below the header', async ({
    product,
    api,
    seed,
    newPage,
  }) => {
    const projectId = await seed.project(await api.signIn(CLIENT), { name: 'Vente maison Déménagement' });
    await seed.projectStatus(await api.signIn(NOTARY), projectId, 4);
    const page = await newPage(pageOptions({ token: await api.signIn(ADMIN) }));
    await page.goto(`${product.url}/project/${projectId}/dashboard`);
    await page.getByRole('tab', { name: 'Office notarial' }).click();
    await page.getByRole('button', { name: 'Choisir cet office : Lyon' }).click();
    const dialog = page.getByRole('dialog', { name: "Changer d'office notarial" });
    await dialog.getByText(/passera de l'office de Paris à l'office de Lyon/).waitFor();
    await expectNoAccessibilityViolation(page, "la confirmation du changement d'office");
    await dialog.getByRole('button', { name: 'Confier le dossier à Lyon' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Opération réalisée avec succès.' });
    await toast.waitFor();
    const moves = page.getByRole('table');
    await moves.getByRole('row', { name: /Alice Martin Paris Lyon/ }).waitFor();
    await keepScreenshot(page, 'office-move-toast');
    // The toast hides neither the header (user menu included) nor the page title.
    const toastBox = await boxOf(toast);
    expect(overlaps(toastBox, await boxOf(page.getByRole('banner')))).toBe(false);
    expect(overlaps(toastBox, await boxOf(page.getByRole('heading', { level: 1 })))).toBe(false);
  });

  test('on a phone, a toast stays off the page title and the header', async ({ product, newPage }) => {
    const page = await newPage(pageOptions({ viewport: PHONE }));
    await page.goto(`${product.url}/login`);
    await page.getByLabel('Adresse email', { exact: true }).fill(CLIENT.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill('Mauvais2026');
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Impossible de se connecter' });
    await toast.waitFor();
    await keepScreenshot(page, 'phone-toast');
    expect(overlaps(await boxOf(toast), await boxOf(page.getByRole('heading', { level: 1 })))).toBe(false);
  });

  test("shows a notary his own file without 'Transmettre au Notaire' nor its tour", async ({ product, api, seed, newPage }) => {
    const notaryToken = await api.signIn(NOTARY);
    const projectId = await seed.project(notaryToken, { name: 'Succession étude Paris', role: 'office', office: null });
    const page = await newPage(pageOptions({ token: notaryToken, toursSeen: false }));
    await page.goto(`${product.url}/project/${projectId}/dashboard`);
    await page.getByRole('tab', { name: 'Documents', selected: true }).waitFor();
    await page.getByRole('button', { name: 'Changer le statut' }).waitFor();
    expect(await page.getByRole('button', { name: 'Transmettre au Notaire' }).count()).toBe(0);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
  });

  test("does not say 'Aucun document à afficher.' above the groups of an intermediary's file", async ({ product, api, seed, newPage }) => {
    const agentToken = await api.signIn(AGENT);
    const projectId = await seed.project(agentToken, { name: 'Mandat maison Petit', role: 'intermediary' });
    const page = await newPage(pageOptions({ token: agentToken }));
    await page.goto(`${product.url}/project/${projectId}/dashboard`);
    await page.getByRole('tab', { name: 'Documents', selected: true }).waitFor();
    await page.getByRole('region', { name: 'Intermédiaires immobiliers' }).waitFor();
    expect(await page.getByText('Aucun document à afficher.').count()).toBe(0);
  });

  test('shows the tours in the app font and button style', async ({ product, api, seed, newPage }) => {
    const clientToken = await api.signIn(CLIENT);
    const projectId = await seed.project(clientToken, { name: 'Vente maison Visite' });
    const page = await newPage(pageOptions({ token: clientToken, toursSeen: false }));
    await page.goto(`${product.url}/project/${projectId}/dashboard`);
    const tour = page.getByRole('alertdialog', { name: 'Transmettre au Notaire' });
    await tour.waitFor();
    await keepScreenshot(page, 'tour');
    const bodyFont = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(await tour.evaluate((el) => getComputedStyle(el).fontFamily)).toBe(bodyFont);
    const tourButton = tour.getByRole('button', { name: "J'ai compris" });
    const appButton = page.getByRole('button', { name: 'Transmettre au Notaire' });
    const look = (el: Element) => {
      const style = getComputedStyle(el);
      return { font: style.fontFamily, background: style.backgroundColor, radius: style.borderRadius, weight: style.fontWeight };
    };
    expect(await tourButton.evaluate(look)).toEqual(await appButton.evaluate(look));
    await expectNoAccessibilityViolation(page, 'la visite guidée');
  });

  test('shows the whole office image, avatars side by side and the questionnaire title uncut on a phone', async ({
    product,
    api,
    seed,
    newPage,
  }) => {
    const clientToken = await api.signIn(CLIENT);
    const projectId = await seed.project(clientToken, { name: 'Vente maison Lisible' });
    await api.call('POST', `project/${projectId}/addperson`, { firstName: 'Marc', lastName: 'Aubert', role: 'buyer' }, clientToken);
    const page = await newPage(pageOptions({ token: clientToken, viewport: PHONE }));

    await page.goto(`${product.url}/project/${projectId}/dashboard`);
    await page.getByRole('tab', { name: 'Office notarial' }).click();
    const image = page.getByRole('article', { name: 'Office notarial de Paris' }).locator('img');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const [natural, shown] = await image.evaluate((img: HTMLImageElement) => [
      img.naturalWidth / img.naturalHeight,
      img.clientWidth / img.clientHeight,
    ]);
    expect(Math.abs(natural - shown)).toBeLessThan(0.02);

    await page.goto(`${product.url}/dashboard`);
    const avatars = page.getByRole('article', { name: 'Vente maison Lisible' }).locator('.mantine-Avatar-root');
    await avatars.first().waitFor();
    const boxes = await Promise.all((await avatars.all()).map(boxOf));
    expect(boxes.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < boxes.length; i++) expect(overlaps(boxes[i - 1]!, boxes[i]!)).toBe(false);

    await page.goto(`${product.url}/project/${projectId}/dashboard`);
    await page
      .getByRole('button', { name: /^Ouvrir le questionnaire / })
      .first()
      .click();
    await page.getByRole('navigation', { name: 'Étapes du questionnaire' }).waitFor();
    const title = page.getByRole('banner').getByRole('heading', { level: 1 });
    await keepScreenshot(page, 'phone-questionnaire');
    expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight + 1)).toBe(true);
  });

  test("tells a new intermediary why no file can be created yet, with no 'Nouveau dossier'", async ({ product, newPage }) => {
    const page = await newPage(pageOptions());
    await page.goto(`${product.url}/signup`);
    await page.getByLabel('Prénom', { exact: true }).fill('Bruno');
    await page.getByLabel('Nom', { exact: true }).fill('Agent');
    await page.getByLabel('Adresse email', { exact: true }).fill('bruno.agent@exemple.fr');
    await page.getByLabel('Mot de passe', { exact: true }).fill('Agence2026');
    await page.getByLabel('Confirmation du mot de passe', { exact: true }).fill('Agence2026');
    await page.getByLabel("J'accepte les conditions d'utilisation").check();
    await page.getByLabel(/Je suis intermédiaire immobilier/).check();
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText(/vous ne pouvez pas créer de dossier pour l'instant/).waitFor();
    await page.getByText(/Un administrateur de Notadoo doit d'abord vous accorder les droits/).waitFor();
    expect(await page.getByRole('link', { name: 'Nouveau dossier' }).count()).toBe(0);
    await keepScreenshot(page, 'pending-intermediary');
    await expectNoAccessibilityViolation(page);
  });
});
