import { expectNoAccessibilityViolation } from './support/accessibility';
import { expect, test } from './support/fixtures';
import { officeAddress, seedOfficeMember } from './support/office-members';
import { passSecondFactorInBrowser } from './support/second-factor';
import { dashboardWithItsFiles, typeCredentials } from './support/sign-in';

const WEAK = 'Lanterne123';
const STRONG = 'Vq8$kTn3#pZw6-Etude';
/** A notary whose password meets the clients' rule only, one a test. */
const notary = (firstName: string, lastName: string) => ({
  firstName,
  lastName,
  email: officeAddress(firstName, lastName),
  password: WEAK,
});

/**
 * Issue 27 (passwords): a notary whose password meets the clients' rule only
 * (an admin registered her as a client, then made her a notary of the Paris
 * office) signs in, is stopped at « Choisissez un mot de passe plus robuste »
 * whatever page she asks for, sees her attempts judged live, sets a strong
 * password, then her second factor, and reaches her dashboard; the weak one
 * no longer signs in.
 */
test.describe('a notary with a weak password sets a strong one before anything else', () => {
  test('stops the notary at the screen after signing in, on every private page', async ({ product, api, seed, newPage }) => {
    const member = notary('Agnès', 'Faible');
    await seedOfficeMember(api, seed, member);
    const page = await newPage({ timeout: 20_000 });
    // The password comes before the second factor: no code is asked yet.
    await page.goto(`${product.url}/login`);
    await typeCredentials(page, member);
    const title = page.getByRole('heading', { level: 1, name: 'Choisissez un mot de passe plus robuste' });
    await title.waitFor();
    await page.goto(`${product.url}/profile`);
    await title.waitFor();
    expect(await page.getByRole('heading', { name: 'Mon profil' }).count()).toBe(0);
    await expectNoAccessibilityViolation(page, 'écran « mot de passe plus robuste »');
  });

  test('judges the new password live, then has the second factor set up, then lets the notary through to the dashboard', async ({
    product,
    api,
    seed,
    newPage,
  }) => {
    const member = notary('Camille', 'Roux');
    await seedOfficeMember(api, seed, member);
    const page = await newPage({ timeout: 20_000 });
    await page.goto(`${product.url}/login`);
    await typeCredentials(page, member);
    await page.getByRole('heading', { level: 1, name: 'Choisissez un mot de passe plus robuste' }).waitFor();

    await page.getByLabel('Mot de passe actuel').fill(WEAK);
    const fresh = page.getByLabel('Nouveau mot de passe', { exact: true });
    await fresh.fill('Roux-Camille-75!');
    await page.getByText('Ce mot de passe est construit à partir de votre nom').waitFor();
    await fresh.fill('Tilleul42');
    await page
      .getByText(/doit atteindre 80 bits de robustesse/)
      .first()
      .waitFor();
    const save = page.getByRole('button', { name: 'Enregistrer mon nouveau mot de passe' });
    expect(await save.isDisabled()).toBe(true);

    await fresh.fill(STRONG);
    await page.getByLabel('Confirmation du nouveau mot de passe').fill(STRONG);
    await page.getByText(/Robustesse : \d+ bits sur les 80 demandés/).waitFor();
    await save.click();
    await page.getByRole('heading', { name: 'Configurer la double authentification' }).waitFor();
    await passSecondFactorInBrowser(page, product.secondFactors, member.email, dashboardWithItsFiles(page));
    await page.goto(`${product.url}/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Mes dossiers' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Choisissez un mot de passe plus robuste' }).count()).toBe(0);
  });

  test('refuses the weak password at the next sign-in and takes the strong one', async ({ product, api, seed }) => {
    const member = notary('Béatrice', 'Forte');
    await seedOfficeMember(api, seed, member);
    // She set a strong password, then her second factor, as the screens above have her do.
    const { token: held } = await api.call<{ token: string }>('POST', 'users/login', { login: member.email, password: WEAK });
    await api.call('POST', 'users/me/password', { password: WEAK, passwordNew: STRONG, passwordNewConfirm: STRONG }, held);
    await api.signIn({ email: member.email, password: STRONG });

    const refused = await fetch(`${product.url}/api/users/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ login: member.email, password: WEAK }),
    });
    expect(refused.status).toBe(401);
    const partial = await api.call<{ token: string; secondFactor: string }>('POST', 'users/login', {
      login: member.email,
      password: STRONG,
    });
    expect(partial.secondFactor).toBe('required');
    const { token } = await api.call<{ token: string }>(
      'POST',
      'auth/second-factor/verify',
      { code: await product.secondFactors.freshTotpCode(member.email) },
      partial.token,
    );
    const me = await api.call<{ passwordChangeRequired: boolean }>('GET', 'users/me', undefined, token);
    expect(me.passwordChangeRequired).toBe(false);
  });
});
