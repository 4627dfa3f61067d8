import type { Page } from 'playwright-core';
import { passSecondFactorInBrowser } from './second-factor';

/** Signs in through the login page, as a person does, and waits for the dashboard. */
export async function signInThroughLoginPage(page: Page, baseUrl: string, account: { email: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Adresse email', { exact: true }).fill(account.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  // Issue 27: an office member or admin gives the code, or sets the second factor up the first time.
  await passSecondFactorInBrowser(page, account.email);
  await page.waitForURL('**/dashboard');
}
