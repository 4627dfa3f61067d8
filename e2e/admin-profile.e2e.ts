import { readFile } from 'node:fs/promises';
import { ADMIN, CLIENT } from './support/accounts';
import type { ProductApi } from './support/api';
import { expect, test } from './support/fixtures';
import { decodedMail } from './support/product';
import { signInThroughLoginPage } from './support/sign-in';

/** A 1×1 PNG, which the server turns into a 104 px square. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
/** Estate agents, one a test (a name of its own, so that each test finds its own in the admin's lists). */
const AGENT_PASSWORD = 'Agence2026';
const agentAccount = (lastName: string) => ({
  firstName: 'Hugo',
  lastName,
  email: `hugo.${lastName.toLowerCase()}@agence.fr`,
  password: AGENT_PASSWORD,
  intermediary: true,
});

/** What « Accorder les droits d'intermédiaire » does, through the admin's API. */
async function grantIntermediaryRights(api: ProductApi, token: string): Promise<void> {
  const { id } = await api.call<{ id: number }>('GET', 'users/me', undefined, token);
  await api.call('POST', 'admin/user/toggleStatus', { id, data: '1', action: 'pro' }, await api.signIn(ADMIN));
}

/**
 * Issue 10: a signup asking for intermediary rights is granted them by an
 * admin and can then create a file; the admin exports billing as CSV; a
 * client changes their photo; a visitor writes to the network.
 */
test.describe('administration, profile and contact in the browser', () => {
  test('signs up an estate agent asking for intermediary rights, who waits for them', async ({ product, newPage }) => {
    const agent = await newPage({ timeout: 20_000 });
    await agent.goto(`${product.url}/signup`);
    await agent.getByLabel('Prénom', { exact: true }).fill('Hugo');
    await agent.getByLabel('Nom', { exact: true }).fill('Renaud');
    await agent.getByLabel('Adresse email', { exact: true }).fill('hugo.renaud@agence.fr');
    await agent.getByLabel('Mot de passe', { exact: true }).fill('Agence2026');
    await agent.getByLabel('Confirmation du mot de passe', { exact: true }).fill('Agence2026');
    await agent.getByLabel("J'accepte les conditions d'utilisation").check();
    await agent.getByLabel(/Je suis intermédiaire immobilier ou notaire/).check();
    await agent.getByRole('button', { name: 'Créer mon compte' }).click();
    await agent.waitForURL('**/dashboard');
    await agent.getByText('Votre demande de changement de rôle est en cours de traitement.').waitFor();
  });

  test.describe('with a product of its own, where only this request waits', () => {
    // The list of requests goes once none waits.
    test.use({ productOptions: { ownProduct: 'one pending request' } });

    test('lets the admin grant the request in one click from the users tab', async ({ product, seed, newPage }) => {
      await seed.signUp(agentAccount('Lemaire'));
      const admin = await newPage({ timeout: 20_000 });
      await signInThroughLoginPage(admin, product, ADMIN);
      await admin.goto(`${product.url}/admin`);
      const pending = admin.getByRole('list', { name: 'Demandes de droits en attente' });
      await pending.getByText('hugo.lemaire@agence.fr', { exact: false }).waitFor();
      await admin.getByRole('button', { name: "Accorder les droits d'intermédiaire à Hugo Lemaire" }).click();
      await admin.getByText('Utilisateur modifié avec succès.').waitFor();
      await pending.waitFor({ state: 'detached' });
      await admin.getByPlaceholder('Nom, prénom ou email').fill('lemaire');
      const proSwitch = admin.getByRole('switch', { name: 'Intermédiaire : Hugo Lemaire' });
      await admin.waitForFunction(() => document.querySelectorAll('table[aria-label="Utilisateurs"] tbody tr').length === 1);
      expect(await proSwitch.isChecked()).toBe(true);
      expect(await admin.getByRole('switch', { name: 'Demande en attente : Hugo Lemaire' }).isChecked()).toBe(false);
    });
  });

  test('lets the agent, now intermediary, create a realty file in that role', async ({ product, api, seed, newPage }) => {
    const token = await seed.signUp(agentAccount('Delorme'));
    await grantIntermediaryRights(api, token);
    const agent = await newPage({ token, timeout: 20_000 });
    await agent.goto(`${product.url}/dashboard`);
    await agent.getByRole('button', { name: /Menu utilisateur de Hugo Delorme/ }).waitFor();
    expect(await agent.getByText('Votre demande de changement de rôle est en cours de traitement.').count()).toBe(0);
    await agent.goto(`${product.url}/project/new`);
    await agent.getByRole('button', { name: 'Immobilier' }).click();
    await agent.getByRole('button', { name: 'Maison' }).click();
    await agent.getByLabel('Nom du dossier').fill('Vente maison Lemaire; "jardin"');
    await agent.getByRole('radio', { name: 'Intermédiaire immobilier' }).check();
    await agent.getByRole('button', { name: 'Créer le dossier' }).click();
    await agent.waitForURL(/\/project\/\d+\/dashboard$/);
    await agent.getByText('Votre dossier a été créé avec succès.').waitFor();
  });

  test("exports the billing table as a CSV whose rows match the year's open projects", async ({ product, api, seed, newPage }) => {
    const token = await seed.signUp(agentAccount('Fabre'));
    await grantIntermediaryRights(api, token);
    await seed.project(token, { name: 'Vente maison Fabre; "jardin"', role: 'intermediary', office: null });
    const admin = await newPage({ token: await api.signIn(ADMIN), timeout: 20_000 });
    await admin.goto(`${product.url}/admin?tab=billing`);
    const table = admin.getByRole('table', { name: 'Dossiers ouverts' });
    await table.getByText('Vente maison Fabre; "jardin"').waitFor();
    const year = new Date().getFullYear();
    expect(await admin.getByLabel('Du', { exact: true }).inputValue()).toBe(`${year}-01-01`);
    const shown = await table
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('td'), (td) => td.textContent ?? '')));
    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: 'Exporter en CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('export_projet.csv');
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Identifiant;Nom du dossier;Ville de l’office;Date de création;Statut');
    const quote = (v: string) => (/[;"]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
    expect(lines.slice(1)).toEqual(
      shown.map(([id, name, city, date, status]) => [id, quote(name!), city === '—' ? '' : city, date, status].join(';')),
    );
    expect(lines.some((l) => l.includes('"Vente maison Fabre; ""jardin"""'))).toBe(true);
  });

  test('lets a client change their photo and see it in the header at once', async ({ product, newPage }) => {
    const client = await newPage({ timeout: 20_000 });
    await signInThroughLoginPage(client, product, CLIENT);
    await client.goto(`${product.url}/profile`);
    await client.getByRole('heading', { level: 1, name: 'Mon profil' }).waitFor();
    const chooser = client.waitForEvent('filechooser');
    await client.getByRole('button', { name: 'Changer ma photo' }).click();
    await (await chooser).setFiles({ name: 'moi.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') });
    await client.getByText('Votre photo de profil a été mise à jour.').waitFor();
    const headerPhoto = client.getByRole('button', { name: /Menu utilisateur/ }).locator('img');
    await headerPhoto.waitFor();
    expect(await headerPhoto.getAttribute('src')).toMatch(/^\/uploads\/avatars\/[a-f0-9]{24}\.webp$/);
    await client.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('header img[src^="/uploads/avatars/"]');
      return img !== null && img.complete && img.naturalWidth === 104;
    });
  });

  test('sends a visitor’s contact message, which is written as a mail to the network', async ({ product, newPage }) => {
    const visitor = await newPage({ timeout: 20_000 });
    await visitor.goto(`${product.url}/contact`);
    const form = visitor.getByRole('form', { name: 'Formulaire de contact' });
    await form.getByRole('button', { name: 'Envoyer mon message' }).click();
    await visitor.getByText('Erreur : tous les champs du formulaire sont requis.').first().waitFor();
    await form.getByRole('radio', { name: 'Monsieur' }).check();
    await form.getByRole('textbox', { name: 'Prénom', exact: true }).fill('Bertrand');
    await form.getByRole('textbox', { name: 'Nom', exact: true }).fill('Fabre');
    await form.getByLabel('Téléphone').fill('04 78 12 34 56');
    await form.getByLabel('Adresse email').fill('b.fabre@etude-fabre.fr');
    await form.getByRole('combobox', { name: /Motif/ }).click();
    await visitor.getByRole('option', { name: 'Je suis notaire et souhaite rejoindre le réseau' }).click();
    await form.getByLabel('Votre message').fill('Notre étude lyonnaise souhaite rejoindre le réseau. Pouvez-vous nous rappeler ?');
    await form.getByRole('button', { name: 'Envoyer mon message' }).click();
    await form.getByRole('status').getByText('Merci ! Votre message a bien été envoyé à nos équipes !').waitFor();
    // The outbox writes the mail to DATA_DIR/mail shortly after the answer.
    const mail = await product.mailTo('contact@notadoo.fr');
    const text = decodedMail(mail);
    expect(text).toContain('Bertrand');
    expect(text).toContain('b.fabre@etude-fabre.fr');
  });
});
