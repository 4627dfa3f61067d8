import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM_PATH);

if (!hasChromium) {
  console.warn(
    `\n*** Tests navigateur IGNORÉS : Chromium introuvable à ${CHROMIUM_PATH}. ` +
      'Installez-le (apt-get install -y chromium) ou indiquez CHROMIUM_PATH. ***\n',
  );
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** The tours of the project page, marked as seen so that no overlay covers the tabs. */
const PROJECT_TOURS = ['notadoo_tour_transmit', 'notadoo_tour_office'];

/**
 * A French page in a context of its own (its own session), the project page's
 * tours already seen; the context joins `contexts` for the suite to close.
 */
export async function newPageWithoutTours(browser: Browser, baseUrl: string, contexts: BrowserContext[]): Promise<Page> {
  const context = await browser.newContext({ locale: 'fr-FR' });
  await context.addCookies(PROJECT_TOURS.map((name) => ({ name, value: '1', url: baseUrl })));
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}
