import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './support/api';
import { hasChromium, launchBrowser, newPageWithoutTours } from './support/browser';
import { expectNoAccessibilityViolation } from './support/accessibility';
import { linkIn, startProduct, type RunningProduct } from './support/product';

// A house sold by two sellers (issue 23): both open the same sale
// questionnaire, the second finding the first one's answers; a seller added
// without e-mail by the estate agent has their civil status filled in by the
// agent, who otherwise only reads the file's documents.

const CO_SELLER = { firstName: 'Marc', lastName: 'Covendeur', email: 'marc.covendeur@exemple.fr', password: 'Partage2026' };
const SHARED_SALE = "Ouvrir le questionnaire Vente d'une maison (Questionnaire commun aux vendeurs)";
const PRICE = 'Prix de vente (en euros)';

interface WireProject {
  documents: Array<{
    shared_role?: string | null;
    participant: { id: number } | null;
    document_sale_houses: Array<Record<string, unknown>>;
    document_civil_statuses: Array<Record<string, unknown>>;
  }>;
  participants: Array<{ id: number; first_name: string }>;
}

describe.skipIf(!hasChromium)('one sale questionnaire for the sellers of a house', () => {
  let product: RunningProduct;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let sellerToken: string;
  let projectId: number;

  const api = <T>(method: string, path: string, body?: unknown, token = sellerToken) => callApi<T>(product.url, method, path, body, token);

  async function signedInPage(token: string): Promise<Page> {
    const page = await newPageWithoutTours(browser, product.url, contexts);
    await page.context().addCookies([
      { name: 'authToken', value: token, url: product.url },
      { name: 'notadoo_tour_questionnaire_help', value: '1', url: product.url },
    ]);
    return page;
  }

  async function openSharedSale(page: Page): Promise<void> {
    await page.goto(`${product.url}/project/${projectId}/dashboard`);
    const sellers = page.getByRole('region', { name: 'Vendeurs' });
    await sellers.getByRole('button', { name: SHARED_SALE }).click();
    await page.waitForURL(`**/project/${projectId}/form/sale/house`);
    await page.getByText('Questionnaire commun aux vendeurs : chaque vendeur voit et complète les mêmes réponses').waitFor();
  }

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    sellerToken = (await api<{ token: string }>('POST', 'users/login', { login: 'client@notadoo.fr', password: 'Dossier2026' })).token;
    projectId = (await api<{ id: number }>('POST', 'project', { name: 'Maison des Lilas', type: 'realty', subtype: 'house', role: 'seller' })).id;
    await api('PATCH', `project/${projectId}`, { office: 1 });
    await api('POST', `project/${projectId}/addperson`, { ...CO_SELLER, role: 'seller' });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await product?.stop();
  });

  it('shows the first seller one shared sale questionnaire, and keeps what they type', async () => {
    const page = await signedInPage(sellerToken);
    await openSharedSale(page);
    await expectNoAccessibilityViolation(page);
    await page.getByLabel(PRICE, { exact: true }).fill('320000');
    await page.locator('[data-save-status="saved"]').waitFor();
    const project = await api<WireProject>('GET', `project/${projectId}`);
    const shared = project.documents.filter((d) => d.shared_role === 'seller');
    expect(shared).toHaveLength(1);
    expect(shared[0]!.document_sale_houses[0]).toMatchObject({ price_q0_amount: '320000' });
    expect(project.documents.filter((d) => d.document_sale_houses.length > 0)).toHaveLength(1);
  });

  it('lets the second seller, joining through the invitation, find those answers and complete them', async () => {
    const link = linkIn(await product.mailTo(CO_SELLER.email), '/signup?');
    const invitation = new URL(link).searchParams.get('invitation');
    const { token } = await callApi<{ token: string }>(product.url, 'POST', 'users/signup', {
      login: CO_SELLER.email,
      email: CO_SELLER.email,
      password: CO_SELLER.password,
      passwordConfirm: CO_SELLER.password,
      firstName: CO_SELLER.firstName,
      lastName: CO_SELLER.lastName,
      intermediary: 'no',
      invitation,
    });
    const page = await signedInPage(token);
    await page.setViewportSize({ width: 390, height: 844 });
    await openSharedSale(page);
    const price = page.getByLabel(PRICE, { exact: true });
    expect(await price.inputValue()).toBe('320000');
    await price.fill('325000');
    await page.locator('[data-save-status="saved"]').waitFor();
    await expectNoAccessibilityViolation(page, 'le questionnaire commun à 390 px');
    const project = await api<WireProject>('GET', `project/${projectId}`);
    expect(project.documents.find((d) => d.shared_role === 'seller')!.document_sale_houses[0]).toMatchObject({ price_q0_amount: '325000' });
  });

  it('lets the estate agent fill in the civil status of a seller they added without e-mail, saying it is on her behalf', async () => {
    await api('POST', `project/${projectId}/addperson`, { firstName: 'Inès', lastName: 'Petit', email: 'agent@notadoo.fr', role: 'intermediary' });
    const invitation = new URL(linkIn(await product.mailTo('agent@notadoo.fr'), '/login?')).searchParams.get('invitation');
    const { token: agentToken } = await callApi<{ token: string }>(product.url, 'POST', 'users/login', { login: 'agent@notadoo.fr', password: 'Mandat2026', invitation });
    await api('POST', `project/${projectId}/addperson`, { firstName: 'Léa', lastName: 'Sansmail', role: 'seller' }, agentToken);

    const page = await signedInPage(agentToken);
    await page.goto(`${product.url}/project/${projectId}/dashboard`);
    const lea = page.getByRole('group', { name: 'Documents de Léa Sansmail' });
    await lea.getByText("Léa Sansmail n'a pas encore de compte : vous remplissez ses documents pour son compte.").waitFor();
    // The agent reads the other sellers' documents but fills in none of them.
    expect(await page.getByRole('group', { name: `Documents de ${CO_SELLER.firstName} ${CO_SELLER.lastName}` }).getByText(/pour son compte/).count()).toBe(0);
    await expectNoAccessibilityViolation(page);
    await lea.getByRole('button', { name: 'Ouvrir le questionnaire État civil' }).click();
    await page.waitForURL(`**/project/${projectId}/form/civilstatus`);
    await page.getByText("Léa Sansmail n'a pas encore de compte").waitFor();
    await page.getByLabel('Lieu de naissance', { exact: true }).fill('Lyon');
    await page.locator('[data-save-status="saved"]').waitFor();
    await expectNoAccessibilityViolation(page);
    const project = await api<WireProject>('GET', `project/${projectId}`);
    const leaId = project.participants.find((p) => p.first_name === 'Léa')!.id;
    const civil = project.documents.find((d) => d.participant?.id === leaId)!;
    expect(civil.document_civil_statuses[0]).toMatchObject({ birth_place: 'Lyon' });
  });
});
