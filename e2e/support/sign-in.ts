import type { Locator, Page } from '@playwright/test';
import type { Account } from './api';
import type { RunningProduct } from './product';
import { passSecondFactorInBrowser } from './second-factor';

/** Fills and sends the login page's form, as a person does (the page open at /login). */
export async function typeCredentials(page: Page, account: Account): Promise<void> {
  await page.getByLabel('Adresse email', { exact: true }).fill(account.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
}

/**
 * The dashboard once the server has given its files: a file's card, or the words of a dashboard without any. A
 * session the second factor's setup holds never sees them (the read is refused and the app goes to the setup screen).
 */
export function dashboardWithItsFiles(page: Page): Locator {
  const main = page.getByRole('main');
  return main
    .getByRole('article')
    .or(main.getByText("Bienvenue ! Vous n'avez pas encore de dossier."))
    .or(main.getByText('Votre demande de changement de rôle est en cours de traitement'));
}

/**
 * Signs in through the login page, as a person does, and waits for the dashboard. Issue 27: an office member or
 * admin gives the code, or sets the second factor up the first time; a browser that is the device the account
 * passed its second factor on through the API (its cookie known) is trusted and asked nothing.
 */
export async function signInThroughLoginPage(page: Page, product: RunningProduct, account: Account): Promise<void> {
  await product.secondFactors.trustThisDevice(page.context(), product.url, account.email);
  await page.goto(`${product.url}/login`);
  await typeCredentials(page, account);
  await passSecondFactorInBrowser(page, product.secondFactors, account.email, dashboardWithItsFiles(page));
  await page.waitForURL('**/dashboard');
  await dashboardWithItsFiles(page).first().waitFor();
}
