import type { Page } from '@playwright/test';
import { ADMIN, CLIENT } from './support/accounts';
import { expectNoAccessibilityViolation } from './support/accessibility';
import type { ProductApi } from './support/api';
import { expect, test } from './support/fixtures';
import { PHONE, type NewPage } from './support/pages';
import type { Seed } from './support/seed';
import { signInThroughLoginPage } from './support/sign-in';

const NOTARY_PASSWORD = 'Notadoo-Notaire-2026!';
const LYON_FILES = ['Les Lilas, Paris', 'Vente Montreuil'];

const usersRows = (page: Page) => page.getByRole('table', { name: 'Utilisateurs' }).locator('tbody tr');

/** A client's files entrusted to the Lyon office. */
async function seedLyonFiles(api: ProductApi, seed: Seed): Promise<void> {
  const token = await api.signIn(CLIENT);
  const lyon = await seed.officeId('Lyon');
  for (const name of LYON_FILES) await seed.project(token, { name, office: lyon });
}

/** The administration at a phone's width, the admin signed in. */
async function adminPage(api: ProductApi, newPage: NewPage, url: string): Promise<Page> {
  const admin = await newPage({ viewport: PHONE, token: await api.signIn(ADMIN), timeout: 20_000 });
  await admin.goto(url);
  return admin;
}

/**
 * Issue 23: an admin finds a new notary by a part of their name typed without
 * accents, attaches them to an office from the users table, and the notary
 * then finds the office's file on their dashboard by words across
 * punctuation; the billing screen says why a range gives nothing. On a
 * phone's width. The notaries sign up as anyone does.
 */
test.describe('an office for a new notary, searches and the billing range in the browser', () => {
  test('finds users by a part of their e-mail and by a name typed without its accents', async ({ product, api, seed, newPage }) => {
    const email = 'louise.heritiere@etude-lyon.fr';
    await seed.signUp({ firstName: 'Louise', lastName: 'Héritière', email, password: NOTARY_PASSWORD });
    const admin = await adminPage(api, newPage, `${product.url}/admin`);
    const search = admin.getByLabel('Rechercher un utilisateur');
    await search.fill('notadoo.fr');
    await admin.waitForFunction(() => document.querySelectorAll('table[aria-label="Utilisateurs"] tbody tr').length === 4);
    expect(await usersRows(admin).allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringContaining('admin@notadoo.fr'), expect.stringContaining('client@notadoo.fr')]),
    );
    await search.fill('heritiere');
    await admin.waitForFunction(() => document.querySelectorAll('table[aria-label="Utilisateurs"] tbody tr').length === 1);
    expect(await usersRows(admin).first().innerText()).toContain(email);
  });

  test('attaches the new notary to the Lyon office from the users table, which then shows it', async ({ product, api, seed, newPage }) => {
    await seed.signUp({ firstName: 'Joséphine', lastName: 'Étienne', email: 'josephine.etienne@etude-lyon.fr', password: NOTARY_PASSWORD });
    const admin = await adminPage(api, newPage, `${product.url}/admin`);
    await admin.getByLabel('Rechercher un utilisateur').fill('etienne');
    await admin.waitForFunction(() => document.querySelectorAll('table[aria-label="Utilisateurs"] tbody tr').length === 1);
    const picker = admin.getByRole('combobox', { name: 'Office notarial : Joséphine Étienne' });
    expect(await picker.inputValue()).toBe('Aucun office');
    await picker.click();
    await admin.getByRole('option', { name: 'Lyon', exact: true }).click();
    await admin.getByText("Joséphine Étienne est désormais rattaché(e) à l'office de Lyon.").waitFor();
    // Read again from the server.
    await admin.reload();
    await admin.getByLabel('Rechercher un utilisateur').fill('étienne joséphine');
    await admin.waitForFunction(() => document.querySelectorAll('table[aria-label="Utilisateurs"] tbody tr').length === 1);
    const reloaded = admin.getByRole('combobox', { name: 'Office notarial : Joséphine Étienne' });
    await admin.waitForFunction(
      () => (document.querySelector<HTMLInputElement>('input[aria-label="Office notarial : Joséphine Étienne"]')?.value ?? '') === 'Lyon',
    );
    expect(await reloaded.inputValue()).toBe('Lyon');
    await expectNoAccessibilityViolation(admin, "tableau des utilisateurs avec l'office (390 px)");
  });

  test("lets the notary find the office's file on the dashboard by words across punctuation", async ({ product, api, seed, newPage }) => {
    const notary = { email: 'pierre.lyonnais@etude-lyon.fr', password: NOTARY_PASSWORD };
    const notaryToken = await seed.signUp({ firstName: 'Pierre', lastName: 'Lyonnais', ...notary });
    // Attached to the Lyon office by an admin, as the users table does it.
    const { id } = await api.call<{ id: number }>('GET', 'users/me', undefined, notaryToken);
    await api.call('PATCH', `users/${id}`, { notaryOffice: await seed.officeId('Lyon') }, await api.signIn(ADMIN));
    await seedLyonFiles(api, seed);

    const page = await newPage({ viewport: PHONE, timeout: 20_000 });
    await signInThroughLoginPage(page, product, notary);
    const search = page.getByRole('searchbox', { name: 'Rechercher un dossier' });
    await search.fill('lilas paris');
    await page.getByText('Les Lilas, Paris').first().waitFor();
    await page.waitForFunction(() => !document.body.innerText.includes('Vente Montreuil'));
    await search.fill('montreuil vente');
    await page.getByText('Vente Montreuil').first().waitFor();
  });

  test.describe('with a product of its own, which holds no other file', () => {
    // The billing counts every file of the product.
    test.use({ productOptions: { ownProduct: 'billing' } });

    test('says why a billing range gives nothing instead of "0 dossier"', async ({ product, api, seed, newPage }) => {
      await seedLyonFiles(api, seed);
      const admin = await adminPage(api, newPage, `${product.url}/admin?tab=billing`);
      await admin.getByText(/dossiers? ouverts? sur la période/).waitFor();
      const year = new Date().getFullYear();
      await admin.getByLabel('Au', { exact: true }).fill(`${year - 1}-06-30`);
      const alert = admin.getByRole('alert').filter({ hasText: 'La date de début doit précéder la date de fin.' });
      await alert.waitFor();
      expect(await admin.getByText(/dossiers? ouverts? sur la période/).count()).toBe(0);
      expect(await admin.getByRole('button', { name: 'Exporter en CSV' }).isDisabled()).toBe(true);
      await expectNoAccessibilityViolation(admin, 'facturation, période inversée (390 px)');
      await admin.getByLabel('Au', { exact: true }).fill(`${year}-12-31`);
      await admin.getByText('2 dossiers ouverts sur la période').waitFor();
    });
  });
});
