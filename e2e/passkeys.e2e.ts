import type { Page } from '@playwright/test';
import { ADMIN } from './support/accounts';
import { expectNoAccessibilityViolation } from './support/accessibility';
import type { Account } from './support/api';
import { expect, test } from './support/fixtures';
import { officeAddress, seedOfficeMember, type NewOfficeMember } from './support/office-members';
import type { RunningProduct } from './support/product';
import { signInThroughLoginPage, typeCredentials } from './support/sign-in';
import { addVirtualAuthenticator } from './support/virtual-authenticator';

const PASSWORD = 'Notadoo-Notaire-2026!';
/** A notary of the Paris office who never signed in, one a test. */
const notary = (firstName: string, lastName: string): NewOfficeMember => ({
  firstName,
  lastName,
  email: officeAddress(firstName, lastName),
  password: PASSWORD,
});

async function typePassword(page: Page, product: RunningProduct, account: Account) {
  await page.goto(`${product.url}/login`);
  await typeCredentials(page, account);
}

/** Signs out (the session cookie gone), then opens the login page. */
async function signOut(page: Page, product: RunningProduct) {
  await page.goto(`${product.url}/logout`);
  await page.waitForURL((url) => url.pathname === '/');
  expect((await page.context().cookies()).some((c) => c.name === 'authToken')).toBe(false);
  await page.goto(`${product.url}/login`);
}

/** The first sign-in's setup screen, answered with a passkey of this computer named « Ordinateur du bureau ». */
async function makePasskeyAtSetup(page: Page, product: RunningProduct, account: Account) {
  await typePassword(page, product, account);
  await page.waitForURL('**/second-factor/setup');
  const form = page.getByRole('form', { name: 'Ajouter une clé d’accès' });
  await form.getByLabel('Nom de la clé d’accès').fill('Ordinateur du bureau');
  await form.getByRole('button', { name: 'Créer une clé d’accès' }).click();
  await page.waitForURL('**/dashboard');
}

/**
 * Issue 27: a notary, at the setup screen of their first sign-in, makes a
 * passkey on this computer (a virtual authenticator of Chromium's DevTools
 * WebAuthn domain), signs out, signs in with the passkey alone, and answers a
 * re-authentication with it. Then an admin resets the notary's second factor
 * from the admin screen: the next sign-in asks for a new one. Each test has a
 * notary of its own, made by an admin through the API, and a computer of its own.
 */
test.describe('passkeys in the browser', () => {
  // WebAuthn refuses an IP address as relying party: the product answers at localhost.
  test.use({ productOptions: { publicHost: 'localhost' } });

  test('lets the notary make a passkey at the setup screen instead of the app', async ({ product, api, seed, newPage }) => {
    const member = notary('Agathe', 'Clef');
    await seedOfficeMember(api, seed, member);
    const page = await newPage();
    const device = await addVirtualAuthenticator(page);
    await typePassword(page, product, member);
    await page.waitForURL('**/second-factor/setup');
    const form = page.getByRole('form', { name: 'Ajouter une clé d’accès' });
    await form.waitFor();
    await expectNoAccessibilityViolation(page, 'mise en place avec une clé d’accès');
    // A passkey needs a name.
    await form.getByRole('button', { name: 'Créer une clé d’accès' }).click();
    await form.getByText('Donnez un nom à cette clé d’accès').waitFor();
    await form.getByLabel('Nom de la clé d’accès').fill('Ordinateur du bureau');
    await form.getByRole('button', { name: 'Créer une clé d’accès' }).click();
    await page.waitForURL('**/dashboard');
    const credentials = await device.credentials();
    expect(credentials).toHaveLength(1);
    expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });

    await page.goto(`${product.url}/profile`);
    const security = page.getByRole('region', { name: 'Sécurité' });
    await security.getByRole('list', { name: 'Vos clés d’accès' }).getByText('Ordinateur du bureau').waitFor();
  });

  test('signs the notary in with the passkey alone, without address nor password', async ({ product, api, seed, newPage }) => {
    const member = notary('Bastien', 'Clef');
    await seedOfficeMember(api, seed, member);
    const page = await newPage();
    const device = await addVirtualAuthenticator(page);
    await makePasskeyAtSetup(page, product, member);

    await signOut(page, product);
    await page.getByRole('button', { name: 'Se connecter avec une clé d’accès' }).click();
    await page.waitForURL('**/dashboard');
    const signCount = (await device.credentials())[0]!.signCount;
    expect(signCount).toBeGreaterThan(0);
    await page.goto(`${product.url}/profile`);
    await page
      .getByRole('region', { name: 'Sécurité' })
      .getByText(/dernière utilisation le/)
      .waitFor();
  });

  test('answers a re-authentication with the passkey, 10 minutes after the sign-in', async ({ product, api, seed, newPage }) => {
    const member = notary('Camille', 'Clef');
    await seedOfficeMember(api, seed, member);
    const page = await newPage();
    const device = await addVirtualAuthenticator(page);
    await makePasskeyAtSetup(page, product, member);

    const token = (await page.context().cookies()).find((c) => c.name === 'authToken')!.value;
    await page
      .context()
      .addCookies([{ name: 'authToken', value: await product.secondFactors.sessionCheckedMinutesAgo(token, 10), url: product.url }]);
    await page.goto(`${product.url}/profile`);
    const security = page.getByRole('region', { name: 'Sécurité' });
    // Removing a passkey is a sensitive action: the server asks again.
    await security.getByRole('button', { name: 'Retirer la clé d’accès « Ordinateur du bureau »' }).click();
    const confirm = page.getByRole('dialog', { name: 'Retirer cette clé d’accès ?' });
    await confirm.getByRole('button', { name: 'Retirer la clé d’accès' }).click();
    const reauth = page.getByRole('dialog', { name: 'Confirmez votre identité' });
    await reauth.waitFor();
    await expectNoAccessibilityViolation(page, 'confirmation d’identité avec une clé d’accès');
    // Passkeys only: no password field stands for them.
    expect(await reauth.getByLabel('Mot de passe').count()).toBe(0);
    const before = (await device.credentials())[0]!.signCount;
    await reauth.getByRole('button', { name: 'Utiliser une clé d’accès' }).click();
    await reauth.waitFor({ state: 'detached' });
    expect((await device.credentials())[0]!.signCount).toBeGreaterThan(before);
    // The call went on, checked now: an office member keeps their last factor, said in French.
    await security.getByText(/ajoutez une autre clé d’accès ou une application d’authentification avant de retirer la dernière/).waitFor();
    await security.getByRole('list', { name: 'Vos clés d’accès' }).getByText('Ordinateur du bureau').waitFor();
  });

  test('lets an admin reset the notary’s second factor from the admin screen; the notary sets one up again', async ({
    product,
    api,
    seed,
    newPage,
  }) => {
    const member = notary('Denis', 'Clef');
    await seedOfficeMember(api, seed, member);
    const page = await newPage();
    await addVirtualAuthenticator(page);
    await makePasskeyAtSetup(page, product, member);

    const admin = await newPage();
    await signInThroughLoginPage(admin, product, ADMIN);
    await admin.goto(`${product.url}/admin`);
    await admin.getByRole('button', { name: 'Réinitialiser la double authentification : Denis Clef' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Réinitialiser la double authentification' });
    await dialog.getByText(/les clés d’accès de Denis Clef ne seront plus acceptés/).waitFor();
    await dialog.getByRole('button', { name: 'Réinitialiser' }).click();
    await admin.getByText('La double authentification de ce compte a été réinitialisée ; un mail l’en informe.').waitFor();
    expect(await product.mailTo(member.email)).toContain('Subject:');

    // The passkey left on the computer no longer opens the account.
    await signOut(page, product);
    await page.getByRole('button', { name: 'Se connecter avec une clé d’accès' }).click();
    await page
      .getByRole('alert')
      .getByText(/Connexion par clé d’accès refusée/)
      .waitFor();
    // The password leads to the setup screen again.
    await typePassword(page, product, member);
    await page.waitForURL('**/second-factor/setup');
    await page.getByRole('heading', { name: 'Configurer la double authentification' }).waitFor();
  });
});
