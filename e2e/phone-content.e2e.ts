import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAccessibilityViolation } from './support/accessibility';
import { callApi, signInToken } from './support/api';
import { ALL_TOURS, hasChromium, launchBrowser, newFrenchPage } from './support/browser';
import { startProduct, type RunningProduct } from './support/product';

const PHONE = { width: 390, height: 844 };
const PARIS_OFFICE_ID = 1;

/** Nothing sticks out sideways: the page is no wider than the window. */
async function expectNoHorizontalOverflow(page: Page, where: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
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
    return box.left < left - 1 || box.right > right + 1 || ownOverflow > 1 ? { box: [box.left, box.right], visible: [left, right], ownOverflow } : null;
  });
  if (cut && process.env.E2E_SCREENSHOT_DIR) await locator.page().screenshot({ path: `${process.env.E2E_SCREENSHOT_DIR}/${what.replace(/[^\w]+/g, '_')}.png`, fullPage: true });
  expect(cut, `${what} est coupé`).toBeNull();
}

/** WCAG contrast ratio of two `rgb(...)` colours. */
function contrastRatio(foreground: string, background: string): number {
  const luminance = (colour: string) => {
    const [r, g, b] = colour.match(/[\d.]+/g)!.slice(0, 3).map((v) => Number(v) / 255);
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
describe.skipIf(!hasChromium)('phone width, content and small accessibility fixes', () => {
  let product: RunningProduct;
  let browser: Browser;
  let clientToken: string;
  let adminToken: string;
  let projectId: number;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    // The bridge address answers nothing: the notary's computer has no drafting software running.
    product = await startProduct({ env: { BRIDGE_URL: 'http://127.0.0.1:9', BRIDGE_SERVICE_KEY: 'cle-e2e' } });
    browser = await launchBrowser();
    clientToken = await signInToken(product.url, { email: 'client@notadoo.fr', password: 'Dossier2026' });
    adminToken = await signInToken(product.url, { email: 'admin@notadoo.fr', password: 'Notadoo-Admin-2026!' });
    // A long name, as many are: the creator's card must still show "(Créateur)".
    const me = await callApi<{ id: number }>(product.url, 'GET', 'users/me', undefined, clientToken);
    await callApi(product.url, 'PATCH', `users/${me.id}`, { firstName: 'Marie-Claire', lastName: 'Dubois-Lefebvre', email: 'client@notadoo.fr' }, clientToken);
    projectId = (await callApi<{ id: number }>(product.url, 'POST', 'project', { name: 'Vente maison des Tilleuls à Saint-Rémy-de-Provence', type: 'realty', subtype: 'house', role: 'seller' }, clientToken)).id;
    await callApi(product.url, 'PATCH', `project/${projectId}`, { office: PARIS_OFFICE_ID }, clientToken);
    // Someone waiting for intermediary rights, with a long address: the admin's banner lists them.
    await callApi(product.url, 'POST', 'users/signup', {
      login: 'jean-baptiste.delacroix-montgolfier@agence-immobiliere-exemple.fr',
      email: 'jean-baptiste.delacroix-montgolfier@agence-immobiliere-exemple.fr',
      password: 'Agence2026',
      passwordConfirm: 'Agence2026',
      firstName: 'Jean-Baptiste',
      lastName: 'Delacroix-Montgolfier',
      intermediary: true,
    });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await product?.stop();
  });

  const newPage = (token?: string, viewport = PHONE): Promise<Page> => newFrenchPage(browser, product.url, contexts, { token, viewport, toursSeen: ALL_TOURS });

  describe('at 390 × 844', () => {
    it('shows every amount of the fee example without sideways scrolling', async () => {
      const page = await newPage();
      await page.goto(`${product.url}/frais-de-notaire`);
      const table = page.getByRole('table', { name: 'Exemple chiffré' });
      await table.waitFor();
      await expectNoHorizontalOverflow(page, '/frais-de-notaire');
      const amounts = table.locator('td:last-child');
      expect(await amounts.count()).toBeGreaterThanOrEqual(9);
      for (const amount of await amounts.all()) await expectFullyVisible(amount, `le montant « ${await amount.textContent()} »`);
      await expectNoAccessibilityViolation(page, '/frais-de-notaire (téléphone)');
    });

    it('fits the administration, its pending-request banner and its button in the width of the header', async () => {
      const page = await newPage(adminToken);
      await page.goto(`${product.url}/admin`);
      const banner = page.getByRole('alert').filter({ hasText: 'Demandes de droits en attente' });
      await expectFullyVisible(banner, 'le bandeau des demandes en attente');
      await expectFullyVisible(banner.getByRole('button', { name: /^Accorder les droits d'intermédiaire à Jean-Baptiste/ }), 'le bouton « Accorder »');
      await expectFullyVisible(banner.getByText('jean-baptiste.delacroix-montgolfier@agence-immobiliere-exemple.fr', { exact: false }), "l'adresse du demandeur");
      await page.getByRole('table').first().waitFor();
      await expectNoHorizontalOverflow(page, '/admin');
      for (const tab of ['Facturation', 'Mails en échec']) {
        await page.getByRole('tab', { name: tab }).click();
        await page.getByRole('tabpanel', { name: tab }).waitFor();
        await page.waitForLoadState('networkidle');
        await expectNoHorizontalOverflow(page, `/admin, onglet ${tab}`);
      }
      await page.getByRole('tab', { name: 'Utilisateurs' }).click();
      const headerWidth = await page.locator('header').first().evaluate((header) => header.getBoundingClientRect().width);
      const mainWidth = await page.getByRole('main').evaluate((main) => main.scrollWidth);
      expect(mainWidth, 'la page est plus large que l’en-tête').toBeLessThanOrEqual(headerWidth);
      await expectNoAccessibilityViolation(page, '/admin (téléphone)');
    });

    it('shows "(Créateur)" whole on the person card', async () => {
      const page = await newPage(clientToken);
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

  it('reaches the show-password button with the keyboard; it says whether the password is shown', async () => {
    const page = await newPage();
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

  it('says why a signed file’s questionnaire is read-only, with answers as readable as typed ones', async () => {
    const { id } = await callApi<{ id: number }>(product.url, 'POST', 'project', { name: 'Vente signée', type: 'realty', subtype: 'house', role: 'seller' }, clientToken);
    await callApi(product.url, 'PATCH', `project/${id}`, { office: PARIS_OFFICE_ID }, clientToken);
    await callApi(product.url, 'PATCH', 'project/status', { id, status: 5 }, adminToken);
    const page = await newPage(clientToken, { width: 1366, height: 900 });
    await page.goto(`${product.url}/project/${id}/dashboard`);
    await page.getByRole('button', { name: /^Ouvrir le questionnaire / }).first().click();
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

  it('links "Mes documents" from the user menu', async () => {
    const page = await newPage(clientToken);
    await page.goto(`${product.url}/dashboard`);
    await page.getByRole('button', { name: /^Menu utilisateur de / }).click();
    await page.getByRole('menuitem', { name: 'Mes documents' }).click();
    await page.waitForURL('**/mydocuments');
    await page.getByRole('heading', { level: 1, name: 'Mes documents' }).waitFor();
  });

  it('stars the seven contact fields and says under each what is missing, the spec message once', async () => {
    const page = await newPage();
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

  it('answers 404 with the not-found page at an unknown address, 200 at the known ones', async () => {
    const page = await newPage();
    const unknown = await page.goto(`${product.url}/page-qui-n-existe-pas`);
    expect(unknown?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: '404 - Page introuvable.' }).waitFor();
    for (const path of ['/frais-de-notaire', '/login', `/project/${projectId}/dashboard`]) {
      expect((await page.goto(`${product.url}${path}`))?.status(), path).toBe(200);
    }
  });

  it('tells the notary why files cannot be transferred when the drafting software does not answer', async () => {
    await callApi(product.url, 'PATCH', 'project/status', { id: projectId, status: 2 }, adminToken);
    const notaryToken = await signInToken(product.url, { email: 'notaire@notadoo.fr', password: 'Notadoo-Notaire-2026!' });
    const page = await newPage(notaryToken);
    await page.goto(`${product.url}/project/${projectId}/dashboard`);
    await page.getByText('Logiciel de rédaction injoignable sur ce poste').waitFor();
    expect(await page.getByRole('button', { name: 'Transférer les fichiers' }).isDisabled()).toBe(true);
    await expectFullyVisible(page.getByRole('button', { name: 'Réessayer' }), 'le bouton « Réessayer »');
    await expectNoHorizontalOverflow(page, 'projet, passerelle injoignable');
  });
});
