import type { Page } from '@playwright/test';
import { CLIENT, NOTARY } from './support/accounts';
import { expectNoAccessibilityViolation } from './support/accessibility';
import type { Account, ProductApi } from './support/api';
import { expect, test } from './support/fixtures';
import { PHONE, PROJECT_TOURS } from './support/pages';
import type { RunningProduct } from './support/product';
import type { Seed } from './support/seed';
import { signInThroughLoginPage } from './support/sign-in';

const QUESTION = 'Bonjour Maître, faut-il fournir le diagnostic termites pour la vente ?';
const FOLLOW_UP = 'Et pour le diagnostic amiante ?';
const ANSWER = 'Bonjour, oui : le bien est en zone à risque, il vous faut un état de moins de 6 mois.';
const ATTACHED = ['modele-diagnostic.pdf', 'liste-diagnostiqueurs.pdf'];

/** A small but well-formed PDF, as the server's check wants one. */
function smallPdf(title: string): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog /Title (${title}) >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
}

interface SeededFile {
  projectId: number;
  clientToken: string;
  /** The key of the client's private thread with the office. */
  privateThread: string;
}

/** The client's file at the Paris office, and the key of their private thread with it. */
async function seedFile(api: ProductApi, seed: Seed): Promise<SeededFile> {
  const clientToken = await api.signIn(CLIENT);
  const projectId = await seed.project(clientToken, { name: 'Vente maison Dubois' });
  const { participants } = await api.call<{ participants: Array<{ id: number; first_name: string }> }>(
    'GET',
    `project/${projectId}`,
    undefined,
    clientToken,
  );
  const client = participants.find((p) => p.first_name === 'Claire')!;
  return { projectId, clientToken, privateThread: `private-${client.id}` };
}

/** Signs in through the login page and opens the file's Messages tab. */
async function openMessages(page: Page, product: RunningProduct, projectId: number, account: Account) {
  await signInThroughLoginPage(page, product, account);
  await page.goto(`${product.url}/project/${projectId}/dashboard`);
  await page.getByRole('tab', { name: /^Messages/ }).click();
}

/**
 * Talking inside the file (issue 28): a client asks the office a question
 * in their private thread, at phone width; the notary sees it unread,
 * answers with two files; the client sees the answer and its files arrive, and
 * that the office read theirs.
 */
test.describe('messages between a client and the office in the browser', () => {
  test('lets the client ask the office a question at phone width', async ({ product, api, seed, newPage }) => {
    const { projectId } = await seedFile(api, seed);
    const clientPage = await newPage({ toursSeen: PROJECT_TOURS, viewport: PHONE });
    await openMessages(clientPage, product, projectId, CLIENT);
    const conversations = clientPage.getByRole('navigation', { name: 'Conversations du dossier' });
    await conversations.getByRole('button', { name: /Tout le monde/ }).waitFor();
    await clientPage.getByText('Aucun message pour l’instant.', { exact: false }).waitFor();
    await conversations.getByRole('button', { name: /Moi et l'office notarial/ }).click();
    await clientPage.getByRole('heading', { name: "Moi et l'office notarial" }).waitFor();
    await clientPage.getByLabel('Votre message').fill(QUESTION);
    await clientPage.getByRole('button', { name: 'Envoyer' }).click();
    const mine = clientPage.getByRole('list', { name: "Messages : Moi et l'office notarial" }).getByRole('listitem');
    await mine.filter({ hasText: QUESTION }).waitFor();
    await mine.filter({ hasText: QUESTION }).getByText('Envoyé, pas encore lu').waitFor();
    await expect.poll(() => clientPage.getByLabel('Votre message').inputValue()).toBe('');
    // A send that fails on the network loses nothing: the text stays, and "Réessayer" sends it.
    await clientPage.context().setOffline(true);
    await clientPage.getByLabel('Votre message').fill(FOLLOW_UP);
    await clientPage.getByRole('button', { name: 'Envoyer' }).click();
    await clientPage.getByRole('alert').filter({ hasText: "Le message n'a pas été envoyé" }).waitFor();
    expect(await clientPage.getByLabel('Votre message').inputValue()).toBe(FOLLOW_UP);
    await clientPage.context().setOffline(false);
    await clientPage.getByRole('button', { name: 'Réessayer' }).click();
    await mine.filter({ hasText: FOLLOW_UP }).waitFor();
    await expect.poll(() => clientPage.getByLabel('Votre message').inputValue()).toBe('');
    // Nothing wider than the phone.
    expect(await clientPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAccessibilityViolation(clientPage, 'les messages, à 390 px');
  });

  test('shows the notary the unread question and lets them answer', async ({ product, api, seed, newPage }) => {
    const { projectId, clientToken, privateThread } = await seedFile(api, seed);
    for (const text of [QUESTION, FOLLOW_UP])
      await api.call('POST', `project/${projectId}/threads/${privateThread}/messages`, { text }, clientToken);

    const page = await newPage({ toursSeen: PROJECT_TOURS });
    await openMessages(page, product, projectId, NOTARY);
    const thread = page
      .getByRole('navigation', { name: 'Conversations du dossier' })
      .getByRole('button', { name: new RegExp(`${CLIENT.name} et l'office`) });
    await thread.getByText('2 non lus').waitFor();
    await thread.click();
    await page.getByText(QUESTION).waitFor();
    await page.getByLabel('Votre message').fill(ANSWER);
    await page
      .getByLabel('Fichiers joints (facultatif)')
      .setInputFiles(ATTACHED.map((name) => ({ name, mimeType: 'application/pdf', buffer: smallPdf(name) })));
    await page
      .getByRole('list', { name: 'Fichiers joints au message' })
      .getByRole('button', { name: `Retirer ${ATTACHED[1]}` })
      .waitFor();
    await page.getByLabel('Votre message').press('Control+Enter');
    const sent = page.getByRole('listitem').filter({ hasText: ANSWER });
    await sent.waitFor();
    for (const name of ATTACHED) await sent.getByRole('button', { name: new RegExp(`Télécharger ${name}`) }).waitFor();
    await expectNoAccessibilityViolation(page, 'les messages du notaire');
  });

  test('lets the client see the answer arrive, announced, and that the office read the question', async ({
    product,
    api,
    seed,
    newPage,
  }) => {
    const { projectId, clientToken, privateThread } = await seedFile(api, seed);
    await api.call('POST', `project/${projectId}/threads/${privateThread}/messages`, { text: QUESTION }, clientToken);
    const clientPage = await newPage({ toursSeen: PROJECT_TOURS, viewport: PHONE });
    await openMessages(clientPage, product, projectId, CLIENT);
    await clientPage
      .getByRole('navigation', { name: 'Conversations du dossier' })
      .getByRole('button', { name: /Moi et l'office notarial/ })
      .click();
    await clientPage.getByRole('listitem').filter({ hasText: QUESTION }).getByText('Envoyé, pas encore lu').waitFor();

    // The notary answers with two files and reads the thread, through the API as his screen does, while the client's page is open.
    const notaryToken = await api.signIn(NOTARY);
    const answer = new FormData();
    answer.append('text', ANSWER);
    for (const name of ATTACHED) answer.append('file', new Blob([new Uint8Array(smallPdf(name))], { type: 'application/pdf' }), name);
    const { id } = await api.call<{ id: number }>('POST', `project/${projectId}/threads/${privateThread}/attachment`, answer, notaryToken);
    await api.call('POST', `project/${projectId}/threads/${privateThread}/read`, { upTo: id }, notaryToken);

    const answered = clientPage.getByRole('listitem').filter({ hasText: ANSWER });
    await answered.waitFor({ timeout: 30_000 });
    await answered.getByText('Office notarial').waitFor();
    for (const name of ATTACHED) await answered.getByRole('button', { name: new RegExp(`Télécharger ${name}`) }).waitFor();
    await clientPage.getByRole('status').filter({ hasText: `Nouveau message de` }).waitFor({ state: 'attached', timeout: 15_000 });
    await clientPage
      .getByRole('listitem')
      .filter({ hasText: QUESTION })
      .getByText(/^Lu par l'office le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}$/)
      .waitFor({ timeout: 30_000 });
  });
});
