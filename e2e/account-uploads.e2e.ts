import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoAccessibilityViolation } from './support/accessibility';
import { expect, test } from './support/fixtures';
import { PHONE, PROJECT_TOURS } from './support/pages';
import { signInThroughLoginPage } from './support/sign-in';

const CLAIRE = { firstName: 'Claire', lastName: 'Żółć', email: 'claire.zolc@exemple.fr', password: 'Compte2026' };
const NEW_ADDRESS = 'claire.nouvelle@exemple.fr';
const SECRET = 'SansScript2026';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\nstartxref\n0\n%%EOF\n');
/** The delay between the e-mail change and the sign-out (SIGN_OUT_AFTER_ACCOUNT_CHANGE_MS). */
const SIGN_OUT_AFTER_MS = 3000;

/** The page's clock (installed by `page.clock.install()`), in milliseconds. */
const pageNow = (page: Page): Promise<number> => page.evaluate(() => Date.now());

/**
 * Issue 23: the e-mail change, the upload checks and the password forms as a
 * person meets them. The product runs as in production, so that the server
 * logs each request (and the test can read that no password is among them).
 */
test.describe('account and uploads in the browser', () => {
  test.use({ productOptions: { env: { NODE_ENV: 'production' } } });

  test('posts the login form of the prerendered page, not in the address, when the app has not run', async ({ product, newPage }) => {
    const page = await newPage({ javaScriptEnabled: false });
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(`${new URL(request.url()).pathname} ${request.postData() ?? ''}`);
    });
    await page.goto(`${product.url}/login`);
    await page.getByLabel('Adresse email', { exact: true }).fill('claire.sansscript@exemple.fr');
    await page.getByLabel('Mot de passe', { exact: true }).fill(SECRET);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await page.waitForLoadState('load');
    // Sent in the body, answered by the page again: never a 404 nor the password in an address.
    expect(page.url()).toBe(`${product.url}/login`);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatch(/^\/login .*password=SansScript2026/);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).waitFor();
    await expect.poll(() => product.output()).toContain('"url":"/login"');
    expect(product.output()).not.toContain(SECRET);

    // The home page's quick signup goes where the app would take it.
    await page.goto(`${product.url}/`);
    await page.getByLabel('Votre adresse email').fill('lea@exemple.fr');
    await page.getByRole('button', { name: 'Créer mon compte gratuitement' }).click();
    await page.waitForURL('**/signup?email=lea%40exemple.fr');
  });

  test('refuses a file over 20 Mo in the dialog without sending it, shows the server refusing a false PDF, then sends a real one', async ({
    product,
    seed,
    newPage,
  }) => {
    const claire = { ...CLAIRE, email: 'claire.envois@exemple.fr' };
    const projectId = await seed.project(await seed.signUp(claire), { name: 'Vente maison Żółć' });
    const page = await newPage({ viewport: PHONE, toursSeen: PROJECT_TOURS });
    await signInThroughLoginPage(page, product, claire);
    await page.goto(`${product.url}/project/${projectId}/dashboard`);
    const own = page.getByRole('group', { name: `Documents de ${CLAIRE.firstName} ${CLAIRE.lastName}` });
    await own.getByRole('button', { name: 'Ajouter un document' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Ajouter un document' });
    await addDialog.getByPlaceholder('Rechercher un type de fichier').fill('Titre de propriété');
    await addDialog.getByRole('option', { name: 'Titre de propriété', exact: true }).click();
    await addDialog.getByRole('button', { name: 'Ajouter' }).click();
    const drawer = own.getByRole('article', { name: 'Titre de propriété' });
    await drawer.getByRole('button', { name: 'Ajouter un fichier' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter un fichier' });
    const input = dialog.getByLabel('Fichier', { exact: true });
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/addfile')) uploads.push(request.url());
    });

    // A scan too big for the server, on the computer's disk.
    const files = await mkdtemp(path.join(tmpdir(), 'notadoo-e2e-files-'));
    const big = path.join(files, 'titre-scanne.pdf');
    await writeFile(big, Buffer.concat([PDF, Buffer.alloc(21 * 1024 * 1024, 0x20)]));
    await input.setInputFiles(big);
    await dialog.getByRole('alert').getByText('Le fichier dépasse la taille maximale autorisée (20 Mo).').waitFor();
    expect(await dialog.getByRole('button', { name: 'Envoyer' }).isDisabled()).toBe(true);
    await expectNoAccessibilityViolation(page, 'la fenêtre Ajouter un fichier, fichier refusé');

    await input.setInputFiles({ name: 'titre.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 rien') });
    await rm(files, { recursive: true, force: true });
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    await dialog.getByRole('alert').getByText('Ce fichier PDF est incomplet ou endommagé', { exact: false }).waitFor();
    await dialog.getByText('Aucun fichier choisi').waitFor();
    expect(uploads).toHaveLength(1);

    await input.setInputFiles({ name: 'titre.pdf', mimeType: 'application/pdf', buffer: PDF });
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    await dialog.waitFor({ state: 'detached' });
    await drawer.getByText('titre.pdf', { exact: true }).waitFor();
    expect(uploads).toHaveLength(2);
  });

  test('changes the e-mail: says where the link went, counts down, signs out after 3 s, and shows the pending address after signing in again', async ({
    product,
    seed,
    newPage,
  }) => {
    await seed.signUp(CLAIRE);
    const page = await newPage({ toursSeen: PROJECT_TOURS });
    // The page runs on a clock the test can stop and move: the countdown is checked without waiting 3 s.
    await page.clock.install();
    await signInThroughLoginPage(page, product, CLAIRE);
    await page.goto(`${product.url}/profile`);
    const form = page.getByRole('form', { name: 'Mes informations' });
    await form.getByLabel('Adresse email').fill(NEW_ADDRESS);
    await form.getByRole('button', { name: 'Enregistrer mes informations' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirmez votre mot de passe' });
    await dialog.getByLabel('Mot de passe actuel').fill(CLAIRE.password);
    await dialog.getByRole('button', { name: 'Confirmer' }).click();
    const notice = page.getByRole('status').filter({ hasText: 'Confirmez votre nouvelle adresse' });
    await notice.getByText(`Un email de confirmation vous a été envoyé à l'adresse ${NEW_ADDRESS}.`, { exact: false }).waitFor();
    // The countdown started at the latest now (it starts with the notice).
    const shownAt = await pageNow(page);
    await notice.getByText(`votre adresse actuelle, ${CLAIRE.email}, reste celle de votre compte`, { exact: false }).waitFor();
    await notice.getByText(/Vous allez être déconnecté\(e\) dans [123] s\./).waitFor();
    await expectNoAccessibilityViolation(page, 'le profil, déconnexion annoncée');
    // From here the page's time moves only when the test moves it.
    await page.clock.pauseAt((await pageNow(page)) + 50);
    const pausedAt = await pageNow(page);
    expect(new URL(page.url()).pathname).toBe('/profile');
    // Still there 2 s after the notice appeared…
    if (pausedAt < shownAt + 2000) await page.clock.runFor(shownAt + 2000 - pausedAt);
    expect(new URL(page.url()).pathname).toBe('/profile');
    // …and signed out once the 3 s have passed.
    await page.clock.runFor(Math.max(0, shownAt + SIGN_OUT_AFTER_MS + 1 - (await pageNow(page))));
    await page.waitForURL((url) => url.pathname !== '/profile', { timeout: 10_000 });
    await page.clock.resume();
    expect(await product.mailTo(NEW_ADDRESS)).toContain('Confirmez votre adresse email');

    // The current address still signs in; the profile says what waits, after any reload.
    await signInThroughLoginPage(page, product, CLAIRE);
    await page.goto(`${product.url}/profile`);
    const pending = page.getByRole('region', { name: 'Nouvelle adresse en attente de confirmation' });
    await pending.getByText(`Un lien de confirmation a été envoyé à ${NEW_ADDRESS}.`, { exact: false }).waitFor();
    expect(await page.getByRole('form', { name: 'Mes informations' }).getByLabel('Adresse email').inputValue()).toBe(CLAIRE.email);
    await expectNoAccessibilityViolation(page, 'le profil, adresse en attente');
    const sentBefore = (await product.mails()).filter((m) => m.includes(`To: ${NEW_ADDRESS}`)).length;
    await pending.getByRole('button', { name: 'Renvoyer le lien' }).click();
    await page.getByText('Merci ! Un email vous a été envoyé...').waitFor();
    await expect
      .poll(async () => (await product.mails()).filter((m) => m.includes(`To: ${NEW_ADDRESS}`)).length, { timeout: 15_000 })
      .toBe(sentBefore + 1);

    await pending.getByRole('button', { name: 'Annuler le changement' }).click();
    await page.getByText('Le changement d’adresse email est annulé.').waitFor();
    await pending.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('form', { name: 'Mes informations' }).waitFor();
    expect(await page.getByRole('region', { name: 'Nouvelle adresse en attente de confirmation' }).count()).toBe(0);
  });
});
