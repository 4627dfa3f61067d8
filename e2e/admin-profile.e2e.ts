import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser } from './support/browser';
import { startProduct, type RunningProduct } from './support/product';
import { signInThroughLoginPage } from './support/sign-in';

/**
 * Issue 10: a signup asking for intermediary rights is granted them by an
 * admin and can then create a file; the admin exports billing as CSV; a
 * client changes their photo; a visitor writes to the network.
 */
describe.skipIf(!hasChromium)('administration, profile and contact in the browser', () => {
  let product: RunningProduct;
  let browser: Browser;
  let agent: Page;
  let admin: Page;

  /** A 1×1 PNG, which the server turns into a 104 px square. */
  const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

  async function newPage(): Promise<Page> {
    const page = await (await browser.newContext({ locale: 'fr-FR', acceptDownloads: true })).newPage();
    page.setDefaultTimeout(20_000);
    return page;
  }

  const signIn = (page: Page, email: string, password: string) => signInThroughLoginPage(page, product.url, { email, password });

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    agent = await newPage();
    admin = await newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('signs up an estate agent asking for intermediary rights, who waits for them', async () => {
    await agent.goto(`${product.url}/signup`);
    await agent.getByLabel('Prénom', { exact: true }).fill('Hugo');
    await agent.getByLabel('Nom', { exact: true }).fill('Lemaire');
    await agent.getByLabel('Adresse email', { exact: true }).fill('hugo.lemaire@agence.fr');
    await agent.getByLabel('Mot de passe', { exact: true }).fill('Agence2026');
    await agent.getByLabel('Confirmation du mot de passe', { exact: true }).fill('Agence2026');
    await agent.getByLabel("J'accepte les conditions d'utilisation").check();
    await agent.getByLabel(/Je suis intermédiaire immobilier ou notaire/).check();
    await agent.getByRole('button', { name: 'Créer mon compte' }).click();
    await agent.waitForURL('**/dashboard');
    await agent.getByText('Votre demande de changement de rôle est en cours de traitement.').waitFor();
  });

  it('lets the admin grant the request in one click from the users tab', async () => {
    await signIn(admin, 'admin@notadoo.fr', 'Notadoo-Admin-2026!');
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

  it('lets the agent, now intermediary, create a realty file in that role', async () => {
    await agent.reload();
    await agent.getByRole('button', { name: /Menu utilisateur de Hugo Lemaire/ }).waitFor();
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

  it("exports the billing table as a CSV whose rows match the year's open projects", async () => {
    await admin.goto(`${product.url}/admin?tab=billing`);
    const table = admin.getByRole('table', { name: 'Dossiers ouverts' });
    await table.getByText('Vente maison Lemaire; "jardin"').waitFor();
    const year = new Date().getFullYear();
    expect(await admin.getByLabel('Du', { exact: true }).inputValue()).toBe(`${year}-01-01`);
    const shown = await table.locator('tbody tr').evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll('td'), (td) => td.textContent ?? '')),
    );
    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: 'Exporter en CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('export_projet.csv');
    const bytes = await readFile((await download.path()));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Identifiant;Nom du dossier;Ville de l’office;Date de création;Statut');
    const quote = (v: string) => (/[;"]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
    expect(lines.slice(1)).toEqual(shown.map(([id, name, city, date, status]) => [id, quote(name!), city === '—' ? '' : city, date, status].join(';')));
    expect(lines.some((l) => l.includes('"Vente maison Lemaire; ""jardin"""'))).toBe(true);
  });

  it('lets a client change their photo and see it in the header at once', async () => {
    const client = await newPage();
    await signIn(client, 'client@notadoo.fr', 'Dossier2026');
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

  it('sends a visitor’s contact message, which is written as a mail to the network', async () => {
    const visitor = await newPage();
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
    await form.getByLabel('Votre message').fill("Notre étude lyonnaise souhaite rejoindre le réseau. Pouvez-vous nous rappeler ?");
    await form.getByRole('button', { name: 'Envoyer mon message' }).click();
    await form.getByRole('status').getByText('Merci ! Votre message a bien été envoyé à nos équipes !').waitFor();
    // The outbox writes the mail to DATA_DIR/mail shortly after the answer.
    const mail = await product.mailTo('contact@notadoo.fr');
    // Bodies are quoted-printable or base64: read both decodings.
    const blocks = mail.match(/(?:^[A-Za-z0-9+/=]{40,}\r?\n)+/gm) ?? [];
    const text = [mail.replace(/=\r?\n/g, ''), ...blocks.map((b) => Buffer.from(b.replace(/\s/g, ''), 'base64').toString('utf8'))].join('\n');
    expect(text).toContain('Bertrand');
    expect(text).toContain('b.fabre@etude-fabre.fr');
  });
});
