import { CLIENT, NOTARY } from './support/accounts';
import { expectNoAccessibilityViolation } from './support/accessibility';
import type { ProductApi } from './support/api';
import { expect, test } from './support/fixtures';
import { PROJECT_TOURS } from './support/pages';
import { linkIn } from './support/product';
import { signInThroughLoginPage } from './support/sign-in';

/** Invited from the Persons tab by the client. */
const INVITED = { firstName: 'Hugo', lastName: 'Marchand', email: 'hugo.marchand@exemple.fr' };
/** Invited through the API, signs up through the mail's link. */
const BUYER = { firstName: 'Louise', lastName: 'Garnier', email: 'louise.garnier@exemple.fr', password: 'Achat2026' };

/** A small but real PDF, padded so that sending it takes a moment. */
function identityCardPdf(): Buffer {
  const padding = `%${'0'.repeat(1022)}\n`.repeat(512);
  return Buffer.from(`%PDF-1.4\n${padding}1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
}

interface ProjectAnswer {
  participants: Array<{ id: number; first_name: string }>;
  documents: Array<{ id: number; participant: { id: number } | null; document_files: unknown[] }>;
}

/** A buyer (without account) in the client's file, with an identity card the office received for them: what the office downloads. */
async function seedBuyerWithIdentityCard(api: ProductApi, clientToken: string, notaryToken: string, projectId: number): Promise<void> {
  await api.call(
    'POST',
    `project/${projectId}/addperson`,
    { firstName: BUYER.firstName, lastName: BUYER.lastName, email: '', role: 'buyer' },
    clientToken,
  );
  const project = await api.call<ProjectAnswer>('GET', `project/${projectId}`, undefined, clientToken);
  const buyer = project.participants.find((p) => p.first_name === BUYER.firstName)!;
  const withDrawer = await api.call<ProjectAnswer>(
    'POST',
    'participant/adddocument',
    { projectId, docType: 'document_files', docFileType: 'identity_card', participantId: buyer.id },
    notaryToken,
  );
  const drawer = withDrawer.documents.find((d) => d.participant?.id === buyer.id && d.document_files.length > 0)!;
  const form = new FormData();
  form.append('id', String(drawer.id));
  form.append('file', new Blob([new Uint8Array(identityCardPdf())], { type: 'application/pdf' }), 'carte-identite.pdf');
  await api.call('POST', `project/${projectId}/addfile`, form, notaryToken);
}

test.describe('people and documents of a project in the browser', () => {
  test('lets the client invite a buyer from the Persons tab', async ({ product, api, seed, newPage }) => {
    const projectId = await seed.project(await api.signIn(CLIENT), { name: 'Vente appartement Marchand', subtype: 'appt' });
    const page = await newPage({ toursSeen: PROJECT_TOURS });
    await signInThroughLoginPage(page, product, CLIENT);
    await page.goto(`${product.url}/project/${projectId}/dashboard`);
    await page.getByRole('tab', { name: 'Personnes' }).click();
    const buyers = page.getByRole('region', { name: 'Acquéreurs' });
    await buyers.getByText("Il n'y a personne dans cette catégorie pour l'instant.").waitFor();
    await expectNoAccessibilityViolation(page);
    await buyers.getByRole('button', { name: 'Ajouter une personne' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter une personne' });
    await dialog.getByLabel('Prénom', { exact: true }).fill(INVITED.firstName);
    await dialog.getByLabel('Nom', { exact: true }).fill(INVITED.lastName);
    await dialog.getByLabel('Adresse email', { exact: true }).fill(INVITED.email);
    expect(await dialog.getByRole('combobox', { name: /^Rôle/ }).inputValue()).toBe('buyer');
    await dialog.getByRole('button', { name: 'Ajouter' }).click();
    await page.getByText('Opération réalisée avec succès.').waitFor();
    const card = buyers.getByRole('article', { name: `${INVITED.firstName} ${INVITED.lastName}` });
    await card.getByText('Jamais connecté(e)').waitFor();
    await expectNoAccessibilityViolation(page);
    // The person is mailed an invitation to sign up.
    expect(linkIn(await product.mailTo(INVITED.email), '/signup?')).toContain('invitation=');
  });

  test('lets the buyer sign up through the invitation and upload an identity card with a progress bar', async ({
    product,
    api,
    seed,
    newPage,
  }) => {
    const clientToken = await api.signIn(CLIENT);
    const projectId = await seed.project(clientToken, { name: 'Vente appartement Garnier', subtype: 'appt' });
    await api.call(
      'POST',
      `project/${projectId}/addperson`,
      { firstName: BUYER.firstName, lastName: BUYER.lastName, email: BUYER.email, role: 'buyer' },
      clientToken,
    );
    // Written by the mail outbox worker right after the person is added.
    const link = linkIn(await product.mailTo(BUYER.email), '/signup?');
    expect(link).toContain('invitation=');

    const page = await newPage({ toursSeen: PROJECT_TOURS });
    await page.goto(link);
    expect(await page.getByLabel('Adresse email', { exact: true }).inputValue()).toBe(BUYER.email);
    await expectNoAccessibilityViolation(page);
    await page.getByLabel('Prénom', { exact: true }).fill(BUYER.firstName);
    await page.getByLabel('Nom', { exact: true }).fill(BUYER.lastName);
    await page.getByLabel('Mot de passe', { exact: true }).fill(BUYER.password);
    await page.getByLabel('Confirmation du mot de passe', { exact: true }).fill(BUYER.password);
    await page.getByLabel("J'accepte les conditions d'utilisation").check();
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.waitForURL('**/dashboard');

    // The invitation linked the account: the project opens, on its Documents tab.
    await page.goto(`${product.url}/project/${projectId}/dashboard`);
    const own = page.getByRole('group', { name: `Documents de ${BUYER.firstName} ${BUYER.lastName}` });
    await own.getByRole('button', { name: 'Ajouter un document' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Ajouter un document' });
    await addDialog.getByPlaceholder('Rechercher un type de fichier').fill('Carte nationale');
    await addDialog.getByRole('option', { name: "Carte nationale d'identité" }).click();
    await expectNoAccessibilityViolation(page, 'la fenêtre Ajouter un document');
    await addDialog.getByRole('button', { name: 'Ajouter' }).click();
    const drawer = own.getByRole('article', { name: "Carte nationale d'identité" });
    await drawer.getByRole('button', { name: 'Ajouter un fichier' }).click();

    // A slow upload link, so that the bar can be seen moving whatever the machine's speed.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 256 * 1024,
    });
    const upload = page.getByRole('dialog', { name: 'Ajouter un fichier' });
    await upload.waitFor();
    await expectNoAccessibilityViolation(page, 'la fenêtre Ajouter un fichier');
    await upload
      .getByLabel('Fichier', { exact: true })
      .setInputFiles({ name: 'carte-identite.pdf', mimeType: 'application/pdf', buffer: identityCardPdf() });
    await upload.getByRole('button', { name: 'Envoyer' }).click();
    await upload.getByText(/^Envoi en cours…/).waitFor();
    const bar = upload.getByRole('progressbar', { name: 'Envoi du fichier' });
    expect(await bar.getAttribute('aria-valuemax')).toBe('100');
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 10_000 }).toBeGreaterThan(0);
    // Not closable while sending.
    await page.keyboard.press('Escape');
    expect(await upload.isVisible()).toBe(true);
    await upload.waitFor({ state: 'detached', timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await drawer.getByText('carte-identite.pdf', { exact: true }).waitFor();
    await expectNoAccessibilityViolation(page);
  });

  test('lets the demo notary download the file in a new tab', async ({ product, api, seed, newPage }) => {
    const clientToken = await api.signIn(CLIENT);
    const projectId = await seed.project(clientToken, { name: 'Vente appartement Garnier-Dupont', subtype: 'appt' });
    await seedBuyerWithIdentityCard(api, clientToken, await api.signIn(NOTARY), projectId);

    const page = await newPage({ toursSeen: PROJECT_TOURS });
    await signInThroughLoginPage(page, product, NOTARY);
    await page.goto(`${product.url}/project/${projectId}/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Vente appartement Garnier-Dupont' }).waitFor();
    const download = page
      .getByRole('group', { name: `Documents de ${BUYER.firstName} ${BUYER.lastName}` })
      .getByRole('article', { name: "Carte nationale d'identité" })
      .getByRole('button', { name: 'Télécharger carte-identite.pdf' });
    await expect(download).toBeVisible();
    const context = page.context();
    const [response] = await Promise.all([
      context.waitForEvent('response', (r) => r.url().includes('/api/get_file/')),
      context.waitForEvent('page'),
      download.click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
  });
});
