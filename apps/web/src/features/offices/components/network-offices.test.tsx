import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render-app';
import { createOffice } from '../../../testing/office-factory';

describe('network map page', () => {
  it('shows a marker and a card per active office, for visitors too', async () => {
    mockFetch({
      'GET notaryoffices': {
        body: [
          createOffice(),
          createOffice({ id: 2, city: 'Lyon', postal_code: '69002' }),
          createOffice({ id: 13, city: 'Dijon', active: false }),
        ],
      },
    });
    renderApp('/notaries');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nos études notariales' })).toBeInTheDocument();
    const list = await screen.findAllByRole('article');
    expect(list.map((card) => card.getAttribute('aria-label'))).toEqual(['Office notarial de Paris', 'Office notarial de Lyon']);
    const map = screen.getByRole('region', { name: 'Carte des études notariales du réseau' });
    expect(within(map).getAllByRole('button', { name: /^Office notarial de/ })).toHaveLength(2);
  });

  it('highlights the office whose "En savoir plus" link was followed', async () => {
    mockFetch({ 'GET notaryoffices': { body: [createOffice(), createOffice({ id: 2, city: 'Lyon', postal_code: '69002' })] } });
    renderApp('/notaries?office=lyon');
    const lyon = await screen.findByRole('article', { name: 'Office notarial de Lyon' });
    expect(within(lyon).getByText('Sélectionné')).toBeInTheDocument();
  });
});
