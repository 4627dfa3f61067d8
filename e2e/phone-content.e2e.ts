import type { Locator, Page } from '@playwright/test';
import { ADMIN, CLIENT, NOTARY } from './support/accounts';
import { expectNoAccessibilityViolation } from './support/accessibility';
import { expect, test } from './support/fixtures';
import { ALL_TOURS, PHONE, type FrenchPageOptions } from './support/pages';

const LONG_NAME_FILE = 'Vente maison des Tilleuls à Saint-Rémy-de-Provence';
const pageOptions = (token?: string, viewport: FrenchPageOptions['viewport'] = PHONE): FrenchPageOptions => ({
  token,
  viewport,
  toursSeen: ALL_TOURS,
});

/** Nothing sticks out sideways: the page is no wider than the window. */
async function expectNoHorizontalOverflow(page: Page, where: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${where} : largeur de la page`).toBeLessThanOrEqual(innerWidth);
}

/**
 * The element is entirely on screen horizontally and not cut by an ancestor
 * that clips (a scroll container, a truncated line): what a person on a phone
 * sees without scrolling sideways.
 */
async function expectFullyVisible(locator: Locator, what: string): Promise<void> {
  await locator.waitFor();
  const cut = await locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    let left = 0;
    let right = window.innerWidth;
    for (let node = element.parentElement; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.overflowX !== 'visible') {
        const clip = node.getBoundingClientRect();
        left = Math.max(left, clip.left);
        right = Math.min(right, clip.right);
      }
    }
    // One pixel of rounding either way; text cut by an ellipsis is wider than its own box.
    const ownOverflow = element.scrollWidth - element.clientWidth;
    return box.left < left - 1 || box.right > right + 1 || ownOverflow > 1
      ? { box: [box.left, box.right], visible: [left, right], ownOverflow }
      : null;
  });
  if (cut && process.env.E2E_SCREENSHOT_DIR)
    await locator.page().screenshot({ path: `${process.env.E2E_SCREENSHOT_DIR}/${what.replace(/[^\w]+/g, '_')}.png`, fullPage: true });
  expect(cut, `${what} est coupé`).toBeNull();
}

/** WCAG contrast ratio of two `rgb(...)` colours. */
function contrastRatio(foreground: string, background: string): number {
  const luminance = (colour: string) => {
    const [r, g, b] = colour
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((v) => Number(v) / 255);
    const channel = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

/**
 * What a notary office and its clients still tripped over: pages wider than a
 * phone, content that misled, controls out of keyboard reach.
 */
/**
 * What a notary office and its clients still tripped over: pages wider than a
 * phone, content that misled, controls out of keyboard reach.
 */
test.describe('phone width, content and small accessibility fixes', () => {
  // The bridge address answers nothing: the notary's computer has no drafting software running.
  test.use({ productOptions: { env: { BRIDGE_URL: 'http://127.0.0.1:9', BRIDGE_SERVICE_KEY: 'cle-e2e' } } });

  test.describe('at 390 × 844', () => {
    test('shows every amount of the fee example without sideways scrolling', async ({ product, newPage }) => {
      const page = await newPage(pageOptions());
      await page.goto(`${product.url}/frais-de-notaire`);
      const table = page.getByRole('table', { name: 'Exemple chiffré' });
      await table.waitFor();
      await expectNoHorizontalOverflow(page, '/frais-de-notaire');
      const amounts = table.locator('td:last-child');
      expect(await amounts.count()).toBeGreaterThanOrEqual(9);
      for (const amount of await amounts.all()) await expectFullyVisible(amount, `le montant « ${await amount.textContent()} »`);
      await expectNoAccessibilityViolation(page, '/frais-de-notaire (téléphone)');
    });

    test('fits the administration, its pending-request banner and its button in the width of the header', async ({
      product,
      api,
      seed,
      newPage,
    }) => {
      // Someone waiting for intermediary rights, with a long address: the admin's banner lists them.
      await seed.signUp({
        email: 'jean-baptiste.delacroix-montgolfier@agence-immobiliere-exemple.fr',
        password: 'Agence2026',
        firstName: 'Jean-Baptiste',
        lastName: 'Delacroix-Montgolfier',
        intermediary: true,
      });
      const page = await newPage(pageOptions(await api.signIn(ADMIN)));
      await page.goto(`${product.url}/admin`);
      const banner = page.getByRole('alert').filter({ hasText: 'Demandes de droits en attente' });
      await expectFullyVisible(banner, 'le bandeau des demandes en attente');
      await expectFullyVisible(
        banner.getByRole('button', { name: /^Accorder les droits d'intermédiaire à Jean-Baptiste/ }),
        'le bouton « Accorder »',
      );
      await expectFullyVisible(
        banner.getByText('jean-baptiste.delacroix-montgolfier@agence-immobiliere-exemple.fr', { exact: false }),
        "l'adresse du demandeur",
      );
      await page.getByRole('table').first().waitFor();
      await expectNoHorizontalOverflow(page, '/admin');
      for (const tab of ['Facturation', 'Mails en échec']) {
        await page.getByRole('tab', { name: tab }).click();
        await page.getByRole('tabpanel', { name: tab }).waitFor();
        await page.waitForLoadState('networkidle');
        await expectNoHorizontalOverflow(page, `/admin, onglet ${tab}`);
      }
      await page.getByRole('tab', { name: 'Utilisateurs' }).click();
      const headerWidth = await page
        .locator('header')
        .first()
        .evaluate((header) => header.getBoundingClientRect().width);
      const mainWidth = await page.getByRole('main').evaluate((main) => main.scrollWidth);
      expect(mainWidth, 'la page est plus large que l’en-tête').toBeLessThanOrEqual(headerWidth);
      await expectNoAccessibilityViolation(page, '/admin (téléphone)');
    });

    test('shows "(Créateur)" whole on the person card', async ({ product, api, seed, newPage }) => {
      const clientToken = await api.signIn(CLIENT);
      // A long name, as many are: the creator's card must still show "(Créateur)".
      const me = await api.call<{ id: number }>('GET', 'users/me', undefined, clientToken);
      await api.call(
        'PATCH',
        `users/${me.id}`,
        { firstName: 'Marie-Claire', lastName: 'Dubois-Lefebvre', email: CLIENT.email },
        clientToken,
      );
      const projectId = await seed.project(clientToken, { name: LONG_NAME_FILE });
      const page = await newPage(pageOptions(clientToken));
      await page.goto(`${product.url}/project/${projectId}/dashboard`);
      await page.getByRole('tab', { name: 'Personnes' }).click();
      const card = page.getByRole('article', { name: 'Marie-Claire Dubois-Lefebvre' });
      await expectFullyVisible(card.getByText('(Créateur)'), '« (Créateur) »');
      // The office is chosen: its members see the file, nobody is asked to invite them.
      expect(await page.getByText(/invitez-le/).count()).toBe(0);
      await expectNoHorizontalOverflow(page, 'onglet Personnes');
      await expectNoAccessibilityViolation(page, 'onglet Personnes (téléphone)');
    });
  });

  test('reaches the show-password button with the keyboard; it says whether the password is shown', async ({ product, newPage }) => {
    const page = await newPage(pageOptions());
    // The login page is prerendered: its button works once the app has taken the page over.
    await page.addInitScript(() => document.addEventListener('notadoo:app-started', () => Object.assign(window, { appStarted: true })));
    await page.goto(`${product.url}/login`);
    await page.waitForFunction(() => 'appStarted' in window);
    const password = page.getByLabel('Mot de passe', { exact: true });
    await password.fill('Secret2026');
    await password.press('Tab');
    const toggle = page.getByRole('button', { name: 'Afficher le mot de passe' });
    expect(await toggle.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.press('Space');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await password.getAttribute('type')).toBe('text');
    await expectNoAccessibilityViolation(page, '/login, mot de passe affiché');
  });

  test('says why a signed file’s questionnaire is read-only, with answers as readable as typed ones', async ({
    product,
    api,
    seed,
    newPage,
  }) => {
    const clientToken = await api.signIn(CLIENT);
    const id = await seed.project(clientToken, { name: 'Vente signée' });
    await seed.projectStatus(await api.signIn(ADMIN), id, 5);
    const page = await newPage(pageOptions(clientToken, { width: 1366, height: 900 }));
    await page.goto(`${product.url}/project/${id}/dashboard`);
    await page
      .getByRole('button', { name: /^Ouvrir le questionnaire / })
      .first()
      .click();
    await page.waitForURL(`**/project/${id}/form/**`);
    const note = page.getByRole('note');
    await note.getByText('Ce dossier est signé : ses questionnaires ne peuvent plus être modifiés.').waitFor();
    const protection = page.getByRole('region', { name: 'Protection de vos données' });
    expect(await protection.textContent()).not.toContain('à tout moment');
    const input = page.locator('main input:disabled:not([type=radio])').first();
    const colours = await input.evaluate((element) => {
      const style = getComputedStyle(element);
      return { color: style.color, background: style.backgroundColor, opacity: Number(style.opacity) };
    });
    expect(colours.opacity).toBe(1);
    expect(contrastRatio(colours.color, colours.background)).toBeGreaterThanOrEqual(4.5);
    await expectNoAccessibilityViolation(page, 'questionnaire en lecture seule');
  });

  test('links "Mes documents" from the user menu', async ({ product, api, newPage }) => {
    const page = await newPage(pageOptions(await api.signIn(CLIENT)));
    await page.goto(`${product.url}/dashboard`);
    await page.getByRole('button', { name: /^Menu utilisateur de / }).click();
    await page.getByRole('menuitem', { name: 'Mes documents' }).click();
    await page.waitForURL('**/mydocuments');
    await page.getByRole('heading', { level: 1, name: 'Mes documents' }).waitFor();
  });

  test('stars the seven contact fields and says under each what is missing, the spec message once', async ({ product, newPage }) => {
    const page = await newPage(pageOptions());
    await page.goto(`${product.url}/contact`);
    const form = page.getByRole('form', { name: 'Formulaire de contact' });
    await form.getByRole('button', { name: 'Envoyer mon message' }).click();
    await form.getByRole('alert').getByText('Erreur : tous les champs du formulaire sont requis.').waitFor();
    expect(await form.locator('.mantine-InputWrapper-required').count()).toBe(7);
    const errors = await form.locator('.mantine-InputWrapper-error').allTextContents();
    expect(errors).toHaveLength(7);
    expect(new Set(errors).size).toBe(7);
    await expectNoHorizontalOverflow(page, '/contact');
    await expectNoAccessibilityViolation(page, '/contact, champs manquants');
  });

  test('answers 404 with the not-found page at an unknown address, 200 at the known ones', async ({ product, api, seed, newPage }) => {
    const projectId = await seed.project(await api.signIn(CLIENT), { name: LONG_NAME_FILE });
    const page = await newPage(pageOptions());
    const unknown = await page.goto(`${product.url}/page-qui-n-existe-pas`);
    expect(unknown?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: '404 - Page introuvable.' }).waitFor();
    for (const path of ['/frais-de-notaire', '/login', `/project/${projectId}/dashboard`]) {
      expect((await page.goto(`${product.url}${path}`))?.status(), path).toBe(200);
    }
  });

  test('tells the notary why files cannot be transferred when the drafting software does not answer', async ({
    product,
    api,
    seed,
    newPage,
  }) => {
    const projectId = await seed.project(await api.signIn(CLIENT), { name: LONG_NAME_FILE });
    await seed.projectStatus(await api.signIn(ADMIN), projectId, 2);
    const page = await newPage(pageOptions(await api.signIn(NOTARY)));
    await page.goto(`${product.url}/project/${projectId}/dashboard`);
    await page.getByText('Logiciel de rédaction injoignable sur ce poste').waitFor();
    expect(await page.getByRole('button', { name: 'Transférer les fichiers' }).isDisabled()).toBe(true);
    await expectFullyVisible(page.getByRole('button', { name: 'Réessayer' }), 'le bouton « Réessayer »');
    await expectNoHorizontalOverflow(page, 'projet, passerelle injoignable');
  });
});
