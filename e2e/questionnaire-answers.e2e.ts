import type { Page } from '@playwright/test';
import { CLIENT, NOTARY } from './support/accounts';
import { expectNoAccessibilityViolation } from './support/accessibility';
import type { ProductApi } from './support/api';
import { expect, test } from './support/fixtures';
import { ALL_TOURS, PHONE, type NewPage } from './support/pages';
import type { Seed } from './support/seed';

const HOUSE = 'document_sale_houses';

type Item = { id: number; version: number } & Record<string, unknown>;
interface ProjectAnswer {
  documents: Array<{ id: number } & Record<string, unknown>>;
}

interface SellerPage {
  page: Page;
  projectId: number;
  /** The house sale questionnaire's answers as the server stores them. */
  houseQuestionnaire(): Promise<Item>;
}

/** The client's house sale at the Paris office, and a page signed in as the client, every help tour seen. */
async function openSeller(api: ProductApi, seed: Seed, newPage: NewPage): Promise<SellerPage> {
  const clientToken = await api.signIn(CLIENT);
  const projectId = await seed.project(clientToken, { name: 'Vente maison des Tilleuls' });
  const page = await newPage({ token: clientToken, toursSeen: ALL_TOURS });
  return {
    page,
    projectId,
    async houseQuestionnaire() {
      const project = await api.call<ProjectAnswer>('GET', `project/${projectId}`, undefined, clientToken);
      const item = project.documents.flatMap((d) => (d[HOUSE] as Item[] | undefined) ?? [])[0];
      if (!item) throw new Error('le dossier ne contient pas de questionnaire de vente de maison');
      return item;
    },
  };
}

/**
 * A seller's answers in the browser (issue 23): the house sale questionnaire
 * reopens at the step being edited, warns under answers that do not look like
 * what is asked and keeps long names whole, shows the answers the office
 * changed, and "Transmettre au Notaire" lists what a questionnaire at 0 %
 * still lacks. Each test has a file of its own.
 */
test.describe("a seller's questionnaire answers in the browser", () => {
  test('lists, before "Transmettre au Notaire", the questions of a questionnaire at 0 %', async ({ product, api, seed, newPage }) => {
    const { page, houseQuestionnaire, projectId } = await openSeller(api, seed, newPage);
    expect((await houseQuestionnaire()).progress).toBe(0);
    await page.goto(`${product.url}/project/${projectId}/dashboard`);
    await page.getByRole('button', { name: 'Transmettre au Notaire' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transmettre au Notaire' });
    await dialog.getByText(/^Il reste \d+ questions sans réponse et \d+ pièces? à envoyer\.$/).waitFor();
    const questions = dialog.getByRole('list', { name: 'Questions sans réponse' }).getByRole('listitem');
    expect(await questions.count()).toBeGreaterThan(20);
    await questions.filter({ hasText: "Vente d'une maison — Prix et commission : Quel est le prix de vente convenu ?" }).waitFor();
    await questions.filter({ hasText: "Questionnaire d'état civil — Identité" }).first().waitFor();
    await expectNoAccessibilityViolation(page, 'la confirmation avec ce qui manque');
    // Nothing is sent from here: the person may still cancel and complete first.
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  test('keeps the step in the address: reload, back and forward open the step being edited', async ({ product, api, seed, newPage }) => {
    const { page, projectId } = await openSeller(api, seed, newPage);
    const stepHeading = (title: string) => page.getByRole('heading', { level: 2, name: title });
    await page.goto(`${product.url}/project/${projectId}/dashboard`);
    await page
      .getByRole('button', { name: /^Ouvrir le questionnaire .*maison/i })
      .first()
      .click();
    await page.waitForURL(`**/project/${projectId}/form/sale/house`);
    await stepHeading('Prix et commission').waitFor();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await stepHeading('Situation du terrain').waitFor();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await stepHeading('État du sous-sol - Pollution').waitFor();
    expect(new URL(page.url()).search).toBe('?step=3');

    await page.reload();
    await stepHeading('État du sous-sol - Pollution').waitFor();
    await page.goBack();
    await stepHeading('Situation du terrain').waitFor();
    await page.goForward();
    await stepHeading('État du sous-sol - Pollution').waitFor();

    // A step that does not exist opens the first one (the document travels in the history entry's state).
    await page.evaluate(() => window.history.replaceState(window.history.state, '', `${window.location.pathname}?step=99`));
    await page.reload();
    await stepHeading('Prix et commission').waitFor();
  });

  test('warns under a price written in words but keeps it, and keeps a long name whole', async ({ product, api, seed, newPage }) => {
    const { page, houseQuestionnaire, projectId } = await openSeller(api, seed, newPage);
    const stepHeading = (title: string) => page.getByRole('heading', { level: 2, name: title });
    const waitUntilSaved = () => page.locator('[data-save-status="saved"]').waitFor();
    await page.goto(`${product.url}/project/${projectId}/dashboard`);
    await page
      .getByRole('button', { name: /^Ouvrir le questionnaire .*maison/i })
      .first()
      .click();
    await stepHeading('Prix et commission').waitFor();
    const price = page.getByLabel('Prix de vente (en euros)', { exact: true });
    await price.fill('trois cent mille');
    await price.blur();
    await page.getByText('Montant attendu en euros, en chiffres, par exemple 300 000.').waitFor();
    await expect.poll(async () => (await houseQuestionnaire()).price_q0_amount, { timeout: 10_000 }).toBe('trois cent mille');
    await waitUntilSaved();
    await expectNoAccessibilityViolation(page, 'un avertissement sous un montant');

    await page.getByRole('button', { name: 'Suivant' }).click();
    await stepHeading('Situation du terrain').waitFor();
    await page.getByRole('group', { name: "Le terrain fait-il partie d'un lotissement ?" }).getByRole('radio', { name: 'Oui' }).check();
    const association = page.getByRole('group', { name: "Le lotissement est-il doté d'une association syndicale de libre (ASL) ?" });
    await association.getByRole('radio', { name: 'Oui' }).check();
    const longName = 'Marie-Bernadette Joséphine Anne-Charlotte Éléonore Philippine';
    expect(longName.length).toBeGreaterThan(50);
    await association.getByLabel('Prénom du président', { exact: true }).fill(longName);
    await expect.poll(async () => (await houseQuestionnaire()).situation_q1_president_first_name, { timeout: 10_000 }).toBe(longName);
    await waitUntilSaved();
  });

  test('shows the seller, beside the answer, that the office changed it', async ({ product, api, seed, newPage }) => {
    const { page, houseQuestionnaire, projectId } = await openSeller(api, seed, newPage);
    // The notary corrects the price through the API, as his own screen would save it.
    const stored = await houseQuestionnaire();
    await api.call(
      'PATCH',
      'document',
      { docType: 'document_sale_house', document: { ...stored, price_q0_amount: '320 000' } },
      await api.signIn(NOTARY),
    );

    // A typed address carries no document: the seller opens the questionnaire from the file again, as people do.
    await page.goto(`${product.url}/project/${projectId}/dashboard`);
    await page
      .getByRole('button', { name: /^Ouvrir le questionnaire .*maison/i })
      .first()
      .click();
    const price = page.getByLabel('Prix de vente (en euros)', { exact: true });
    await expect.poll(() => price.inputValue()).toBe('320 000');
    await page.getByText(/^Modifié par l'office notarial \(Nicolas Bernard\) le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}$/).waitFor();
    expect(await price.getAttribute('aria-describedby')).toBeTruthy();
    await expectNoAccessibilityViolation(page, "une réponse modifiée par l'office");

    // At phone width the mark and the warnings stay readable and accessible.
    await page.setViewportSize(PHONE);
    await page.getByText(/^Modifié par l'office notarial/).waitFor();
    await expectNoAccessibilityViolation(page, "une réponse modifiée par l'office, sur un téléphone");
  });
});
