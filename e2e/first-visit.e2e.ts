import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser } from './support/browser';
import { startProduct, type RunningProduct } from './support/product';

/** What the test leaves on the page's window. */
type Marks = { appStarted?: boolean; sameDocument?: boolean; sent?: Element[] };

/** Marks, in the page, when the app has taken the prerendered markup over (main.tsx announces it). */
async function watchAppStart(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = window as unknown as Marks;
    document.addEventListener('notadoo:app-started', () => (seen.appStarted = true), { once: true });
  });
}

/** True once React has taken the element over (it keeps its fiber on the DOM node). */
function takenOver(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((css) => {
    const node = document.querySelector(css);
    return Boolean(node && Object.keys(node).some((key) => key.startsWith('__reactFiber')));
  }, selector);
}

describe.skipIf(!hasChromium)('first visit of the home page, prerendered and then taken over by the app in parts', () => {
  let product: RunningProduct;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  async function newVisitor(): Promise<{ page: Page; errors: string[] }> {
    await context?.close();
    context = await browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await watchAppStart(page);
    return { page, errors };
  }

  it('keeps the markup it was sent: every part of the page, header to footer, is taken over without being drawn again', async () => {
    const { page, errors } = await newVisitor();
    // Nodes of the prerendered page, kept before the app's code runs: the same nodes must be there after.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const kept = window as unknown as Marks;
        kept.sent = ['header', '#home-realty', 'form[aria-label="Inscription rapide"]', 'footer a[href="/legals"]'].map((css) => document.querySelector(css)!);
      });
    });
    const response = await page.goto(`${product.url}/`);
    expect(await response!.text()).toContain('Votre dossier notarial, en ligne et en toute simplicité');
    await page.waitForFunction(() => (window as unknown as Marks).appStarted === true);
    for (const css of ['header', '#home-realty', 'footer a[href="/legals"]']) {
      await expect.poll(() => takenOver(page, css), { timeout: 10_000 }).toBe(true);
    }
    const sameNodes = await page.evaluate(() =>
      (window as unknown as Marks).sent!.every((node) => node.isConnected),
    );
    expect(sameNodes).toBe(true);

    // The footer's link is the app's: the page changes without loading the document again.
    await page.evaluate(() => ((window as unknown as Marks).sameDocument = true));
    await page.getByRole('link', { name: 'Mentions légales' }).click();
    await page.waitForURL('**/legals');
    expect(await page.evaluate(() => (window as unknown as Marks).sameDocument)).toBe(true);
    expect(errors).toEqual([]);
  });

  it("sends a quick signup made before the app's code has arrived through the app once it has (no plain GET of the form)", async () => {
    const { page, errors } = await newVisitor();
    // The app's code arrives late, as on a slow link.
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname + new URL(frame.url()).search);
    });
    await page.goto(`${product.url}/`);
    await page.getByLabel('Votre adresse email').fill('lea.martin@exemple.fr');
    await page.getByRole('button', { name: 'Créer mon compte gratuitement' }).click();
    expect(await page.evaluate(() => (window as unknown as Marks).appStarted)).toBeUndefined();

    await page.waitForURL('**/signup?email=lea.martin%40exemple.fr');
    // The signup screen's code is late too: the field is awaited before its value is polled (a poll's call must end within its timeout).
    const email = page.getByLabel('Adresse email', { exact: true });
    await email.waitFor();
    await expect.poll(() => email.inputValue()).toBe('lea.martin@exemple.fr');
    expect(visited.filter((address) => address.includes('email=') && !address.startsWith('/signup'))).toEqual([]);
    expect(errors).toEqual([]);
  });
});
