import type { Browser, BrowserContext, Page } from '@playwright/test';

/** The tours of the project page, marked as seen so that no overlay covers the tabs. */
export const PROJECT_TOURS = ['notadoo_tour_transmit', 'notadoo_tour_office'] as const;
/** The project page's tours and the questionnaire's help. */
export const ALL_TOURS = [...PROJECT_TOURS, 'notadoo_tour_questionnaire_help'] as const;

export const DESKTOP = { width: 1366, height: 900 } as const;
export const PHONE = { width: 390, height: 844 } as const;

export interface FrenchPageOptions {
  /** The window's size; Playwright's default (1280×720) otherwise. */
  viewport?: { width: number; height: number };
  /** Signed in with this token (the authToken cookie), signed out without. */
  token?: string;
  /** The help tours marked as seen. */
  toursSeen?: readonly string[];
  /** A browser without JavaScript (the prerendered pages alone). */
  javaScriptEnabled?: boolean;
  /** How long an action or a wait may take; 15 s unless said. */
  timeout?: number;
}

export type NewPage = (options?: FrenchPageOptions) => Promise<Page>;

/**
 * A French page in a browser context of its own (its own session, like
 * another person's computer). The contexts are kept for the fixture to close
 * once the test is over (after Playwright kept their trace and screenshots).
 */
export async function openFrenchPage(
  browser: Browser,
  baseUrl: string,
  contexts: BrowserContext[],
  options: FrenchPageOptions = {},
): Promise<Page> {
  const context = await browser.newContext({
    locale: 'fr-FR',
    acceptDownloads: true,
    ...(options.viewport ? { viewport: options.viewport } : {}),
    ...(options.javaScriptEnabled === false ? { javaScriptEnabled: false } : {}),
  });
  contexts.push(context);
  const cookies = (options.toursSeen ?? []).map((name) => ({ name, value: '1', url: baseUrl }));
  if (options.token) cookies.push({ name: 'authToken', value: options.token, url: baseUrl });
  if (cookies.length > 0) await context.addCookies(cookies);
  const page = await context.newPage();
  page.setDefaultTimeout(options.timeout ?? 15_000);
  return page;
}
