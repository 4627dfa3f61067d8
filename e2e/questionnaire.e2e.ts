import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser } from './support/browser';
import { expectNoAccessibilityViolation } from './support/accessibility';
import { callApi } from './support/api';
import { startProduct, type RunningProduct } from './support/product';

interface QuestionnaireItem {
  id: number;
  version: number;
  [field: string]: unknown;
}

interface ProjectAnswer {
  documents: Array<{ id: number; document_civil_statuses: QuestionnaireItem[] }>;
}

const SPOUSE_FIELDS = ['spouse_last_name', 'spouse_first_name', 'mariage_date', 'mariage_postal_code', 'mariage_city', 'mariage_first_residence'];

describe.skipIf(!hasChromium)('questionnaire journey in the browser', () => {
  let product: RunningProduct;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let projectId: number;

  const api = <T>(method: string, path: string, body?: unknown) => callApi<T>(product.url, method, path, body, token);

  async function civilStatusAnswers(): Promise<QuestionnaireItem> {
    const project = await api<ProjectAnswer>('GET', `project/${projectId}`);
    const item = project.documents.flatMap((d) => d.document_civil_statuses)[0];
    if (!item) throw new Error('le dossier ne contient pas de questionnaire d’état civil');
    return item;
  }

  async function waitUntilSaved() {
    await page.locator('[data-save-status="saved"]').waitFor();
  }

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    token = (await api<{ token: string }>('POST', 'users/login', { login: 'client@notadoo.fr', password: 'Dossier2026' })).token;
    projectId = (await api<{ id: number }>('POST', 'project', { name: 'Vente rue des Lilas', type: 'realty', subtype: 'appt', role: 'seller' })).id;
    await api('PATCH', `project/${projectId}`, { office: 1 });

    context = await browser.newContext({ locale: 'fr-FR' });
    // Signed in as the client, with the token the API gave.
    await context.addCookies([{ name: 'authToken', value: token, url: product.url }]);
    // The project page's tours were seen already: they would cover the Documents tab.
    await context.addCookies(['notadoo_tour_transmit', 'notadoo_tour_office'].map((name) => ({ name, value: '1', url: product.url })));
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('opens the civil status questionnaire of the project', async () => {
    await page.goto(`${product.url}/project/${projectId}/dashboard`);
    await page.getByRole('tab', { name: /Documents/, selected: true }).waitFor();
    await page.getByRole('button', { name: 'Ouvrir le questionnaire État civil' }).first().click();
    await page.waitForURL(`**/project/${projectId}/form/civilstatus`);
    await page.getByRole('heading', { level: 1, name: "Questionnaire d'état civil" }).waitFor();
    await expectNoAccessibilityViolation(page, 'le questionnaire et son aide');
    // The one-time help tour points at the office contact first.
    await page.getByRole('button', { name: "J'ai compris" }).click();
    expect((await context.cookies()).some((c) => c.name === 'notadoo_tour_questionnaire_help')).toBe(true);
  });

  it('shows the spouse questions for a married person and clears them for a single one', async () => {
    const steps = page.getByRole('navigation', { name: 'Étapes du questionnaire' });
    await steps.getByRole('button', { name: 'Situation familiale' }).click();
    const spouse = page.getByRole('group', { name: 'Qui est votre conjoint ?' });
    expect(await spouse.count()).toBe(0);

    await page.getByRole('radio', { name: 'Marié(e)' }).check();
    await spouse.getByLabel('Nom de naissance', { exact: true }).fill('Durand');
    await spouse.getByLabel('Prénoms', { exact: true }).fill('Paul');
    await expectNoAccessibilityViolation(page);
    await page.getByRole('group', { name: 'Quand et où vous êtes-vous marié(e) ?' }).getByLabel('Commune du mariage', { exact: true }).fill('Lyon');
    await expect.poll(async () => (await civilStatusAnswers()).spouse_last_name, { timeout: 10_000 }).toBe('Durand');
    await waitUntilSaved();

    await page.getByRole('radio', { name: 'Célibataire' }).check();
    await spouse.waitFor({ state: 'detached' });
    await waitUntilSaved();

    await page.reload();
    await page.getByRole('navigation', { name: 'Étapes du questionnaire' }).getByRole('button', { name: 'Situation familiale' }).click();
    expect(await page.getByRole('radio', { name: 'Célibataire' }).isChecked()).toBe(true);
    expect(await spouse.count()).toBe(0);
    const saved = await civilStatusAnswers();
    expect(saved.marital_status).toBe('single');
    for (const field of SPOUSE_FIELDS) expect(saved, field).not.toHaveProperty(field);
  });

  it('downloads the PDF of the questionnaire in a new tab', async () => {
    const pdf = context.waitForEvent('response', { predicate: (response) => response.url().includes('/api/get_pdf/') });
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Télécharger le PDF' }).click();
    await popup;
    const response = await pdf;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
  });
});
