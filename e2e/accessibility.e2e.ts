import type { Page } from '@playwright/test';
import { ADMIN, CLIENT } from './support/accounts';
import { expectNoAccessibilityViolation } from './support/accessibility';
import { test } from './support/fixtures';
import { ALL_TOURS, type FrenchPageOptions } from './support/pages';

const VIEWPORTS = [
  { name: 'ordinateur', width: 1366, height: 900 },
  { name: 'téléphone', width: 390, height: 844 },
] as const;
type Viewport = (typeof VIEWPORTS)[number];

const PUBLIC_PAGES = [
  '/',
  '/how-it-works',
  '/frais-de-notaire',
  '/le-reseau-notarial-notadoo',
  '/notaries',
  '/partners',
  '/contact',
  '/legals',
  '/login',
  '/signup',
  '/page-inconnue',
];
/** Set to a folder to keep a screenshot of every page checked (to look at them by eye). */
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;

const pageOptions = (viewport: Viewport, token?: string): FrenchPageOptions => ({
  token,
  viewport: { width: viewport.width, height: viewport.height },
  toursSeen: ALL_TOURS,
});

async function check(page: Page, viewport: Viewport, label: string) {
  if (SCREENSHOT_DIR)
    await page.screenshot({ path: `${SCREENSHOT_DIR}/${viewport.width}-${label.replace(/[^\w-]+/g, '_')}.png`, fullPage: true });
  await expectNoAccessibilityViolation(page, `${label} (${viewport.name})`);
}

/** The page's main heading is on screen, so that axe sees the page, not its loader. */
const pageLoaded = (page: Page) => page.getByRole('heading', { level: 1 }).first().waitFor();

/**
 * Every main page passes axe-core (WCAG 2.0 to 2.2, A and AA) signed out and
 * signed in, on a computer screen and on a phone.
 */
test.describe('accessibility of the main pages (axe-core)', () => {
  for (const viewport of VIEWPORTS) {
    test.describe(`${viewport.name} (${viewport.width}×${viewport.height})`, () => {
      test('signed out: public pages, login and signup', async ({ product, newPage }) => {
        const page = await newPage(pageOptions(viewport));
        for (const path of PUBLIC_PAGES) {
          await page.goto(`${product.url}${path}`);
          if (path === '/login' || path === '/signup') await page.getByRole('textbox', { name: 'Adresse email' }).waitFor();
          else await pageLoaded(page);
          await check(page, viewport, path);
        }
      });

      test('signed in as a client: dashboard, profile, documents, new file, project tabs and a questionnaire', async ({
        product,
        api,
        seed,
        newPage,
      }) => {
        const clientToken = await api.signIn(CLIENT);
        const projectId = await seed.project(clientToken, { name: `Vente maison Lilas (${viewport.name})` });
        const page = await newPage(pageOptions(viewport, clientToken));
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
        await page
          .getByRole('button', { name: /^Ouvrir le questionnaire / })
          .first()
          .click();
        await page.waitForURL(`**/project/${projectId}/form/**`);
        await page.getByRole('navigation', { name: 'Étapes du questionnaire' }).waitFor();
        await check(page, viewport, 'questionnaire');
      });

      test('signed in as the administrator: administration', async ({ product, api, newPage }) => {
        const page = await newPage(pageOptions(viewport, await api.signIn(ADMIN)));
        await page.goto(`${product.url}/admin`);
        await pageLoaded(page);
        await check(page, viewport, '/admin');
      });
    });
  }
});
