import { startBridgeSim, type BridgeMode, type BridgeSim } from '@notadoo/bridge-sim';
import type { ConsoleMessage, Page } from '@playwright/test';
import { CLIENT, NOTARY } from './support/accounts';
import type { ProductApi } from './support/api';
import { expect, test as productTest } from './support/fixtures';
import { PROJECT_TOURS, type NewPage } from './support/pages';
import type { RunningProduct } from './support/product';
import type { Seed } from './support/seed';
import { signInThroughLoginPage } from './support/sign-in';

const SERVICE_KEY = 'cle-e2e';
const DESTINATION = 'Vente Garnier / Dupont';
const SEARCH_FAILED =
  "Une erreur est survenue lors de l'envoi de la requête à votre logiciel de rédaction d'actes . Veuillez nous excuser pour la gêne occasionnée.";
const SEND_FAILED =
  "Une erreur est survenue lors de l'envoi des fichiers vers votre logiciel de rédaction d'actes . Veuillez nous excuser pour la gêne occasionnée.";

/** A small but real PDF: the identity card the client uploaded. */
const IDENTITY_CARD = Buffer.from(
  `%PDF-1.4\n%${'1'.repeat(4000)}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
);

type ProjectAnswer = {
  id: number;
  participants: Array<{ id: number }>;
  documents: Array<{ id: number; document_files: Array<{ files: string[] }> } & Record<string, unknown>>;
};

/** The drafting software's local bridge (the simulator), one a worker, started before the product that names it. */
const test = productTest.extend<object, { bridge: BridgeSim }>({
  bridge: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter's pattern.
    async ({}, use) => {
      const sim = await startBridgeSim({ port: 0, serviceKey: SERVICE_KEY, allowedOrigins: [] });
      await use(sim);
      await sim.close().catch(() => undefined);
    },
    { scope: 'worker' },
  ],
  productOptions: async ({ bridge }, use) => use({ env: { BRIDGE_URL: bridge.url, BRIDGE_SERVICE_KEY: SERVICE_KEY } }),
});

/**
 * The client's sale at the Paris office with a buyer: four answered questionnaires (two civil statuses, the sale, the purchase),
 * an identity card, sent to the notary (status 3). The bridge is reset to its normal behaviour and lets this product's pages call it.
 */
async function seedSentFile(
  api: ProductApi,
  seed: Seed,
  bridge: BridgeSim,
  product: RunningProduct,
): Promise<{ projectId: number; notaryToken: string }> {
  bridge.setMode('normal');
  bridge.allowOrigin(product.url);
  const token = await api.signIn(CLIENT);
  const projectId = await seed.project(token, { name: 'Vente appartement Garnier', subtype: 'appt', office: null });
  const project = await api.call<ProjectAnswer>('PATCH', `project/${projectId}`, { office: await seed.officeId('Paris') }, token);
  await api.call('POST', `project/${projectId}/addperson`, { firstName: 'Louise', lastName: 'Dupont', email: '', role: 'buyer' }, token);
  const withDrawer = await api.call<ProjectAnswer>(
    'POST',
    'participant/adddocument',
    { projectId, docType: 'document_files', docFileType: 'identity_card', participantId: project.participants[0]!.id },
    token,
  );
  const drawer = withDrawer.documents.find((d) => d.document_files.length > 0)!;
  const form = new FormData();
  form.append('id', String(drawer.id));
  form.append('file', new Blob([new Uint8Array(IDENTITY_CARD)], { type: 'application/pdf' }), 'carte-identite.pdf');
  await api.call('POST', `project/${projectId}/addfile`, form, token);
  const notaryToken = await api.signIn(NOTARY);
  // Empty questionnaires are not transferred: each gets an answer (the office may write them all).
  const answered = await api.call<ProjectAnswer>('GET', `project/${projectId}`, undefined, notaryToken);
  for (const document of answered.documents) {
    const [docType, items] =
      Object.entries(document).find(
        ([key, value]) => key.startsWith('document_') && key !== 'document_files' && Array.isArray(value) && value.length > 0,
      ) ?? [];
    if (!docType) continue;
    const item = (items as Array<{ id: number; version: number }>)[0]!;
    const answer = docType === 'document_civil_statuses' ? { birth_place: 'Paris' } : { price_q0_amount: '250000' };
    await api.call('PATCH', 'document', { docType, document: { id: item.id, version: item.version, ...answer } }, notaryToken);
  }
  await seed.projectStatus(token, projectId, 3);
  return { projectId, notaryToken };
}

/** The notary signs in (this browser being the device that passed his second factor through the API) and opens the file. */
async function openProjectAsNotary(newPage: NewPage, product: RunningProduct, projectId: number): Promise<Page> {
  const page = await newPage({ toursSeen: PROJECT_TOURS });
  await signInThroughLoginPage(page, product, NOTARY);
  await page.goto(`${product.url}/project/${projectId}/dashboard`);
  return page;
}

/** What a test of this file is given by Playwright, for the set-ups that need all of it. */
interface TransferFixtures {
  product: RunningProduct;
  api: ProductApi;
  seed: Seed;
  newPage: NewPage;
  bridge: BridgeSim;
}

/** The sent file (seedSentFile), the bridge then put in `mode`, and the notary's page open on the file. */
async function sentFileAsNotary(
  { product, api, seed, newPage, bridge }: TransferFixtures,
  mode: BridgeMode,
): Promise<{ projectId: number; page: Page }> {
  const { projectId } = await seedSentFile(api, seed, bridge, product);
  bridge.setMode(mode);
  return { projectId, page: await openProjectAsNotary(newPage, product, projectId) };
}

/** Opens the modal, ticks every file and searches the destination (the slash is stripped). */
async function searchDestination(page: Page) {
  await page.getByRole('button', { name: 'Transférer les fichiers' }).click();
  const dialog = page.getByRole('dialog', { name: 'Transférer les fichiers vers mon dossier' });
  await dialog.getByRole('table', { name: 'Fichiers du dossier' }).waitFor();
  expect(await dialog.getByLabel('Nom du dossier').count()).toBe(0);
  await dialog.getByRole('button', { name: 'Tout sélectionner' }).click();
  await dialog.getByLabel('Nom du dossier').fill('Gar/nier');
  await dialog.getByRole('button', { name: 'Rechercher' }).click();
  return dialog;
}

async function chooseAndSend(page: Page, dialog: ReturnType<Page['getByRole']>) {
  await dialog.getByRole('combobox', { name: 'Dossier de destination' }).click();
  await page.getByRole('option', { name: new RegExp(`^${DESTINATION}`) }).click();
  await dialog.getByRole('button', { name: 'Transférer les fichiers' }).click();
  await dialog.getByText("Êtes-vous sûr(e) de vouloir transférer 5 fichier(s) vers votre logiciel de rédaction d'actes ?").waitFor();
  await dialog.getByRole('button', { name: 'Confirmer' }).click();
}

test.describe('transfer of the files to the drafting software through its local bridge', () => {
  test('lets the demo notary transfer the four questionnaire PDFs and an uploaded file into a searched case file, byte for byte', async ({
    product,
    api,
    seed,
    newPage,
    bridge,
  }) => {
    const { projectId, notaryToken } = await seedSentFile(api, seed, bridge, product);
    const before = bridge.received().length;
    const page = await openProjectAsNotary(newPage, product, projectId);
    const dialog = await searchDestination(page);
    expect(await dialog.getByRole('checkbox').count()).toBe(5);
    await chooseAndSend(page, dialog);
    await dialog.getByText('Envoi des fichiers en cours...').waitFor();
    await dialog.getByText('5 / 5 fichier(s) envoyé(s)').waitFor();
    // The modal closes 2.5 s after success, and a message says so.
    await page.getByText("5 fichier(s) transféré(s) avec succès vers votre logiciel de rédaction d'actes.").waitFor();
    await dialog.waitFor({ state: 'detached' });

    const destination = (await (await fetch(`${bridge.url}/_sim/etat`)).json()) as { dossiers: Array<{ id: string; intitule: string }> };
    const dossierId = destination.dossiers.find((d) => d.intitule === DESTINATION)!.id;
    const received = bridge.received().slice(before);
    expect(received).toHaveLength(5);
    expect(received.every((r) => r.dossierId === dossierId && r.adresse.startsWith(`${product.url}/api/get_`))).toBe(true);
    const stored = async (name: string) =>
      Buffer.from(await (await fetch(`${bridge.url}/_sim/fichiers/${dossierId}/${encodeURIComponent(name)}`)).arrayBuffer());
    expect((await stored('carte-identite.pdf')).equals(IDENTITY_CARD)).toBe(true);

    // The PDFs the bridge stored are those our API serves.
    const project = await api.call<ProjectAnswer>('GET', `project/${projectId}`, undefined, notaryToken);
    // The civil statuses of the seller and of the buyer, the seller's sale and the buyer's purchase questionnaires.
    const questionnaires = project.documents.filter((d) =>
      Object.entries(d).some(
        ([key, value]) => key.startsWith('document_') && key !== 'document_files' && Array.isArray(value) && value.length > 0,
      ),
    );
    expect(questionnaires).toHaveLength(4);
    const { tokens } = await api.call<{ tokens: Array<{ docId: number; value: string }> }>(
      'POST',
      'generate_file_token',
      questionnaires.map((d) => ({ type: 'pdf', docId: d.id })),
      notaryToken,
    );
    for (const { docId, value } of tokens) {
      const original = await fetch(`${product.url}/api/get_pdf/${docId}/${encodeURIComponent(value)}`);
      const name = decodeURIComponent(original.headers.get('content-disposition')!.match(/filename\*=UTF-8''(.+)$/)![1]!);
      const bytes = Buffer.from(await original.arrayBuffer());
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect((await stored(name)).equals(bytes), name).toBe(true);
    }

    // The office sees the transfer in the Outils tab.
    await page.getByRole('tab', { name: 'Outils' }).click();
    const history = page.getByRole('table', { name: 'Historique des transferts' });
    await history.getByText(DESTINATION).waitFor();
    await history.getByText('Réussi').waitFor();
    await history.getByText('5/5').waitFor();
  });

  test('asks the notary for the code again before a transfer when the last check is over 5 minutes old (issue 27), then sends', async ({
    product,
    api,
    seed,
    newPage,
    bridge,
  }) => {
    const { projectId, notaryToken } = await seedSentFile(api, seed, bridge, product);
    const page = await newPage({ toursSeen: PROJECT_TOURS, token: await product.secondFactors.sessionCheckedMinutesAgo(notaryToken, 10) });
    await page.goto(`${product.url}/project/${projectId}/dashboard`);
    const before = bridge.received().length;
    const dialog = await searchDestination(page);
    await chooseAndSend(page, dialog);
    const reauth = page.getByRole('dialog', { name: 'Confirmez votre identité' });
    await reauth.getByLabel('Code de vérification').fill('000000');
    await reauth.getByRole('button', { name: 'Confirmer' }).click();
    await reauth.getByText(/Code incorrect ou déjà utilisé/).waitFor();
    expect(bridge.received().length).toBe(before);
    await reauth.getByLabel('Code de vérification').fill(await product.secondFactors.freshTotpCode(NOTARY.email));
    await reauth.getByRole('button', { name: 'Confirmer' }).click();
    await page.getByText("5 fichier(s) transféré(s) avec succès vers votre logiciel de rédaction d'actes.").waitFor();
    expect(bridge.received().length - before).toBe(5);
  });

  test('opens the authorization pop-up on a 401 and retries the search, then the paused transfer, once access is granted', async ({
    product,
    api,
    seed,
    newPage,
    bridge,
  }) => {
    const { page } = await sentFileAsNotary({ product, api, seed, newPage, bridge }, 'autorisation');
    const [popup, dialog] = await Promise.all([page.context().waitForEvent('page'), searchDestination(page)]);
    await dialog
      .getByRole('alert')
      .getByText("Veuillez autoriser l'accès dans la fenêtre qui vient de s'ouvrir et essayer à nouveau.")
      .waitFor();
    await popup.getByRole('button', { name: "Autoriser l'accès" }).click();
    // Granted: the search runs again by itself and the destinations appear.
    await dialog.getByRole('combobox', { name: 'Dossier de destination' }).waitFor();
    expect(await dialog.getByRole('alert').count()).toBe(0);

    // Access withdrawn before sending: the transfer pauses on the 401, with "Relancer le transfert", and resumes once granted.
    bridge.setMode('autorisation');
    const before = bridge.received().length;
    const [secondPopup] = await Promise.all([page.context().waitForEvent('page'), chooseAndSend(page, dialog)]);
    await dialog
      .getByRole('alert')
      .getByText("Veuillez autoriser l'accès dans la fenêtre qui vient de s'ouvrir et essayer à nouveau.")
      .waitFor();
    await dialog.getByRole('button', { name: 'Relancer le transfert' }).waitFor();
    await dialog.getByText('0 / 5 fichier(s) envoyé(s)').waitFor();
    await secondPopup.getByRole('button', { name: "Autoriser l'accès" }).click();
    await page.getByText("5 fichier(s) transféré(s) avec succès vers votre logiciel de rédaction d'actes.").waitFor();
    expect(bridge.received().length - before).toBe(5);
  });

  test('closes the modal with the search message when the bridge fails the search', async ({ product, api, seed, newPage, bridge }) => {
    const { page } = await sentFileAsNotary({ product, api, seed, newPage, bridge }, 'erreur-recherche');
    const dialog = await searchDestination(page);
    await page.getByText(SEARCH_FAILED).waitFor();
    await dialog.waitFor({ state: 'detached' });
  });

  test('closes the modal with the sending message when the bridge fails a file, and records the failure', async ({
    product,
    api,
    seed,
    newPage,
    bridge,
  }) => {
    const { page } = await sentFileAsNotary({ product, api, seed, newPage, bridge }, 'erreur-envoi');
    const dialog = await searchDestination(page);
    await chooseAndSend(page, dialog);
    await page.getByText(SEND_FAILED).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Outils' }).click();
    await page.getByRole('table', { name: 'Historique des transferts' }).getByText('Échec').waitFor();
  });

  test('sends each file once when "Relancer le transfert" is clicked while a file is still on its way', async ({
    product,
    api,
    seed,
    newPage,
    bridge,
  }) => {
    const { page } = await sentFileAsNotary({ product, api, seed, newPage, bridge }, 'lent');
    // Nothing is sent before the dialog's « Confirmer ».
    const before = bridge.received().length;
    const dialog = await searchDestination(page);
    await chooseAndSend(page, dialog);
    await dialog.getByText('Envoi des fichiers en cours...').waitFor();
    // The bridge holds the first file but has not acknowledged it yet.
    await expect.poll(() => bridge.received().length).toBe(before + 1);
    await dialog.getByRole('button', { name: 'Relancer le transfert' }).click();
    await page.getByText("5 fichier(s) transféré(s) avec succès vers votre logiciel de rédaction d'actes.").waitFor({ timeout: 30_000 });
    const names = bridge
      .received()
      .slice(before)
      .map((r) => r.nomFichier);
    expect(names).toHaveLength(5);
    expect(new Set(names).size).toBe(5);
  });

  test('records the transfer as interrupted when the window is closed during a send', async ({ product, api, seed, newPage, bridge }) => {
    const { page } = await sentFileAsNotary({ product, api, seed, newPage, bridge }, 'lent');
    const dialog = await searchDestination(page);
    await chooseAndSend(page, dialog);
    await dialog.getByText('Envoi des fichiers en cours...').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Outils' }).click();
    await page.getByRole('table', { name: 'Historique des transferts' }).getByText('Interrompu').waitFor();
  });

  test('disables the button with its reason when the bridge is not running, with only a log line in the console', async ({
    product,
    api,
    seed,
    newPage,
    bridge,
  }) => {
    const { projectId } = await seedSentFile(api, seed, bridge, product);
    const page = await newPage({ toursSeen: PROJECT_TOURS });
    // Nothing listens at the bridge's address on this computer: Chromium's connections to it are refused.
    await page.context().route(`${bridge.url}/**`, (route) => route.abort('connectionrefused'));
    const messages: ConsoleMessage[] = [];
    page.on('console', (m) => messages.push(m));
    const pageErrors: Error[] = [];
    page.on('pageerror', (e) => pageErrors.push(e));
    await signInThroughLoginPage(page, product, NOTARY);
    await page.goto(`${product.url}/project/${projectId}/dashboard`);
    await page.getByRole('button', { name: 'Changer le statut' }).waitFor();
    await expect.poll(() => messages.some((m) => m.text().includes("Passerelle du logiciel de rédaction d'actes injoignable"))).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Transférer les fichiers' }).isDisabled()).toBe(true);
    await page.getByText('Logiciel de rédaction injoignable sur ce poste').waitFor();
    // Chromium itself reports the refused connection; everything the app wrote is the one log line.
    const fromApp = messages.filter((m) => !(m.text().startsWith('Failed to load resource') && m.location().url.startsWith(bridge.url)));
    expect(fromApp.map((m) => `${m.type()}: ${m.text()}`)).toEqual([
      "info: Passerelle du logiciel de rédaction d'actes injoignable : le bouton « Transférer les fichiers » est désactivé.",
    ]);
    expect(pageErrors).toEqual([]);
  });
});
