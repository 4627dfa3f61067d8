import type { Page } from '@playwright/test';
import { AGENT, CLIENT } from './support/accounts';
import { expectNoAccessibilityViolation } from './support/accessibility';
import type { ProductApi } from './support/api';
import { expect, test } from './support/fixtures';
import { ALL_TOURS, PHONE } from './support/pages';
import { linkIn, type RunningProduct } from './support/product';
import type { Seed } from './support/seed';

// A house sold by two sellers (issue 23): both open the same sale
// questionnaire, the second finding the first one's answers; a seller added
// without e-mail by the estate agent has their civil status filled in by the
// agent, who otherwise only reads the file's documents.

/** The second seller, invited under an address of the test's own (each address gets its own invitation mail). */
const coSeller = (email: string) => ({ firstName: 'Marc', lastName: 'Covendeur', email, password: 'Partage2026' });
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

/** The client's house at the Paris office, sold with a second seller invited by e-mail. */
async function seedSharedSale(api: ProductApi, seed: Seed, second: { firstName: string; lastName: string; email: string }) {
  const sellerToken = await api.signIn(CLIENT);
  const projectId = await seed.project(sellerToken, { name: 'Maison des Lilas' });
  await api.call(
    'POST',
    `project/${projectId}/addperson`,
    { firstName: second.firstName, lastName: second.lastName, email: second.email, role: 'seller' },
    sellerToken,
  );
  return { sellerToken, projectId };
}

async function openSharedSale(page: Page, product: RunningProduct, projectId: number): Promise<void> {
  await page.goto(`${product.url}/project/${projectId}/dashboard`);
  const sellers = page.getByRole('region', { name: 'Vendeurs' });
  await sellers.getByRole('button', { name: SHARED_SALE }).click();
  await page.waitForURL(`**/project/${projectId}/form/sale/house`);
  await page.getByText('Questionnaire commun aux vendeurs : chaque vendeur voit et complète les mêmes réponses').waitFor();
}

test.describe('one sale questionnaire for the sellers of a house', () => {
  test('shows the first seller one shared sale questionnaire, and keeps what they type', async ({ product, api, seed, newPage }) => {
    const { sellerToken, projectId } = await seedSharedSale(api, seed, coSeller('marc.covendeur@exemple.fr'));
    const page = await newPage({ token: sellerToken, toursSeen: ALL_TOURS });
    await openSharedSale(page, product, projectId);
    await expectNoAccessibilityViolation(page);
    await page.getByLabel(PRICE, { exact: true }).fill('320000');
    await page.locator('[data-save-status="saved"]').waitFor();
    const project = await api.call<WireProject>('GET', `project/${projectId}`, undefined, sellerToken);
    const shared = project.documents.filter((d) => d.shared_role === 'seller');
    expect(shared).toHaveLength(1);
    expect(shared[0]!.document_sale_houses[0]).toMatchObject({ price_q0_amount: '320000' });
    expect(project.documents.filter((d) => d.document_sale_houses.length > 0)).toHaveLength(1);
  });

  test('lets the second seller, joining through the invitation, find those answers and complete them', async ({
    product,
    api,
    seed,
    newPage,
  }) => {
    const marc = coSeller('marc.covendeur.second@exemple.fr');
    const { sellerToken, projectId } = await seedSharedSale(api, seed, marc);
    // The first seller typed the price.
    const typed = await api.call<WireProject>('GET', `project/${projectId}`, undefined, sellerToken);
    const sale = typed.documents.find((d) => d.shared_role === 'seller')!.document_sale_houses[0]!;
    await api.call('PATCH', 'document', { docType: 'document_sale_house', document: { ...sale, price_q0_amount: '320000' } }, sellerToken);

    const link = linkIn(await product.mailTo(marc.email), '/signup?');
    const token = await seed.signUp({ ...marc, invitation: new URL(link).searchParams.get('invitation') });
    const page = await newPage({ token, toursSeen: ALL_TOURS, viewport: PHONE });
    await openSharedSale(page, product, projectId);
    const price = page.getByLabel(PRICE, { exact: true });
    expect(await price.inputValue()).toBe('320000');
    await price.fill('325000');
    await page.locator('[data-save-status="saved"]').waitFor();
    await expectNoAccessibilityViolation(page, 'le questionnaire commun à 390 px');
    const project = await api.call<WireProject>('GET', `project/${projectId}`, undefined, sellerToken);
    expect(project.documents.find((d) => d.shared_role === 'seller')!.document_sale_houses[0]).toMatchObject({ price_q0_amount: '325000' });
  });

  test('lets the estate agent fill in the civil status of a seller they added without e-mail, saying it is on her behalf', async ({
    product,
    api,
    seed,
    newPage,
  }) => {
    const marc = coSeller('marc.covendeur.troisieme@exemple.fr');
    const { sellerToken, projectId } = await seedSharedSale(api, seed, marc);
    await api.call(
      'POST',
      `project/${projectId}/addperson`,
      { firstName: 'Inès', lastName: 'Petit', email: AGENT.email, role: 'intermediary' },
      sellerToken,
    );
    const invitation = new URL(linkIn(await product.mailTo(AGENT.email), '/login?')).searchParams.get('invitation');
    const agentToken = await api.signIn(AGENT, { invitation: invitation! });
    await api.call('POST', `project/${projectId}/addperson`, { firstName: 'Léa', lastName: 'Sansmail', role: 'seller' }, agentToken);

    const page = await newPage({ token: agentToken, toursSeen: ALL_TOURS });
    await page.goto(`${product.url}/project/${projectId}/dashboard`);
    const lea = page.getByRole('group', { name: 'Documents de Léa Sansmail' });
    await lea.getByText("Léa Sansmail n'a pas encore de compte : vous remplissez ses documents pour son compte.").waitFor();
    // The agent reads the other sellers' documents but fills in none of them.
    expect(
      await page
        .getByRole('group', { name: `Documents de ${marc.firstName} ${marc.lastName}` })
        .getByText(/pour son compte/)
        .count(),
    ).toBe(0);
    await expectNoAccessibilityViolation(page);
    await lea.getByRole('button', { name: 'Ouvrir le questionnaire État civil' }).click();
    await page.waitForURL(`**/project/${projectId}/form/civilstatus`);
    await page.getByText("Léa Sansmail n'a pas encore de compte").waitFor();
    await page.getByLabel('Lieu de naissance', { exact: true }).fill('Lyon');
    await page.locator('[data-save-status="saved"]').waitFor();
    await expectNoAccessibilityViolation(page);
    const project = await api.call<WireProject>('GET', `project/${projectId}`, undefined, sellerToken);
    const leaId = project.participants.find((p) => p.first_name === 'Léa')!.id;
    const civil = project.documents.find((d) => d.participant?.id === leaId)!;
    expect(civil.document_civil_statuses[0]).toMatchObject({ birth_place: 'Lyon' });
  });
});
