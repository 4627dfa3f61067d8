import type { MyDocument } from '@notadoo/domain';
import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render-app';
import { createSession } from '../../../testing/session-factory';
import { createDrawerDocument, createQuestionnaireDocument } from '../../../testing/tab-fixtures';
import { NO_OWN_DOCUMENT_TEXT } from './my-documents-list';

const claire = { id: 100, first_name: 'Claire', last_name: 'Martin', role: 'seller' as const };

function mine(): MyDocument[] {
  return [
    {
      project: { id: 7, name: 'Vente rue des Lilas', status: 2 },
      participant: claire,
      document: createDrawerDocument(71, 100, 'identity_card', ['abcdefgh_cni.pdf']),
    },
    {
      project: { id: 7, name: 'Vente rue des Lilas', status: 2 },
      participant: claire,
      document: createQuestionnaireDocument(70, 100, 'document_civil_statuses', 55),
    },
    {
      project: { id: 8, name: 'Succession Dupont', status: 3 },
      participant: { ...claire, id: 200, role: 'heir' },
      document: createQuestionnaireDocument(80, 200, 'document_successions', 0),
    },
  ];
}

describe('my documents', () => {
  afterEach(() => notifications.clean());

  it('lists the own documents by project, with links to the projects', async () => {
    mockFetch({ 'GET users/me': { body: createSession() }, 'GET documents/mine': { body: mine() } });
    renderApp('/mydocuments', { token: 'jeton' });
    const lilas = await screen.findByRole('region', { name: 'Vente rue des Lilas' });
    expect(within(lilas).getByRole('link', { name: 'Vente rue des Lilas' })).toHaveAttribute('href', '/project/7/dashboard');
    expect(
      within(lilas)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['État civil', "Carte nationale d'identité"]);
    expect(within(lilas).getByText('cni.pdf')).toBeInTheDocument();
    expect(within(lilas).getByText('À compléter')).toBeInTheDocument();
    const dupont = screen.getByRole('region', { name: 'Succession Dupont' });
    expect(within(dupont).getByRole('article', { name: 'Succession' })).toBeInTheDocument();
  });

  it('opens a questionnaire and downloads a file', async () => {
    const tab = { opener: null, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    mockFetch({
      'GET users/me': { body: createSession() },
      'GET documents/mine': { body: mine() },
      'POST generate_file_token': { body: { tokens: [{ docId: 71, value: 'jeton-fichier' }] } },
    });
    const { router } = renderApp('/mydocuments', { token: 'jeton' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Télécharger cni.pdf' }));
    await vi.waitFor(() => expect(tab.location.href).toBe('/api/get_file/71/0/jeton-fichier'));
    await user.click(screen.getByRole('button', { name: 'Ouvrir le questionnaire État civil' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/project/7/form/civilstatus'));
    expect(router.state.location.state).toEqual({
      document: { id: 70, version: 1, progress: 55 },
      docType: 'document_civil_statuses',
      owner: 100,
      office: null,
    });
  });

  it('says when there is none', async () => {
    mockFetch({ 'GET users/me': { body: createSession() }, 'GET documents/mine': { body: [] } });
    renderApp('/mydocuments', { token: 'jeton' });
    expect(await screen.findByText(NO_OWN_DOCUMENT_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Mes documents', level: 1 })).toBeInTheDocument();
  });
});
