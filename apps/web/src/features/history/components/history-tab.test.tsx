import type { HistoryEntryView } from '@notadoo/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../testing/mock-fetch';
import { createProject } from '../../../testing/project-factory';
import { renderWithProviders } from '../../../testing/render-app';
import { HistoryTab } from './history-tab';

function entry(id: number, over: Partial<HistoryEntryView> = {}): HistoryEntryView {
  return {
    id,
    seq: id,
    at: '2026-11-24T13:05:09.000Z',
    kind: 'status_changed',
    label: 'Statut modifié',
    actor: { id: 3, name: 'Marie Notaire' },
    ip: '203.0.113.7',
    userAgent: 'Firefox',
    summary: `Statut « En cours » → « Transmis » (${id})`,
    details: {},
    ...over,
  };
}

describe('the Historique tab', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists the events newest first, reads the next page on demand and sends the chosen filters', async () => {
    const project = createProject();
    const fetchMock = mockFetch({
      [`GET project/${project.id}/history`]: (_body, query) => {
        if (query.get('kinds') === 'sign_in')
          return {
            body: {
              entries: [entry(9, { kind: 'sign_in', label: 'Connexion', summary: 'Connexion' })],
              nextCursor: null,
              actors: [{ id: 3, name: 'Marie Notaire' }],
              scope: 'all',
            },
          };
        if (query.get('cursor') === '4') return { body: { entries: [entry(3), entry(2)], nextCursor: null, actors: null, scope: 'all' } };
        return {
          body: {
            entries: [entry(6), entry(5), entry(4)],
            nextCursor: '4',
            actors: [
              { id: 3, name: 'Marie Notaire' },
              { id: null, name: 'système' },
            ],
            scope: 'all',
          },
        };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<HistoryTab project={project} />);
    const list = await screen.findByRole('list', { name: 'Événements, les plus récents d’abord' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Statut « En cours » → « Transmis » (6)');
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('24/11/2026 14:05:09');
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Par Marie Notaire — adresse 203.0.113.7 — Firefox');
    expect(screen.getByRole('status')).toHaveTextContent('3 événements affichés (il y en a d’autres).');

    await user.click(screen.getByRole('button', { name: 'Afficher plus' }));
    expect(await screen.findByText('Statut « En cours » → « Transmis » (2)')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('5 événements affichés.');
    expect(screen.queryByRole('button', { name: 'Afficher plus' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Événement' }));
    await user.click(await screen.findByRole('option', { name: 'Connexion' }));
    expect(await screen.findByText('1 événement affiché.')).toBeInTheDocument();
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls.some((url) => url.includes('kinds=sign_in') && url.includes('limit=50'))).toBe(true);
  });
});
