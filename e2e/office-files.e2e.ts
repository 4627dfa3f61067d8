import type { Page } from '@playwright/test';
import { CLIENT, NOTARY } from './support/accounts';
import { expectNoAccessibilityViolation } from './support/accessibility';
import { expect, test } from './support/fixtures';
import { DESKTOP, PHONE, PROJECT_TOURS, type FrenchPageOptions } from './support/pages';
import { linkIn } from './support/product';

const pageOptions = (token: string | undefined, viewport: FrenchPageOptions['viewport'] = DESKTOP): FrenchPageOptions => ({
  token,
  viewport,
  toursSeen: PROJECT_TOURS,
});

/** The page does not scroll sideways: nothing wider than a phone's screen. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

/** What a notary office and its clients tripped over: the office's choice, its page, who is active, and archived files. */
test.describe('a file between a client and the office', () => {
  test("on a phone, confirms the client's choice of office in a dialog naming its city and address", async ({
    product,
    api,
    seed,
    newPage,
  }) => {
    const clientToken = await api.signIn(CLIENT);
    const id = await seed.project(clientToken, { name: 'Vente maison Choix', office: null });
    const page = await newPage(pageOptions(clientToken, PHONE));
    await page.goto(`${product.url}/project/${id}/dashboard`);
    await page.getByRole('button', { name: 'Choisir cet office : Lyon' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confier le dossier à cet office' });
    await dialog.getByText("Vous confiez le dossier « Vente maison Choix » à l'office notarial de Lyon (69002) :").waitFor();
    await dialog.getByText('8 place Bellecour').waitFor();
    await dialog.getByText(/Ce choix est définitif/).waitFor();
    await expectNoAccessibilityViolation(page, "la confirmation du choix de l'office (téléphone)");
    await expectNoSidewaysScroll(page);
    // Cancelling leaves the file without an office.
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await api.call<{ notary_office: unknown }>('GET', `project/${id}`, undefined, clientToken)).notary_office).toBeNull();

    await page.getByRole('button', { name: 'Choisir cet office : Lyon' }).click();
    await page.getByRole('dialog').getByRole('button', { name: "Confier le dossier à l'office de Lyon" }).click();
    await page.getByText('Opération réalisée avec succès.').waitFor();
    expect((await api.call<{ notary_office: { city: string } }>('GET', `project/${id}`, undefined, clientToken)).notary_office.city).toBe(
      'Lyon',
    );
  });

  test("leads a visitor from an office's card to its page, with its phone and e-mail as links and its marker on the map", async ({
    product,
    newPage,
  }) => {
    const page = await newPage(pageOptions(undefined, PHONE));
    await page.goto(`${product.url}/`);
    const card = page.getByRole('article', { name: 'Office notarial de Lyon' });
    await card.getByRole('link', { name: "Contacter l'office de Lyon" }).click();
    await page.waitForURL(/\/offices\/\d+#contact$/);
    await page.getByRole('heading', { level: 1, name: 'Office notarial de Lyon' }).waitFor();
    const contact = page.getByRole('region', { name: "Contacter l'office" });
    expect(await contact.getByRole('link', { name: "Appeler l'office : 04 78 37 52 14" }).getAttribute('href')).toBe('tel:0478375214');
    expect(await contact.getByRole('link', { name: "Écrire à l'office : office-lyon@notadoo.fr" }).getAttribute('href')).toBe(
      'mailto:office-lyon@notadoo.fr',
    );
    // Followed from "Contacter l'office", the page starts on the contact part, focused for keyboard users.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Contacter l'office");
    await page
      .getByRole('region', { name: 'Carte des études notariales du réseau' })
      .getByRole('button', { name: 'Office notarial de Lyon' })
      .waitFor();
    await expectNoAccessibilityViolation(page, "la page de l'office de Lyon (téléphone)");
    await expectNoSidewaysScroll(page);

    await page.goto(`${product.url}/notaries`);
    await page
      .getByRole('article', { name: 'Office notarial de Marseille' })
      .getByRole('link', { name: "En savoir plus sur l'office de Marseille" })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Office notarial de Marseille' }).waitFor();
    await page.getByText('41 la Canebière').waitFor();
  });

  test("shows the office each person's last connection, and a client only whether the others joined", async ({
    product,
    api,
    seed,
    newPage,
  }) => {
    const clientToken = await api.signIn(CLIENT);
    const notaryToken = await api.signIn(NOTARY);
    const id = await seed.project(clientToken, { name: 'Vente maison Activité' });
    // The notary takes part in the file too, as its notary, through the invitation mailed to him.
    await api.call(
      'POST',
      `project/${id}/addperson`,
      { firstName: 'Nicolas', lastName: 'Bernard', email: NOTARY.email, role: 'office' },
      clientToken,
    );
    const invitation = new URL(linkIn(await product.mailTo(NOTARY.email), '/login?')).searchParams.get('invitation');
    await api.signIn(NOTARY, { invitation: invitation! });

    const notary = await newPage(pageOptions(notaryToken));
    await notary.goto(`${product.url}/project/${id}/dashboard`);
    await notary.getByRole('tab', { name: 'Personnes' }).click();
    const clientCard = notary.getByRole('article', { name: 'Claire Dubois' });
    await clientCard.getByText(/^Dernière connexion : \d{2}\/\d{2}\/\d{4}$/).waitFor();
    await clientCard.getByText(CLIENT.email).waitFor();
    await expectNoAccessibilityViolation(notary, "l'onglet Personnes vu de l'office");

    const client = await newPage(pageOptions(clientToken));
    await client.goto(`${product.url}/project/${id}/dashboard`);
    await client.getByRole('tab', { name: 'Personnes' }).click();
    await client
      .getByRole('article', { name: 'Claire Dubois' })
      .getByText(/^Dernière connexion : /)
      .waitFor();
    const notaryCard = client.getByRole('article', { name: 'Nicolas Bernard' });
    await notaryCard.getByText('A rejoint le dossier').waitFor();
    expect(await notaryCard.getByText(/Dernière connexion/).count()).toBe(0);
  });

  test('keeps a sent file out of the client\'s archive; the office archives it after a confirmation naming it, then finds and restores it under "Archivés"', async ({
    product,
    api,
    seed,
    newPage,
  }) => {
    const name = 'Vente maison Archivée';
    const clientToken = await api.signIn(CLIENT);
    const id = await seed.project(clientToken, { name });
    await seed.projectStatus(clientToken, id, 3);

    const client = await newPage(pageOptions(clientToken));
    await client.goto(`${product.url}/dashboard`);
    await client.getByRole('button', { name: `Actions du dossier ${name}` }).click();
    await client.getByRole('menuitem', { name: 'Renommer' }).waitFor();
    expect(await client.getByRole('menuitem', { name: 'Archiver' }).count()).toBe(0);
    await client.keyboard.press('Escape');

    const notary = await newPage(pageOptions(await api.signIn(NOTARY)));
    await notary.goto(`${product.url}/dashboard`);
    await notary.getByRole('button', { name: `Actions du dossier ${name}` }).click();
    await notary.getByRole('menuitem', { name: 'Archiver' }).click();
    const dialog = notary.getByRole('dialog', { name: 'Archiver ce dossier' });
    await dialog.getByText(new RegExp(`Le dossier « ${name} » ne sera plus affiché`)).waitFor();
    await expectNoAccessibilityViolation(notary, "la confirmation de l'archivage");
    await dialog.getByRole('button', { name: 'Archiver' }).click();
    await notary.getByRole('article', { name }).waitFor({ state: 'detached' });
    expect(linkIn(await product.mailTo(CLIENT.email), `/project/${id}/dashboard`)).toBe(`${product.url}/project/${id}/dashboard`);

    // By keyboard: the switch, then the card's menu.
    await notary.getByRole('switch', { name: 'Archivés' }).focus();
    await notary.keyboard.press('Space');
    const card = notary.getByRole('article', { name });
    await card.getByText('Archivé', { exact: true }).waitFor();
    await expectNoAccessibilityViolation(notary, 'les dossiers archivés');
    await card.getByRole('button', { name: `Actions du dossier ${name}` }).click();
    await notary.getByRole('menuitem', { name: 'Restaurer' }).click();
    const restore = notary.getByRole('dialog', { name: 'Restaurer ce dossier' });
    await restore.getByText(new RegExp(`Le dossier « ${name} » sera de nouveau affiché`)).waitFor();
    await restore.getByRole('button', { name: 'Restaurer' }).click();
    await notary.getByText('Aucun dossier archivé à afficher.').waitFor();

    await client.reload();
    await client.getByRole('article', { name }).waitFor();
  });
});
