import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { expectNoAccessibilityViolation } from './support/accessibility';
import { expect, test } from './support/fixtures';
import { PROJECT_TOURS, type NewPage } from './support/pages';
import { linkIn, type RunningProduct } from './support/product';
import type { NewPerson, Seed } from './support/seed';
import { signInThroughLoginPage } from './support/sign-in';

const CLAIRE = { firstName: 'Claire', lastName: 'Données', email: 'claire.donnees@exemple.fr', password: 'Tilleul-Ardoise-48' };

/** Claire signed up, with a draft and a file sent to the Paris office (status 3), signed in on a page of her own. */
async function claireWithTwoFiles(
  claire: NewPerson,
  { product, seed, newPage }: { product: RunningProduct; seed: Seed; newPage: NewPage },
): Promise<Page> {
  const token = await seed.signUp(claire);
  await seed.project(token, { name: 'Brouillon de Claire', subtype: 'land', office: null });
  await seed.projectStatus(token, await seed.project(token, { name: 'Vente transmise' }), 3);
  const page = await newPage({ toursSeen: PROJECT_TOURS });
  await signInThroughLoginPage(page, product, claire);
  return page;
}

/**
 * Issue 26: a person takes a copy of their data from the profile, then
 * deletes their account: the draft goes with it, the file sent to the Paris
 * office stays there and the dialog says so, with the office's contact.
 */
test.describe('each person’s data in the browser', () => {
  // Copies are looked for every second here (10 s by default), besides the wake-up a request gives.
  test.use({ productOptions: { env: { DATA_EXPORT_INTERVAL_MS: '1000' } } });

  test('asks for a copy, follows its preparation, is mailed, and downloads a ZIP holding the account and the files', async ({
    product,
    seed,
    newPage,
  }) => {
    const claire = { ...CLAIRE, email: 'claire.copie@exemple.fr' };
    const page = await claireWithTwoFiles(claire, { product, seed, newPage });
    await page.goto(`${product.url}/profile#mes-donnees`);
    const section = page.getByRole('region', { name: 'Mes données' });
    await section.getByRole('button', { name: 'Demander une copie de mes données' }).click();
    const download = section.getByRole('button', { name: 'Télécharger mes données (ZIP)' });
    await download.waitFor({ timeout: 30_000 });
    await expect
      .poll(() => section.getByRole('status').textContent())
      .toMatch(/Votre copie est prête \(\d+ Ko\)\. Elle peut être téléchargée jusqu’au \d{2}\/\d{2}\/\d{4}/);
    await expectNoAccessibilityViolation(page, 'profil, copie prête');

    // The mail points at this section (the download itself needs the session).
    const readyLinks = async () =>
      (await product.mails())
        .filter((m) => m.includes(`To: ${claire.email}`))
        .flatMap((m) => {
          try {
            return [linkIn(m, '/profile#mes-donnees')];
          } catch {
            return [];
          }
        });
    await expect.poll(readyLinks, { timeout: 15_000 }).toEqual([`${product.url}/profile#mes-donnees`]);

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^mes-donnees-notadoo-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = unzipSync(new Uint8Array(await readFile((await file.path())!)));
    expect(JSON.parse(strFromU8(zip['compte.json']!))).toMatchObject({ email: claire.email, prenom: 'Claire', nom: 'Données' });
    const files = JSON.parse(strFromU8(zip['dossiers.json']!)) as Array<{ nom: string }>;
    expect(files.map((f) => f.nom).sort()).toEqual(['Brouillon de Claire', 'Vente transmise']);
    expect(Object.keys(zip).some((name) => name.startsWith('questionnaires/') && name.endsWith('.csv'))).toBe(true);
  });

  test('deletes the account after naming the draft that goes and the sent file that stays with its office, then signs out', async ({
    product,
    seed,
    newPage,
  }) => {
    const claire = { ...CLAIRE, email: 'claire.depart@exemple.fr' };
    const page = await claireWithTwoFiles(claire, { product, seed, newPage });
    await page.goto(`${product.url}/profile#mes-donnees`);
    await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer mon compte' });
    await expect.poll(() => dialog.getByRole('list', { name: 'Dossiers supprimés' }).textContent()).toContain('« Brouillon de Claire »');
    const kept = await dialog.getByRole('list', { name: 'Dossiers conservés' }).textContent();
    expect(kept).toContain('« Vente transmise » (Relecture étude)');
    expect(kept).toMatch(/Office notarial de Paris — .+ Paris/);
    expect(await dialog.textContent()).toContain('délibération CNIL n° 2014-016');
    await expectNoAccessibilityViolation(page, 'dialogue de suppression du compte');

    const confirm = dialog.getByRole('button', { name: 'Supprimer définitivement mon compte' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Mot de passe', { exact: true }).fill('PasLeBon2026');
    await dialog.getByRole('checkbox', { name: 'Je comprends que cette suppression est définitive.' }).check();
    await confirm.click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('Le mot de passe saisi est incorrect.');
    await dialog.getByLabel('Mot de passe', { exact: true }).fill(claire.password);
    await confirm.click();
    // Signed out (/logout), on the home page, told it is done.
    await page.waitForURL(`${product.url}/`);
    await page.getByText('Votre compte a été supprimé.').waitFor();

    // The address no longer signs in; it is free for a new account.
    const refused = await fetch(`${product.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: claire.email, password: claire.password }),
    });
    expect(refused.status).toBe(401);
  });
});
