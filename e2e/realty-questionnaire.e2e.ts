import type { Page } from '@playwright/test';
import { CLIENT } from './support/accounts';
import { expectNoAccessibilityViolation } from './support/accessibility';
import type { ProductApi } from './support/api';
import { expect, test } from './support/fixtures';
import { ALL_TOURS, type NewPage } from './support/pages';
import type { RunningProduct } from './support/product';
import type { Seed } from './support/seed';

// A seller fills the house questionnaire (issue 8): the sanitation block and
// the motivation show their follow-ups, changing a parent answer removes
// them, and they stay cleared after a reload, on screen and on the server.

type Answers = Record<string, unknown>;

interface ProjectAnswer {
  documents: Array<{ document_sale_houses?: Answers[] }>;
}

const TAL = "La maison est-elle raccordée au réseau public d'assainissement (tout-à-l'égout) ?";
const SIMPLE = "La maison dispose-t-elle d'un assainissement individuel (fosse septique, fosse toutes eaux, micro-station) ?";
const CONNECTION = "Le raccordement a-t-il fait l'objet d'un contrôle de conformité par la commune ?";
const PAID_TAX = 'La participation au raccordement (PFAC, ancienne taxe de raccordement) a-t-elle été payée ?';
const STREET = "Existe-t-il un réseau public d'assainissement dans la rue de la maison ?";
const MOTIVATION = 'Pour quelle raison vendez-vous ce bien ?';
const FAMILY = "De quel évènement familial s'agit-il ?";

/** The client's house sale at the Paris office, and a page signed in as the client, every tour seen. */
async function sellerFile(api: ProductApi, seed: Seed, newPage: NewPage) {
  const token = await api.signIn(CLIENT);
  const projectId = await seed.project(token, { name: 'Vente maison des Tilleuls' });
  const page = await newPage({ token, toursSeen: ALL_TOURS });
  const storedAnswers = async (): Promise<Answers> => {
    const project = await api.call<ProjectAnswer>('GET', `project/${projectId}`, undefined, token);
    const item = project.documents.flatMap((d) => d.document_sale_houses ?? [])[0];
    if (!item) throw new Error('le dossier ne contient pas de questionnaire de vente de maison');
    return item;
  };
  return { page, projectId, storedAnswers };
}

/** The questionnaire's controls, as a person finds them. */
function questionnaireOf(page: Page) {
  const radioGroup = (name: string) => page.getByRole('radiogroup', { name, exact: true });
  return {
    radioGroup,
    answer: (question: string, option: string) => radioGroup(question).getByRole('radio', { name: option, exact: true }).check(),
    goToStep: (title: string) =>
      page.getByRole('navigation', { name: 'Étapes du questionnaire' }).getByRole('button', { name: title }).click(),
    waitUntilSaved: () => page.locator('[data-save-status="saved"]').waitFor(),
  };
}

async function openHouseQuestionnaire(page: Page, product: RunningProduct, projectId: number) {
  await page.goto(`${product.url}/project/${projectId}/dashboard`);
  await page.getByRole('button', { name: "Ouvrir le questionnaire Vente d'une maison" }).click();
  await page.waitForURL(`**/project/${projectId}/form/sale/house`);
  await page.getByRole('heading', { level: 1, name: "Vente d'une maison" }).waitFor();
}

test.describe('house questionnaire in the browser', () => {
  test('opens the house questionnaire from the project', async ({ product, api, seed, newPage }) => {
    const { page, projectId } = await sellerFile(api, seed, newPage);
    await page.goto(`${product.url}/project/${projectId}/dashboard`);
    await page.getByRole('tab', { name: /Documents/, selected: true }).waitFor();
    await expectNoAccessibilityViolation(page);
    await page.getByRole('button', { name: "Ouvrir le questionnaire Vente d'une maison" }).click();
    await page.waitForURL(`**/project/${projectId}/form/sale/house`);
    await page.getByRole('heading', { level: 1, name: "Vente d'une maison" }).waitFor();
  });

  test('shows the sanitation follow-ups of each answer and removes them when the parent changes', async ({
    product,
    api,
    seed,
    newPage,
  }) => {
    const { page, projectId, storedAnswers } = await sellerFile(api, seed, newPage);
    const { radioGroup, answer, goToStep, waitUntilSaved } = questionnaireOf(page);
    await openHouseQuestionnaire(page, product, projectId);
    await goToStep('Assainissement');
    expect(await radioGroup(CONNECTION).count()).toBe(0);

    await answer(TAL, 'Oui');
    await answer(CONNECTION, 'Oui');
    await answer(PAID_TAX, 'Oui');
    await answer(SIMPLE, 'Non');
    // Connected to the sewer: no question about a sewer in the street.
    expect(await radioGroup(STREET).count()).toBe(0);
    await expect.poll(async () => (await storedAnswers()).sanitation_q1_paid_tax, { timeout: 10_000 }).toBe(1);

    await answer(TAL, 'Non');
    await radioGroup(CONNECTION).waitFor({ state: 'detached' });
    expect(await radioGroup(PAID_TAX).count()).toBe(0);
    await answer(STREET, 'Oui');

    await answer(SIMPLE, 'Oui');
    await radioGroup(STREET).waitFor({ state: 'detached' });
    await page.getByLabel('Date de la dernière vidange').fill('12/03/2024');
    await waitUntilSaved();
    await expectNoAccessibilityViolation(page);
  });

  test('shows the family reason, then the other reason, of the sale', async ({ product, api, seed, newPage }) => {
    const { page, projectId, storedAnswers } = await sellerFile(api, seed, newPage);
    const { radioGroup, answer, goToStep, waitUntilSaved } = questionnaireOf(page);
    await openHouseQuestionnaire(page, product, projectId);
    await goToStep('Motivation de la cession');
    await answer(MOTIVATION, 'Évènement familial');
    await answer(FAMILY, 'Mariage / Pacs / Divorce');
    await expect.poll(async () => (await storedAnswers()).sale_motivation_family_reason, { timeout: 10_000 }).toBe(1);

    await answer(MOTIVATION, 'Autre cause');
    await radioGroup(FAMILY).waitFor({ state: 'detached' });
    await page.getByLabel('Précisez la cause').fill('Rapprochement de nos enfants');
    await expect
      .poll(async () => (await storedAnswers()).sale_motivation_other_reason, { timeout: 10_000 })
      .toBe('Rapprochement de nos enfants');
    await waitUntilSaved();
  });

  test('finds the cleared answers still cleared after a reload, on screen and on the server', async ({ product, api, seed, newPage }) => {
    const { page, projectId, storedAnswers } = await sellerFile(api, seed, newPage);
    const { radioGroup, answer, goToStep, waitUntilSaved } = questionnaireOf(page);
    await openHouseQuestionnaire(page, product, projectId);
    // The answers of the two tests above, follow-ups first, then their parents changed.
    await goToStep('Assainissement');
    await answer(TAL, 'Oui');
    await answer(CONNECTION, 'Oui');
    await answer(PAID_TAX, 'Oui');
    await answer(SIMPLE, 'Non');
    await expect.poll(async () => (await storedAnswers()).sanitation_q1_paid_tax, { timeout: 10_000 }).toBe(1);
    await answer(TAL, 'Non');
    await answer(STREET, 'Oui');
    await answer(SIMPLE, 'Oui');
    await page.getByLabel('Date de la dernière vidange').fill('12/03/2024');
    await waitUntilSaved();
    await goToStep('Motivation de la cession');
    await answer(MOTIVATION, 'Évènement familial');
    await answer(FAMILY, 'Mariage / Pacs / Divorce');
    await expect.poll(async () => (await storedAnswers()).sale_motivation_family_reason, { timeout: 10_000 }).toBe(1);
    await answer(MOTIVATION, 'Autre cause');
    await page.getByLabel('Précisez la cause').fill('Rapprochement de nos enfants');
    await expect
      .poll(async () => (await storedAnswers()).sale_motivation_other_reason, { timeout: 10_000 })
      .toBe('Rapprochement de nos enfants');
    await waitUntilSaved();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: "Vente d'une maison" }).waitFor();
    await goToStep('Assainissement');
    expect(await radioGroup(TAL).getByRole('radio', { name: 'Non', exact: true }).isChecked()).toBe(true);
    expect(await radioGroup(CONNECTION).count()).toBe(0);
    expect(await radioGroup(STREET).count()).toBe(0);
    expect(await page.getByLabel('Date de la dernière vidange').inputValue()).toBe('12/03/2024');

    await goToStep('Motivation de la cession');
    expect(await radioGroup(MOTIVATION).getByRole('radio', { name: 'Autre cause', exact: true }).isChecked()).toBe(true);
    expect(await radioGroup(FAMILY).count()).toBe(0);
    expect(await page.getByLabel('Précisez la cause').inputValue()).toBe('Rapprochement de nos enfants');

    const saved = await storedAnswers();
    expect(saved).toMatchObject({
      sanitation_q1_tal: 0,
      sanitation_q1_simple: 1,
      sanitation_q1_last_drain: '12/03/2024',
      sale_motivation: 4,
    });
    for (const cleared of [
      'sanitation_q1_public_connection',
      'sanitation_q1_paid_tax',
      'sanitation_street_exists',
      'sale_motivation_family_reason',
    ]) {
      expect(saved, cleared).not.toHaveProperty(cleared);
    }
  });
});
