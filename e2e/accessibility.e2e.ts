import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectNoAccessibilityViolation } from './support/accessibility';
import { callApi, signInToken } from './support/api';
import { ALL_TOURS, hasChromium, launchBrowser, newFrenchPage } from './support/browser';
import { startProduct, type RunningProduct } from './support/product';

const VIEWPORTS = [
  { name: 'ordinateur', width: 1366, height: 900 },
  { name: 'téléphone', width: 390, height: 844 },
] as const;

const PUBLIC_PAGES = ['/', '/how-it-works', '/frais-de-notaire', '/le-reseau-notarial-notadoo', '/notaries', '/partners', '/contact', '/legals', '/login', '/signup', '/page-inconnue'];
/** Set to a folder to keep a screenshot of every page checked (to look at them by eye). */
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;

/**
 * Every main page passes axe-core (WCAG 2.0 to 2.2, A and AA) signed out and
 * signed in, on a computer screen and on a phone.
 */
describe.skipIf(!hasChromium)('accessibility of the main pages (axe-core)', () => {
  let product: RunningProduct;
  let browser: Browser;
  let clientToken: string;
  let adminToken: string;
  let projectId: number;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    clientToken = await signInToken(product.url, { email: 'client@notadoo.fr', password: 'Dossier2026' });
    adminToken = await signInToken(product.url, { email: 'admin@notadoo.fr', password: 'Notadoo-Admin-2026!' });
    projectId = (await callApi<{ id: number }>(product.url, 'POST', 'project', { name: 'Vente maison Lilas', type: 'realty', subtype: 'house', role: 'seller' }, clientToken)).id;
    await callApi(product.url, 'PATCH', `project/${projectId}`, { office: 1 }, clientToken);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await product?.stop();
  });

  const newPage = (viewport: (typeof VIEWPORTS)[number], token?: string): Promise<Page> =>
    newFrenchPage(browser, product.url, contexts, { token, viewport: { width: viewport.width, height: viewport.height }, toursSeen: ALL_TOURS });

  async function check(page: Page, viewport: (typeof VIEWPORTS)[number], label: string) {
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/${viewport.width}-${label.replace(/[^\w-]+/g, '_')}.png`, fullPage: true });
    await expectNoAccessibilityViolation(page, `${label} (${viewport.name})`);
  }

  /** The page's main heading is on screen, so that axe sees the page, not its loader. */
  const pageLoaded = (page: Page) => page.getByRole('heading', { level: 1 }).first().waitFor();

  describe.each(VIEWPORTS)('$name ($width×$height)', (viewport) => {
    it('signed out: public pages, login and signup', async () => {
      const page = await newPage(viewport);
      for (const path of PUBLIC_PAGES) {
        await page.goto(`${product.url}${path}`);
        if (path === '/login' || path === '/signup') await page.getByRole('textbox', { name: 'Adresse email' }).waitFor();
        else await pageLoaded(page);
        await check(page, viewport, path);
      }
    });

    it('signed in as a client: dashboard, profile, documents, new file, project tabs and a questionnaire', async () => {
      const page = await newPage(viewport, clientToken);
      for (const path of ['/dashboard', '/profile', '/mydocuments', '/project/new']) {
        await page.goto(`${product.url}${path}`);
        await pageLoaded(page);
        await check(page, viewport, path);
      }
      await page.goto(`${product.url}/project/${projectId}/dashboard`);
      for (const tab of ['Documents', 'Personnes', 'Outils', 'Office notarial']) {
        await page.getByRole('tab', { name: tab }).click();
        await page.getByRole('tab', { name: tab, selected: true }).waitFor();
        await page.getByRole('tabpanel').first().waitFor();
        await check(page, viewport, `projet-${tab}`);
      }
      await page.getByRole('tab', { name: 'Documents' }).click();
      await page.getByRole('button', { name: /^Ouvrir le questionnaire / }).first().click();
      await page.waitForURL(`**/project/${projectId}/form/**`);
      await page.getByRole('navigation', { name: 'Étapes du questionnaire' }).waitFor();
      await check(page, viewport, 'questionnaire');
    });

    it('signed in as the administrator: administration', async () => {
      const page = await newPage(viewport, adminToken);
      await page.goto(`${product.url}/admin`);
      await pageLoaded(page);
      await check(page, viewport, '/admin');
    });
  });
});
