import { ADMIN_MESSAGES, CONTACT_FIELD_REQUIRED } from '@notadoo/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../testing/mock-fetch';
import { renderApp, renderWithProviders } from '../../../testing/render-app';
import { HomeSlideshow, SLIDES, SLIDESHOW_INTERVAL_MS } from './home-slideshow';

const selectedStep = () => screen.getByRole('tab', { selected: true }).textContent;

describe('public pages', () => {
  it('turns the slideshow every 6000 ms and stops it when a title is clicked', () => {
    vi.useFakeTimers();
    renderWithProviders(<HomeSlideshow />);
    expect(selectedStep()).toBe(`1. ${SLIDES[0].title}`);
    act(() => {
      vi.advanceTimersByTime(SLIDESHOW_INTERVAL_MS - 1);
    });
    expect(selectedStep()).toBe(`1. ${SLIDES[0].title}`);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(selectedStep()).toBe(`2. ${SLIDES[1].title}`);
    fireEvent.click(screen.getByRole('tab', { name: `4. ${SLIDES[3].title}` }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent(SLIDES[3].text);
    act(() => {
      vi.advanceTimersByTime(SLIDESHOW_INTERVAL_MS * 3);
    });
    expect(selectedStep()).toBe(`4. ${SLIDES[3].title}`);
  });

  it.each([
    ['/how-it-works', 'Comment ça marche ?'],
    ['/frais-de-notaire', 'Frais de notaire'],
    ['/le-reseau-notarial-notadoo', 'Le réseau notarial Notadoo'],
    ['/partners', 'Nos partenaires'],
    ['/legals', 'Mentions légales et protection des données'],
    ['/contact', 'Contact'],
  ])('%s has its heading, title and description', async (path, heading) => {
    mockFetch({});
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${heading} – Notadoo`));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')?.length).toBeGreaterThan(40);
  });

  it('states the fee discount as the tariff sets it: at most 20 % of the fees on the part of the price above 100,000 €', async () => {
    mockFetch({});
    renderApp('/frais-de-notaire');
    expect(await screen.findByRole('heading', { level: 1, name: 'Frais de notaire' }, { timeout: 10_000 })).toBeInTheDocument();
    const space = /[\s\u202f]/.source;
    const fees = screen.getByRole('heading', { name: 'Les émoluments du notaire' }).closest('section')!;
    expect(fees).toHaveTextContent(
      new RegExp(`remise d'au plus 20${space}% sur les émoluments calculés sur la part du prix qui dépasse 100${space}000${space}€`),
    );
    expect(fees).not.toHaveTextContent(/émoluments de plus de 100/);
    // 20 % of 0.799 % of the 150,000 € above the threshold.
    expect(screen.getByText(new RegExp(`baisseraient ici de 239,70${space}€ hors taxes`))).toBeInTheDocument();
  });

  it('shows no invented registered address or RCS number: unset, they are said to be given on request', async () => {
    mockFetch({});
    const pages: Array<[path: string, heading: string]> = [
      ['/legals', 'Mentions légales et protection des données'],
      ['/le-reseau-notarial-notadoo', 'Le réseau notarial Notadoo'],
    ];
    for (const [path, heading] of pages) {
      const { unmount } = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 10_000 })).toBeInTheDocument();
      const main = screen.getByRole('main');
      expect(main).toHaveTextContent("L'adresse du siège social et le numéro d'immatriculation sont communiqués sur simple demande.");
      expect(main).not.toHaveTextContent(/RCS|912 345 678|rue de la Paix/);
      unmount();
    }
  });

  it('shows six client steps and six notary steps, and a worked fee example that adds up', async () => {
    mockFetch({});
    renderApp('/how-it-works');
    expect(await screen.findByRole('heading', { level: 1, name: 'Comment ça marche ?' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Vous êtes un particulier' })).getAllByRole('heading', { level: 3 })).toHaveLength(6);
    expect(within(screen.getByRole('region', { name: 'Vous êtes notaire' })).getAllByRole('heading', { level: 3 })).toHaveLength(6);
  });

  it('stars the seven required fields and, sent empty, says under each what it needs and the spec message once', async () => {
    const fetchMock = mockFetch();
    renderApp('/contact');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Formulaire de contact' }, { timeout: 10_000 });
    const labels = ['Civilité', 'Prénom', 'Nom', 'Téléphone', 'Adresse email', 'Motif de votre demande', 'Votre message'];
    const starred = [...form.querySelectorAll('.mantine-InputWrapper-label')].filter((label) =>
      label.querySelector('.mantine-InputWrapper-required'),
    );
    expect(starred.map((label) => label.textContent?.replace(/\s*\*\s*$/, '').trim())).toEqual(labels);

    await user.click(within(form).getByRole('button', { name: 'Envoyer mon message' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(ADMIN_MESSAGES.contactFieldsRequired);
    expect(within(form).getAllByText(ADMIN_MESSAGES.contactFieldsRequired)).toHaveLength(1);
    for (const message of Object.values(CONTACT_FIELD_REQUIRED)) expect(within(form).getByText(message)).toBeInTheDocument();
    expect(within(form).getByLabelText(/Prénom/)).toHaveAccessibleDescription(CONTACT_FIELD_REQUIRED.firstName);
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/contact'))).toBe(false);
  }, 30_000);

  it('refuses a contact message with a missing field, then sends a complete one', async () => {
    const fetchMock = mockFetch({ 'POST contact': { body: { message: ADMIN_MESSAGES.contactSent } } });
    renderApp('/contact');
    const user = userEvent.setup();
    const fill = async (field: HTMLElement, text: string) => {
      await user.click(field);
      await user.paste(text);
    };
    const form = await screen.findByRole('form', { name: 'Formulaire de contact' }, { timeout: 10_000 });
    await user.click(within(form).getByRole('radio', { name: 'Madame' }));
    await fill(within(form).getByLabelText(/Prénom/), 'Claire');
    await fill(within(form).getByLabelText(/^Nom/), 'Dubois');
    await fill(within(form).getByLabelText(/Téléphone/), '06 12 34 56 78');
    await fill(within(form).getByLabelText(/Adresse email/), 'claire@exemple.fr');
    await fill(within(form).getByLabelText(/Votre message/), 'Bonjour, je souhaite rejoindre le réseau.');
    await user.click(within(form).getByRole('button', { name: 'Envoyer mon message' }));
    expect(await screen.findAllByText(ADMIN_MESSAGES.contactFieldsRequired)).not.toHaveLength(0);
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/contact'))).toBe(false);

    await user.click(within(form).getByRole('combobox', { name: /Motif/ }));
    await user.click(await screen.findByRole('option', { name: 'Je suis notaire et souhaite rejoindre le réseau' }));
    await user.click(within(form).getByRole('button', { name: 'Envoyer mon message' }));
    expect(await within(form).findByRole('status')).toHaveTextContent(ADMIN_MESSAGES.contactSent);
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/contact'))!;
    expect(JSON.parse(call[1]!.body as string)).toEqual({
      civility: 'MME',
      firstName: 'Claire',
      lastName: 'Dubois',
      phone: '06 12 34 56 78',
      email: 'claire@exemple.fr',
      reason: 'notaire',
      message: 'Bonjour, je souhaite rejoindre le réseau.',
    });
  }, 30_000);

  it('shows the maintenance page on every address while the server says so', async () => {
    mockFetch({ 'GET site': { body: { networkName: 'Notadoo', maintenance: true } } });
    renderApp('/dashboard', { token: 'jeton' });
    expect(await screen.findByRole('heading', { name: 'Maintenance en cours' })).toBeInTheDocument();
    expect(screen.getByText(ADMIN_MESSAGES.maintenance)).toBeInTheDocument();
  });
});
