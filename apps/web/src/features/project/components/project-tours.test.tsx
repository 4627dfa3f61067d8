import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render-app';
import { createSession } from '../../../testing/session-factory';
import { createOffice } from '../../../testing/office-factory';
import { createProject } from '../../../testing/project-factory';
import { OFFICE_TOUR_COOKIE, TRANSMIT_TOUR_COOKIE } from './project-tours';

const findTitle = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

describe('project help tours', () => {
  afterEach(() => {
    notifications.clean();
    Cookies.remove(TRANSMIT_TOUR_COOKIE, { path: '/' });
    Cookies.remove(OFFICE_TOUR_COOKIE, { path: '/' });
  });

  it('points once at the transmit button and remembers it', async () => {
    const project = createProject();
    mockFetch({ 'GET users/me': { body: createSession() }, 'GET project/5': { body: project } });
    const user = userEvent.setup();
    renderApp('/project/5/dashboard', { token: 'jeton' });
    await findTitle('Vente appartement Lyon');
    const understood = await screen.findByRole('button', { name: "J'ai compris" }, { timeout: 5000 });
    await user.click(understood);
    await waitFor(() => expect(Cookies.get(TRANSMIT_TOUR_COOKIE)).toBe('1'));
    expect(screen.queryByRole('button', { name: "J'ai compris" })).not.toBeInTheDocument();
  });

  it('after the first office choice, opens Documents and shows Documents, Personnes and Outils', async () => {
    // The transmit tour is for another test.
    Cookies.set(TRANSMIT_TOUR_COOKIE, '1', { path: '/' });
    const project = createProject({ notary_office: null });
    const fetchMock = mockFetch({
      'GET users/me': { body: createSession() },
      'GET project/5': { body: project },
      'GET notaryoffices': { body: [createOffice(), createOffice({ id: 13, city: 'Dijon', active: false })] },
      'PATCH project/5': { body: createProject() },
    });
    const user = userEvent.setup();
    renderApp('/project/5/dashboard', { token: 'jeton' });
    await findTitle('Vente appartement Lyon');
    await user.click(await screen.findByRole('button', { name: 'Choisir cet office : Paris' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: "Confier le dossier à l'office de Paris" }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Documents' })).toHaveAttribute('aria-selected', 'true'));
    const call = fetchMock.mock.calls.find(([url, init]) => url === '/api/project/5' && init?.method === 'PATCH');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ office: 1 });

    for (const title of ['Documents', 'Personnes']) {
      expect(await screen.findByRole('alertdialog', { name: title }, { timeout: 5000 })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Suivant' }));
    }
    expect(await screen.findByRole('alertdialog', { name: 'Outils' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "J'ai compris" }));
    await waitFor(() => expect(Cookies.get(OFFICE_TOUR_COOKIE)).toBe('1'));
  });
});
