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
export const PROJECT_TOURS = ['notadoo_tour_transmit', 'notadoo_tour_office'] as const;
/** The project page's tours and the questionnaire's help. */
export const ALL_TOURS = [...PROJECT_TOURS, 'notadoo_tour_questionnaire_help'] as const;

export interface FrenchPageOptions {
  /** The window's size; Playwright's default (1280×720) otherwise. */
  viewport?: { width: number; height: number };
  /** Signed in with this token (the authToken cookie), signed out without. */
  token?: string;
  /** The help tours marked as seen. */
  toursSeen?: readonly string[];
}

/**
 * A French page in a context of its own (its own session); the context joins
 * `contexts` for the suite to close.
 */
export async function newFrenchPage(browser: Browser, baseUrl: string, contexts: BrowserContext[], options: FrenchPageOptions = {}): Promise<Page> {
  const context = await browser.newContext({ locale: 'fr-FR', ...(options.viewport ? { viewport: options.viewport } : {}) });
  contexts.push(context);
  const cookies = (options.toursSeen ?? []).map((name) => ({ name, value: '1', url: baseUrl }));
  if (options.token) cookies.push({ name: 'authToken', value: options.token, url: baseUrl });
  if (cookies.length > 0) await context.addCookies(cookies);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** A French page signed out, the project page's tours already seen. */
export function newPageWithoutTours(browser: Browser, baseUrl: string, contexts: BrowserContext[]): Promise<Page> {
  return newFrenchPage(browser, baseUrl, contexts, { toursSeen: PROJECT_TOURS });
}
