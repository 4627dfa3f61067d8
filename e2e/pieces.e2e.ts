import type { Page } from '@playwright/test';
import { CLIENT, NOTARY } from './support/accounts';
import { expectNoAccessibilityViolation } from './support/accessibility';
import type { Account, ProductApi } from './support/api';
import { expect, test } from './support/fixtures';
import { PROJECT_TOURS } from './support/pages';
import { decodedMail, linkIn, type RunningProduct } from './support/product';
import type { Seed } from './support/seed';
import { signInThroughLoginPage, typeCredentials } from './support/sign-in';

interface PieceRequest {
  id: number;
  pieceId: string;
  label: string;
  state: string;
}

interface SeededPieces {
  projectId: number;
  clientToken: string;
  notaryToken: string;
  /** The client's part in the file (whose pieces they send). */
  clientParticipantId: number;
  /** The one piece left to send: the diagnostic file. */
  diagnostic: PieceRequest;
}

interface ProjectAnswer {
  participants: Array<{ id: number; first_name: string }>;
  documents: Array<{ id: number }>;
}

/** A small real PDF: a diagnostic report. */
function reportPdf(title: string): Buffer {
  return Buffer.from(`%PDF-1.4\n% ${title}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
}

/** The client's sale at the Paris office, the office having waived every piece asked of the seller but the diagnostic file. */
async function seedPieces(api: ProductApi, seed: Seed): Promise<SeededPieces> {
  const clientToken = await api.signIn(CLIENT);
  const projectId = await seed.project(clientToken, { name: 'Vente appartement Dubois', subtype: 'appt' });
  const notaryToken = await api.signIn(NOTARY);
  const { requests } = await api.call<{ requests: PieceRequest[] }>('GET', `project/${projectId}/pieces`, undefined, notaryToken);
  const diagnostic = requests.find((r) => r.pieceId === 'technical_diagnostics');
  expect(diagnostic).toBeDefined();
  for (const other of requests.filter((r) => r.id !== diagnostic!.id && r.state === 'requested')) {
    await api.call('POST', `piece/${other.id}/review`, { action: 'waive' }, notaryToken);
  }
  const { participants } = await api.call<ProjectAnswer>('GET', `project/${projectId}`, undefined, clientToken);
  const clientParticipantId = participants.find((p) => p.first_name === 'Claire')!.id;
  return { projectId, clientToken, notaryToken, clientParticipantId, diagnostic: diagnostic! };
}

/** The seller sends a DPE report as the diagnostic piece, through the API as the Pièces tab does (a DPE drawer, then the file). */
async function sendReportThroughApi(
  api: ProductApi,
  { projectId, clientToken, clientParticipantId, diagnostic }: SeededPieces,
  fileName: string,
): Promise<void> {
  const before = await api.call<ProjectAnswer>('GET', `project/${projectId}`, undefined, clientToken);
  const after = await api.call<ProjectAnswer>(
    'POST',
    'participant/adddocument',
    { projectId, docType: 'document_files', docFileType: 'dpe', participantId: clientParticipantId },
    clientToken,
  );
  const drawer = after.documents.find((d) => !before.documents.some((b) => b.id === d.id))!;
  const form = new FormData();
  form.append('id', String(drawer.id));
  form.append('pieceRequestId', String(diagnostic.id));
  form.append('file', new Blob([new Uint8Array(reportPdf(fileName))], { type: 'application/pdf' }), fileName);
  await api.call('POST', `project/${projectId}/addfile`, form, clientToken);
}

async function openPieces(page: Page, product: RunningProduct, projectId: number, account: Account) {
  await signInThroughLoginPage(page, product, account);
  await page.goto(`${product.url}/project/${projectId}/dashboard`);
  await page.getByRole('tab', { name: 'Pièces' }).click();
}

const pieceCard = (page: Page, diagnostic: PieceRequest) => page.getByRole('article', { name: diagnostic.label });

async function sendReport(page: Page, diagnostic: PieceRequest, buttonName: string, fileName: string) {
  await pieceCard(page, diagnostic)
    .getByRole('button', { name: `${buttonName} : ${diagnostic.label}` })
    .click();
  const dialog = page.getByRole('dialog', { name: buttonName === 'Envoyer' ? 'Envoyer la pièce' : 'Envoyer une nouvelle version' });
  await dialog
    .getByRole('textbox', { name: 'Type de document' })
    .or(dialog.getByRole('combobox', { name: 'Type de document' }))
    .first()
    .click();
  await page.getByRole('option', { name: 'Diagnostic de performance énergétique (DPE)' }).click();
  await dialog
    .getByLabel('Fichier', { exact: true })
    .setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: reportPdf(fileName) });
  await expectNoAccessibilityViolation(page, 'la fenêtre d’envoi d’une pièce');
  await dialog.getByRole('button', { name: 'Envoyer' }).click();
  await dialog.waitFor({ state: 'detached', timeout: 30_000 });
  await pieceCard(page, diagnostic).getByText(fileName, { exact: false }).first().waitFor();
}

/**
 * The pieces of a file as a seller and the office use them (issue 22): a
 * diagnostic sent, a correction asked, the mail's link followed, a new
 * version sent, accepted, the list complete and nobody left to remind. Each
 * step starts from a file seeded through the API at the state the step before leaves.
 */
test.describe('the pieces of a file in the browser', () => {
  test('lets the seller send a diagnostic report from the Pièces tab', async ({ product, api, seed, newPage }) => {
    const { projectId, diagnostic } = await seedPieces(api, seed);
    const page = await newPage({ toursSeen: PROJECT_TOURS });
    await openPieces(page, product, projectId, CLIENT);
    await pieceCard(page, diagnostic).getByText('Demandée').waitFor();
    await expectNoAccessibilityViolation(page);
    await sendReport(page, diagnostic, 'Envoyer', 'dpe-2026.pdf');
    await pieceCard(page, diagnostic).getByText('Reçue', { exact: true }).first().waitFor();
  });

  test('lets the notary ask for a correction with a reason', async ({ product, api, seed, newPage }) => {
    const pieces = await seedPieces(api, seed);
    const { projectId, diagnostic } = pieces;
    await sendReportThroughApi(api, pieces, 'dpe-2026.pdf');
    const page = await newPage({ toursSeen: PROJECT_TOURS });
    await openPieces(page, product, projectId, NOTARY);
    await pieceCard(page, diagnostic).getByText('Reçue', { exact: true }).first().waitFor();
    await pieceCard(page, diagnostic)
      .getByRole('button', { name: `À corriger : ${diagnostic.label} de ${CLIENT.name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Demander une correction' });
    await dialog.getByRole('radio', { name: 'Illisible' }).check();
    await dialog.getByLabel('Précisions pour la personne (facultatif)').fill('La deuxième page est floue.');
    await expectNoAccessibilityViolation(page, 'la fenêtre de correction');
    await dialog.getByRole('button', { name: 'Envoyer la demande' }).click();
    await dialog.waitFor({ state: 'detached' });
    await pieceCard(page, diagnostic).getByText('À corriger', { exact: true }).first().waitFor();
  });

  test('brings the seller from the mail straight to the piece, signed in first, to send it again', async ({
    product,
    api,
    seed,
    newPage,
  }) => {
    const pieces = await seedPieces(api, seed);
    const { projectId, diagnostic } = pieces;
    await sendReportThroughApi(api, pieces, 'dpe-2026.pdf');
    await api.call(
      'POST',
      `piece/${diagnostic.id}/review`,
      { action: 'to_correct', reason: 'unreadable', text: 'La deuxième page est floue.' },
      pieces.notaryToken,
    );
    let link = '';
    await expect
      .poll(
        async () => {
          const mail = (await product.mails())
            .map(decodedMail)
            .find((m) => m.includes(`To: ${CLIENT.email}`) && m.includes(`piece=${diagnostic.id}`));
          link = mail ? linkIn(mail, `/project/${projectId}/dashboard?`) : '';
          return link;
        },
        { timeout: 15_000 },
      )
      .toContain(`piece=${diagnostic.id}`);
    const page = await newPage({ toursSeen: PROJECT_TOURS });
    await page.goto(link);
    await page.waitForURL('**/login**');
    await typeCredentials(page, CLIENT);
    await page.waitForURL(`**/project/${projectId}/dashboard?piece=${diagnostic.id}`);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-labelledby') ?? ''))
      .toBe(`piece-${diagnostic.id}-title`);
    await pieceCard(page, diagnostic).getByText('Illisible — La deuxième page est floue.', { exact: true }).waitFor();
    await sendReport(page, diagnostic, 'Envoyer une nouvelle version', 'dpe-2026-lisible.pdf');
    await pieceCard(page, diagnostic).getByText('Reçue', { exact: true }).first().waitFor();
  });

  test('lets the notary accept it: the list is complete and nobody is left to remind', async ({ product, api, seed, newPage }) => {
    const pieces = await seedPieces(api, seed);
    const { projectId, diagnostic, notaryToken } = pieces;
    await sendReportThroughApi(api, pieces, 'dpe-2026.pdf');
    const page = await newPage({ toursSeen: PROJECT_TOURS });
    await openPieces(page, product, projectId, NOTARY);
    await pieceCard(page, diagnostic)
      .getByRole('button', { name: `Accepter : ${diagnostic.label} de ${CLIENT.name}` })
      .click();
    await pieceCard(page, diagnostic).getByText('Acceptée', { exact: true }).first().waitFor();
    // Everything asked of the seller is in: as many received as asked.
    const count = page.getByLabel(new RegExp(`^Pièces de ${CLIENT.name} : `));
    await expect
      .poll(async () => {
        const [, received, total] = /(\d+) \/ (\d+)/.exec((await count.getAttribute('aria-label')) ?? '') ?? [];
        return received !== undefined && received === total;
      })
      .toBe(true);
    await expectNoAccessibilityViolation(page);
    const reminder = await fetch(`${product.url}/api/project/${projectId}/pieces/remind`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${notaryToken}`, 'x-requested-with': 'XMLHttpRequest' },
      body: '{}',
    });
    expect(reminder.status).toBe(409);
  });
});
