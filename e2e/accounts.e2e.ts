import { NOTARY } from './support/accounts';
import { expectNoAccessibilityViolation } from './support/accessibility';
import { expect, test } from './support/fixtures';
import { linkIn } from './support/product';
import { signInThroughLoginPage } from './support/sign-in';

const password = 'Lavande2026';
/** Camille Roux, signed up through the API under `email` (each test its own address). */
const camille = (email: string) => ({ firstName: 'Camille', lastName: 'Roux', email, password });

test.describe('account journey in the browser', () => {
  test('signs up, with the submit button enabled only once the password rules hold', async ({ product, newPage }) => {
    const page = await newPage();
    await page.goto(`${product.url}/signup`);
    await expectNoAccessibilityViolation(page);
    await page.getByLabel('Prénom', { exact: true }).fill('Camille');
    await page.getByLabel('Nom', { exact: true }).fill('Roux');
    await page.getByLabel('Adresse email', { exact: true }).fill('camille.roux@exemple.fr');
    const submit = page.getByRole('button', { name: 'Créer mon compte' });
    await page.getByLabel('Mot de passe', { exact: true }).fill('court1');
    await page.getByLabel('Confirmation du mot de passe', { exact: true }).fill('court1');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Mot de passe', { exact: true }).fill(password);
    await page.getByLabel('Confirmation du mot de passe', { exact: true }).fill(password);
    await page.getByLabel("J'accepte les conditions d'utilisation").check();
    expect(await submit.isEnabled()).toBe(true);
    await submit.click();
    await page.waitForURL('**/dashboard');
    await page.getByText('Merci de confirmer votre adresse email.').waitFor();
    await expectNoAccessibilityViolation(page);
  });

  test('confirms the e-mail through the link of the written mail', async ({ product, seed, newPage }) => {
    const email = 'camille.confirme@exemple.fr';
    const token = await seed.signUp(camille(email));
    // Written by the mail outbox worker right after the signup is committed.
    const link = linkIn(await product.mailTo(email), '/email/confirm?');
    expect(link.startsWith(product.url)).toBe(true);
    const page = await newPage({ token });
    await page.goto(`${product.url}/dashboard`);
    await page.getByText('Merci de confirmer votre adresse email.').waitFor();
    await page.goto(link);
    await page.getByText('Votre adresse email a été confirmée avec succès.').waitFor();
    await expectNoAccessibilityViolation(page);
    await page.getByRole('link', { name: 'Accéder à mon tableau de bord' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: /Menu utilisateur de Camille Roux/ }).waitFor();
    expect(await page.getByText('Merci de confirmer votre adresse email.').count()).toBe(0);
  });

  test('signs out through the user menu and reaches the homepage', async ({ product, seed, newPage }) => {
    const token = await seed.signUp(camille('camille.sortie@exemple.fr'));
    const page = await newPage({ token });
    await page.goto(`${product.url}/dashboard`);
    await page.getByRole('button', { name: /Menu utilisateur/ }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await page.waitForURL(`${product.url}/`, { timeout: 10_000 });
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'authToken')).toBeUndefined();
    await page.goto(`${product.url}/dashboard`);
    await page.waitForURL('**/login');
  });

  test('refuses a wrong password, then signs in again with the right one', async ({ product, seed, newPage }) => {
    const email = 'camille.retour@exemple.fr';
    await seed.signUp(camille(email));
    const page = await newPage();
    await page.goto(`${product.url}/login`);
    await page.getByLabel('Adresse email', { exact: true }).fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill('Mauvais2026');
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await page.getByText('Impossible de se connecter. Merci de vérifier vos identifiants.').waitFor();
    await expectNoAccessibilityViolation(page);
    await page.getByLabel('Mot de passe', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: /Menu utilisateur de Camille Roux/ }).waitFor();
  });

  test('lets a demo account sign in', async ({ product, newPage }) => {
    const page = await newPage();
    await signInThroughLoginPage(page, product, NOTARY);
    await page.getByRole('button', { name: /Menu utilisateur de Nicolas Bernard/ }).waitFor();
  });
});
