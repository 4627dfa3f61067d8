import { notifications } from '@mantine/notifications';
import { MESSAGES } from '@notadoo/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/render-app';
import { createSession } from '../../../testing/session-factory';
import { createOffice } from '../../../testing/office-factory';
import { createProject } from '../../../testing/project-factory';
import { OfficePicker } from './office-picker';

const paris = createOffice();
const lyon = createOffice({ id: 2, city: 'Lyon', postal_code: '69002' });
const dijon = createOffice({ id: 13, city: 'Dijon', postal_code: '21000', active: false });

describe('office picker', () => {
  afterEach(() => notifications.clean());

  it('lists the active offices with their city, département, info and contact links', async () => {
    mockFetch({ 'GET notaryoffices': { body: [paris, lyon, dijon] } });
    renderWithProviders(
      <OfficePicker project={createProject({ notary_office: null })} viewer={createSession()} onOfficeChosen={vi.fn()} />,
    );
    const card = await screen.findByRole('article', { name: 'Office notarial de Lyon' });
    expect(within(card).getByRole('heading', { name: 'Lyon (69)' })).toBeInTheDocument();
    // Both reach the office itself: its page, and its contact part (the generic contact form of the site would not).
    expect(within(card).getByRole('link', { name: "En savoir plus sur l'office de Lyon" })).toHaveAttribute('href', '/offices/2');
    expect(within(card).getByRole('link', { name: "Contacter l'office de Lyon" })).toHaveAttribute('href', '/offices/2#contact');
    expect(screen.queryByRole('article', { name: 'Office notarial de Dijon' })).not.toBeInTheDocument();
  });

  it('leads "Contacter l\'office" to the office\'s own contact page when it has one', async () => {
    const own = createOffice({ id: 3, city: 'Nantes', link_contact: 'https://etude-nantes.notaires.fr/contact' });
    mockFetch({ 'GET notaryoffices': { body: [own] } });
    renderWithProviders(
      <OfficePicker project={createProject({ notary_office: null })} viewer={createSession()} onOfficeChosen={vi.fn()} />,
    );
    const card = await screen.findByRole('article', { name: 'Office notarial de Nantes' });
    expect(within(card).getByRole('link', { name: "Contacter l'office de Nantes (nouvel onglet)" })).toHaveAttribute(
      'href',
      'https://etude-nantes.notaires.fr/contact',
    );
  });

  it('asks to confirm the choice, naming the office with its city and address, and hands the answered project over', async () => {
    const answered = createProject({ notary_office: lyon });
    const fetchMock = mockFetch({ 'GET notaryoffices': { body: [paris, lyon] }, 'PATCH project/5': { body: answered } });
    const onOfficeChosen = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <OfficePicker project={createProject({ notary_office: null })} viewer={createSession()} onOfficeChosen={onOfficeChosen} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Choisir cet office : Lyon' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confier le dossier à cet office' });
    expect(dialog).toHaveTextContent("Vous confiez le dossier « Vente appartement Lyon » à l'office notarial de Lyon (69002)");
    expect(dialog).toHaveTextContent('24 rue de la Boétie');
    expect(dialog).toHaveTextContent('Ce choix est définitif');
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    expect(onOfficeChosen).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Choisir cet office : Lyon' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: "Confier le dossier à l'office de Lyon" }));
    await waitFor(() => expect(onOfficeChosen).toHaveBeenCalledWith(answered, true));
    expect(await screen.findByText(MESSAGES.operationSucceeded)).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(call?.[0]).toBe('/api/project/5');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ office: 2 });
  });

  it('highlights the chosen office and lets an office member switch', async () => {
    mockFetch({ 'GET notaryoffices': { body: [paris, lyon] }, 'GET project/5/office-moves': { body: [] } });
    const notary = createSession({ id: 7, isNotary: true, notary_office: { id: 1, city: 'Paris' } });
    renderWithProviders(<OfficePicker project={createProject()} viewer={notary} onOfficeChosen={vi.fn()} />);
    const chosen = await screen.findByRole('article', { name: 'Office notarial de Paris' });
    expect(within(chosen).getByText('Office choisi')).toBeInTheDocument();
    expect(within(chosen).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choisir cet office : Lyon' })).toBeInTheDocument();
  });

  it('only shows the chosen office to a client once one is chosen', async () => {
    const fetchMock = mockFetch({ 'GET notaryoffices': { body: [paris, lyon] } });
    renderWithProviders(<OfficePicker project={createProject()} viewer={createSession()} onOfficeChosen={vi.fn()} />);
    expect(await screen.findByRole('heading', { name: "L'office notarial de votre dossier" })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Office notarial de Paris' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Choisir cet office/ })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says when the choice is refused', async () => {
    mockFetch({
      'GET notaryoffices': { body: [paris] },
      'PATCH project/5': { status: 400, body: { message: "Cet office notarial n'existe pas ou ne fait plus partie du réseau." } },
    });
    const onOfficeChosen = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <OfficePicker project={createProject({ notary_office: null })} viewer={createSession()} onOfficeChosen={onOfficeChosen} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Choisir cet office : Paris' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: "Confier le dossier à l'office de Paris" }));
    expect(await screen.findByText("Cet office notarial n'existe pas ou ne fait plus partie du réseau.")).toBeInTheDocument();
    expect(onOfficeChosen).not.toHaveBeenCalled();
  });

  it('asks an admin to confirm a move, naming both offices, and shows the recorded moves', async () => {
    const moved = createProject({ status: 4, notary_office: lyon });
    const fetchMock = mockFetch({
      'GET notaryoffices': { body: [paris, lyon] },
      'GET project/5/office-moves': {
        body: [
          {
            moved_at: '2026-11-22T10:05:00Z',
            moved_by: { firstName: 'Alice', lastName: 'Martin' },
            from: { id: 3, city: 'Marseille' },
            to: { id: 1, city: 'Paris' },
          },
        ],
      },
      'PATCH project/5': { body: moved },
    });
    const admin = createSession({ id: 9, roles: ['ROLE_USER', 'ROLE_ADMIN'] });
    const onOfficeChosen = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<OfficePicker project={createProject({ status: 4 })} viewer={admin} onOfficeChosen={onOfficeChosen} />);
    const moves = await screen.findByRole('table');
    expect(within(moves).getByRole('row', { name: /Alice Martin Marseille Paris/ })).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Choisir cet office : Lyon' }));
    const dialog = await screen.findByRole('dialog', { name: "Changer d'office notarial" });
    expect(dialog).toHaveTextContent("passera de l'office de Paris à l'office de Lyon");
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Choisir cet office : Lyon' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: "Changer d'office notarial" })).getByRole('button', {
        name: 'Confier le dossier à Lyon',
      }),
    );
    await waitFor(() => expect(onOfficeChosen).toHaveBeenCalledWith(moved, false));
  });
});
