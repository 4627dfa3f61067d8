import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../testing/mock-fetch';
import { createOffice } from '../../../testing/office-factory';
import { renderApp } from '../../../testing/render-app';

const lyon = createOffice({
  id: 2,
  city: 'Lyon',
  postal_code: '69002',
  address: '<p>8 place Bellecour<br>69002 Lyon</p>',
  phone: '04 78 37 52 14',
  email: 'office-lyon@notadoo.fr',
});

describe("an office's public page", () => {
  it('shows visitors its address, its phone and e-mail as links, and its marker on the map', async () => {
    mockFetch({ 'GET notaryoffices/2': { body: lyon } });
    renderApp('/offices/2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Office notarial de Lyon' })).toBeInTheDocument();
    expect(screen.getByText(/8 place Bellecour/)).toBeInTheDocument();
    const contact = screen.getByRole('region', { name: "Contacter l'office" });
    expect(within(contact).getByRole('link', { name: "Appeler l'office : 04 78 37 52 14" })).toHaveAttribute('href', 'tel:0478375214');
    expect(within(contact).getByRole('link', { name: "Écrire à l'office : office-lyon@notadoo.fr" })).toHaveAttribute(
      'href',
      'mailto:office-lyon@notadoo.fr',
    );
    // The seeded links lead to the site's generic pages: not offered as the office's own.
    expect(within(contact).queryByRole('link', { name: /Formulaire de contact/ })).not.toBeInTheDocument();
    const map = screen.getByRole('region', { name: 'Carte des études notariales du réseau' });
    expect(within(map).getAllByRole('button', { name: 'Office notarial de Lyon' })).toHaveLength(1);
  });

  it('opens on the contact part, focused, when "Contacter l\'office" led there', async () => {
    mockFetch({ 'GET notaryoffices/2': { body: { ...lyon, link_contact: 'https://etude-lyon.notaires.fr/contact' } } });
    renderApp('/offices/2#contact');
    const heading = await screen.findByRole('heading', { level: 2, name: "Contacter l'office" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('link', { name: "Formulaire de contact de l'office (nouvel onglet)" })).toHaveAttribute(
      'href',
      'https://etude-lyon.notaires.fr/contact',
    );
  });

  it('says when the office does not exist, without a call for an id that is no number', async () => {
    const fetchMock = mockFetch({});
    renderApp('/offices/999');
    expect(await screen.findByText("Cet office notarial n'existe pas.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir toutes les études du réseau' })).toHaveAttribute('href', '/notaries');
    fetchMock.mockClear();
    renderApp('/offices/abc');
    expect((await screen.findAllByText("Cet office notarial n'existe pas.")).length).toBeGreaterThan(0);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('notaryoffices/'))).toBe(false);
  });

  it('tells that an office left the network, and offers no way to contact it', async () => {
    mockFetch({ 'GET notaryoffices/13': { body: createOffice({ id: 13, city: 'Dijon', active: false }) } });
    renderApp('/offices/13');
    expect(await screen.findByText('Cet office ne fait plus partie du réseau.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: "Contacter l'office" })).not.toBeInTheDocument();
  });
});
