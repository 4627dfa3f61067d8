import { describe, expect, it } from 'vitest';
import { renderPublicPage } from './prerender';

describe('renderPublicPage (the HTML the server sends to visitors without a session)', () => {
  it('renders the login page itself, with its title and description, and no inline script (the CSP forbids them)', async () => {
    const html = await renderPublicPage('/login');
    expect(html).toMatch(/^<title>Connexion – Notadoo<\/title><meta name="description" content="[^"]+"\/>/);
    expect(html).toContain('Adresse email');
    expect(html).toContain('Se connecter');
    expect(html).not.toContain('Chargement de la page');
    expect(html).not.toContain('<script');
  });

  it('renders the home page with its hero and quick signup', async () => {
    const html = await renderPublicPage('/');
    expect(html).toMatch(/^<title>Accueil – Notadoo<\/title>/);
    expect(html).toContain('Votre dossier notarial, en ligne et en toute simplicité');
    expect(html).toContain('Créer mon compte gratuitement');
    expect(html).not.toContain('<script');
  });

  it('writes the parts the browser takes over one after another in place, not behind a script the CSP would block', async () => {
    const html = await renderPublicPage('/');
    // After the header: the page, two of its sections and the footer (HydrationStep), each a completed boundary.
    expect(html.match(/<!--\$-->/g)?.length).toBeGreaterThanOrEqual(4);
    expect(html).not.toContain('<template');
    expect(html).not.toContain('<!--$?-->');
    const [page, footer] = [html.indexOf('Immobilier'), html.indexOf('Mentions légales')];
    expect(page).toBeGreaterThan(0);
    expect(footer).toBeGreaterThan(page);
  });
});
