import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import type { NewPage } from './support/pages';

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

/** A first visitor's page, its errors (uncaught or logged) collected, watched for the app's start. */
async function newVisitor(newPage: NewPage): Promise<{ page: Page; errors: string[] }> {
  const page = await newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await watchAppStart(page);
  return { page, errors };
}

test.describe('first visit of the home page, prerendered and then taken over by the app in parts', () => {
  test('keeps the markup it was sent: every part of the page, header to footer, is taken over without being drawn again', async ({
    product,
    newPage,
  }) => {
    const { page, errors } = await newVisitor(newPage);
    // Nodes of the prerendered page, kept before the app's code runs: the same nodes must be there after.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const kept = window as unknown as Marks;
        kept.sent = ['header', '#home-realty', 'form[aria-label="Inscription rapide"]', 'footer a[href="/legals"]'].map((css) =>
          document.querySelector(css)!,
        );
      });
    });
    const response = await page.goto(`${product.url}/`);
    expect(await response!.text()).toContain('Votre dossier notarial, en ligne et en toute simplicité');
    await page.waitForFunction(() => (window as unknown as Marks).appStarted === true);
    for (const css of ['header', '#home-realty', 'footer a[href="/legals"]']) {
      await expect.poll(() => takenOver(page, css), { timeout: 10_000 }).toBe(true);
    }
    const sameNodes = await page.evaluate(() => (window as unknown as Marks).sent!.every((node) => node.isConnected));
    expect(sameNodes).toBe(true);

    // The footer's link is the app's: the page changes without loading the document again.
    await page.evaluate(() => ((window as unknown as Marks).sameDocument = true));
    await page.getByRole('link', { name: 'Mentions légales' }).click();
    await page.waitForURL('**/legals');
    expect(await page.evaluate(() => (window as unknown as Marks).sameDocument)).toBe(true);
    expect(errors).toEqual([]);
  });

  test("sends a quick signup made before the app's code has arrived through the app once it has (no plain GET of the form)", async ({
    product,
    newPage,
  }) => {
    const { page, errors } = await newVisitor(newPage);
    // The app's code arrives late, as on a slow link: held until the visitor has sent the form.
    let releaseCode!: () => void;
    const codeReleased = new Promise<void>((resolve) => (releaseCode = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await codeReleased;
      await route.continue();
    });
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname + new URL(frame.url()).search);
    });
    // The prerendered page, without waiting for its load event: that waits for the held code.
    await page.goto(`${product.url}/`, { waitUntil: 'commit' });
    await page.getByLabel('Votre adresse email').fill('lea.martin@exemple.fr');
    await page.getByRole('button', { name: 'Créer mon compte gratuitement' }).click();
    expect(await page.evaluate(() => (window as unknown as Marks).appStarted)).toBeUndefined();
    releaseCode();

    await page.waitForURL('**/signup?email=lea.martin%40exemple.fr');
    // The signup screen's code is late too: the field is awaited before its value is polled (a poll's call must end within its timeout).
    const email = page.getByLabel('Adresse email', { exact: true });
    await email.waitFor();
    await expect.poll(() => email.inputValue()).toBe('lea.martin@exemple.fr');
    expect(visited.filter((address) => address.includes('email=') && !address.startsWith('/signup'))).toEqual([]);
    expect(errors).toEqual([]);
  });
});
