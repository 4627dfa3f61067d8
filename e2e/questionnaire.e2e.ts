import type { Page } from '@playwright/test';
import { CLIENT } from './support/accounts';
import { expectNoAccessibilityViolation } from './support/accessibility';
import type { ProductApi } from './support/api';
import { expect, test } from './support/fixtures';
import { ALL_TOURS, PROJECT_TOURS, type NewPage } from './support/pages';
import type { RunningProduct } from './support/product';
import type { Seed } from './support/seed';

interface QuestionnaireItem {
  id: number;
  version: number;
  [field: string]: unknown;
}

interface ProjectAnswer {
  documents: Array<{ id: number; document_civil_statuses: QuestionnaireItem[] }>;
}

const SPOUSE_FIELDS = [
  'spouse_last_name',
  'spouse_first_name',
  'mariage_date',
  'mariage_postal_code',
  'mariage_city',
  'mariage_first_residence',
];

/** The client's flat sale at the Paris office, and a page signed in as the client with the API's token, `toursSeen` seen. */
async function clientFile(api: ProductApi, seed: Seed, newPage: NewPage, toursSeen: readonly string[]) {
  const token = await api.signIn(CLIENT);
  const projectId = await seed.project(token, { name: 'Vente rue des Lilas', subtype: 'appt' });
  const page = await newPage({ token, toursSeen });
  const civilStatusAnswers = async (): Promise<QuestionnaireItem> => {
    const project = await api.call<ProjectAnswer>('GET', `project/${projectId}`, undefined, token);
    const item = project.documents.flatMap((d) => d.document_civil_statuses)[0];
    if (!item) throw new Error('le dossier ne contient pas de questionnaire d’état civil');
    return item;
  };
  return { page, projectId, civilStatusAnswers };
}

/** From the file's Documents tab, as a person opens it. */
async function openCivilStatus(page: Page, product: RunningProduct, projectId: number) {
  await page.goto(`${product.url}/project/${projectId}/dashboard`);
  await page.getByRole('button', { name: 'Ouvrir le questionnaire État civil' }).first().click();
  await page.waitForURL(`**/project/${projectId}/form/civilstatus`);
  await page.getByRole('heading', { level: 1, name: "Questionnaire d'état civil" }).waitFor();
}

test.describe('questionnaire journey in the browser', () => {
  test('opens the civil status questionnaire of the project', async ({ product, api, seed, newPage }) => {
    const { page, projectId } = await clientFile(api, seed, newPage, PROJECT_TOURS);
    await page.goto(`${product.url}/project/${projectId}/dashboard`);
    await page.getByRole('tab', { name: /Documents/, selected: true }).waitFor();
    await page.getByRole('button', { name: 'Ouvrir le questionnaire État civil' }).first().click();
    await page.waitForURL(`**/project/${projectId}/form/civilstatus`);
    await page.getByRole('heading', { level: 1, name: "Questionnaire d'état civil" }).waitFor();
    await expectNoAccessibilityViolation(page, 'le questionnaire et son aide');
    // The one-time help tour points at the office contact first.
    await page.getByRole('button', { name: "J'ai compris" }).click();
    expect((await page.context().cookies()).some((c) => c.name === 'notadoo_tour_questionnaire_help')).toBe(true);
  });

  test('shows the spouse questions for a married person and clears them for a single one', async ({ product, api, seed, newPage }) => {
    const { page, projectId, civilStatusAnswers } = await clientFile(api, seed, newPage, ALL_TOURS);
    const waitUntilSaved = () => page.locator('[data-save-status="saved"]').waitFor();
    await openCivilStatus(page, product, projectId);
    const steps = page.getByRole('navigation', { name: 'Étapes du questionnaire' });
    await steps.getByRole('button', { name: 'Situation familiale' }).click();
    const spouse = page.getByRole('group', { name: 'Qui est votre conjoint ?' });
    expect(await spouse.count()).toBe(0);

    await page.getByRole('radio', { name: 'Marié(e)' }).check();
    await spouse.getByLabel('Nom de naissance', { exact: true }).fill('Durand');
    await spouse.getByLabel('Prénoms', { exact: true }).fill('Paul');
    await expectNoAccessibilityViolation(page);
    await page
      .getByRole('group', { name: 'Quand et où vous êtes-vous marié(e) ?' })
      .getByLabel('Commune du mariage', { exact: true })
      .fill('Lyon');
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

  test('downloads the PDF of the questionnaire in a new tab', async ({ product, api, seed, newPage }) => {
    const { page, projectId } = await clientFile(api, seed, newPage, ALL_TOURS);
    await openCivilStatus(page, product, projectId);
    const pdf = page.context().waitForEvent('response', { predicate: (response) => response.url().includes('/api/get_pdf/') });
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Télécharger le PDF' }).click();
    await popup;
    const response = await pdf;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
  });
});
