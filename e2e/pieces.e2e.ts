import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAccessibilityViolation } from './support/accessibility';
import { callApi, signInToken } from './support/api';
import { passSecondFactorInBrowser } from './support/second-factor';
import { hasChromium, launchBrowser, newPageWithoutTours } from './support/browser';
import { linkIn, startProduct, type RunningProduct } from './support/product';

const CLIENT = { email: 'client@notadoo.fr', password: 'Dossier2026', name: 'Claire Dubois' };
const NOTARY = { email: 'notaire@notadoo.fr', password: 'Notadoo-Notaire-2026!' };
const PARIS_OFFICE_ID = 1;

interface PiecesAnswer {
  requests: Array<{ id: number; pieceId: string; label: string; state: string }>;
}

/** A small real PDF: a diagnostic report. */
function reportPdf(title: string): Buffer {
  return Buffer.from(`%PDF-1.4\n% ${title}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
}

/**
 * The pieces of a file as a seller and the office use them (issue 22): a
 * diagnostic sent, a correction asked, the mail's link followed, a new
 * version sent, accepted, the list complete and nobody left to remind.
 */
describe.skipIf(!hasChromium)('the pieces of a file in the browser', () => {
  let product: RunningProduct;
  let browser: Browser;
  let projectId: number;
  let notaryToken: string;
  let diagnostic: PiecesAnswer['requests'][number];
  const contexts: BrowserContext[] = [];
  const api = <T>(method: string, path: string, body: unknown, token?: string) => callApi<T>(product.url, method, path, body, token);

  const newPage = () => newPageWithoutTours(browser, product.url, contexts);

  async function signIn(page: Page, account: { email: string; password: string }) {
    await page.getByLabel('Adresse email', { exact: true }).fill(account.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    // Issue 27: the notary gives the code (or sets the second factor up the first time).
    await passSecondFactorInBrowser(page, account.email);
  }

  async function openPieces(page: Page, account: { email: string; password: string }) {
    await page.goto(`${product.url}/login`);
    await signIn(page, account);
    await page.waitForURL('**/dashboard');
    await page.goto(`${product.url}/project/${projectId}/dashboard`);
    await page.getByRole('tab', { name: 'Pièces' }).click();
  }

  const pieceCard = (page: Page) => page.getByRole('article', { name: diagnostic.label });

  async function sendReport(page: Page, buttonName: string, fileName: string) {
    await pieceCard(page).getByRole('button', { name: `${buttonName} : ${diagnostic.label}` }).click();
    const dialog = page.getByRole('dialog', { name: buttonName === 'Envoyer' ? 'Envoyer la pièce' : 'Envoyer une nouvelle version' });
    await dialog.getByRole('textbox', { name: 'Type de document' }).or(dialog.getByRole('combobox', { name: 'Type de document' })).first().click();
    await page.getByRole('option', { name: 'Diagnostic de performance énergétique (DPE)' }).click();
    await dialog.getByLabel('Fichier', { exact: true }).setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: reportPdf(fileName) });
    await expectNoAccessibilityViolation(page, 'la fenêtre d’envoi d’une pièce');
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    await pieceCard(page).getByText(fileName, { exact: false }).first().waitFor();
  }

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    const { token } = await api<{ token: string }>('POST', 'users/login', { login: CLIENT.email, password: CLIENT.password });
    ({ id: projectId } = await api<{ id: number }>('POST', 'project', { name: 'Vente appartement Dubois', type: 'realty', subtype: 'appt', role: 'seller' }, token));
    await api('PATCH', `project/${projectId}`, { office: PARIS_OFFICE_ID }, token);
    notaryToken = await signInToken(product.url, NOTARY);
    // Only the diagnostic file is left to send: the office waives the seller's other pieces.
    const { requests } = await api<PiecesAnswer>('GET', `project/${projectId}/pieces`, undefined, notaryToken);
    diagnostic = requests.find((r) => r.pieceId === 'technical_diagnostics')!;
    expect(diagnostic).toBeDefined();
    for (const other of requests.filter((r) => r.id !== diagnostic.id && r.state === 'requested')) {
      await api('POST', `piece/${other.id}/review`, { action: 'waive' }, notaryToken);
    }
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await product?.stop();
  });

  it('lets the seller send a diagnostic report from the Pièces tab', async () => {
    const page = await newPage();
    await openPieces(page, CLIENT);
    await pieceCard(page).getByText('Demandée').waitFor();
    await expectNoAccessibilityViolation(page);
    await sendReport(page, 'Envoyer', 'dpe-2026.pdf');
    await pieceCard(page).getByText('Reçue', { exact: true }).first().waitFor();
  });

  it('lets the notary ask for a correction with a reason', async () => {
    const page = await newPage();
    await openPieces(page, NOTARY);
    await pieceCard(page).getByText('Reçue', { exact: true }).first().waitFor();
    await pieceCard(page).getByRole('button', { name: `À corriger : ${diagnostic.label} de ${CLIENT.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Demander une correction' });
    await dialog.getByRole('radio', { name: 'Illisible' }).check();
    await dialog.getByLabel('Précisions pour la personne (facultatif)').fill('La deuxième page est floue.');
    await expectNoAccessibilityViolation(page, 'la fenêtre de correction');
    await dialog.getByRole('button', { name: 'Envoyer la demande' }).click();
    await dialog.waitFor({ state: 'detached' });
    await pieceCard(page).getByText('À corriger', { exact: true }).first().waitFor();
  });

  it('brings the seller from the mail straight to the piece, signed in first, to send it again', async () => {
    let link = '';
    await expect
      .poll(async () => {
        const mail = (await product.mails()).find((m) => m.includes(`To: ${CLIENT.email}`) && m.includes('piece='));
        link = mail ? linkIn(mail, `/project/${projectId}/dashboard?`) : '';
        return link;
      }, { timeout: 15_000 })
      .toContain(`piece=${diagnostic.id}`);
    const page = await newPage();
    await page.goto(link);
    await page.waitForURL('**/login**');
    await signIn(page, CLIENT);
    await page.waitForURL(`**/project/${projectId}/dashboard?piece=${diagnostic.id}`);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-labelledby') ?? '')).toBe(`piece-${diagnostic.id}-title`);
    await pieceCard(page).getByText('Illisible — La deuxième page est floue.', { exact: true }).waitFor();
    await sendReport(page, 'Envoyer une nouvelle version', 'dpe-2026-lisible.pdf');
    await pieceCard(page).getByText('Reçue', { exact: true }).first().waitFor();
  });

  it('lets the notary accept it: the list is complete and nobody is left to remind', async () => {
    const page = await newPage();
    await openPieces(page, NOTARY);
    await pieceCard(page).getByRole('button', { name: `Accepter : ${diagnostic.label} de ${CLIENT.name}` }).click();
    await pieceCard(page).getByText('Acceptée', { exact: true }).first().waitFor();
    // Everything asked of the seller is in: as many received as asked.
    const count = page.getByLabel(new RegExp(`^Pièces de ${CLIENT.name} : `));
    await expect.poll(async () => {
      const [, received, total] = /(\d+) \/ (\d+)/.exec((await count.getAttribute('aria-label')) ?? '') ?? [];
      return received !== undefined && received === total;
    }).toBe(true);
    await expectNoAccessibilityViolation(page);
    const reminder = await fetch(`${product.url}/api/project/${projectId}/pieces/remind`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${notaryToken}`, 'x-requested-with': 'XMLHttpRequest' },
      body: '{}',
    });
    expect(reminder.status).toBe(409);
  });
});
