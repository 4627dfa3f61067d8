import { questionnairePath, type AnswerMark, type QuestionnaireDocType } from '@notadoo/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockFetch } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render-app';
import { createSession } from '../../../testing/session-factory';
import { createDocument, createItem, createProject, navigationStateFor } from '../testing/questionnaire-fixtures';
import { HELP_TOUR_COOKIE } from './help-tour';

const CIVIL_STATUS: QuestionnaireDocType = 'document_civil_statuses';
const MARK: AnswerMark = { field: 'first_name', changedAt: '2026-11-24T13:05:00.000Z', role: 'office', name: 'Jeanne Notaire' };

function open(path: string, answers: Record<string, unknown> = {}, marks: AnswerMark[] = []) {
  const project = createProject({ documents: [createDocument(CIVIL_STATUS, createItem(answers))] });
  mockFetch({
    'GET users/me': { body: createSession() },
    'GET project/12': { body: project },
    'GET document/40/answer-marks': { body: marks },
    'PATCH document': (body) => ({ body: { ...(body as { document: object }).document, version: 2, progress: 10 } }),
  });
  return renderApp(path, { token: 'jeton', state: navigationStateFor(project, CIVIL_STATUS) });
}

describe('questionnaire: the step in the address, warnings and the office’s marks', () => {
  beforeEach(() => Cookies.set(HELP_TOUR_COOKIE, '1'));
  afterEach(() => Cookies.remove(HELP_TOUR_COOKIE));

  it('opens at the step of the address and puts every step change there', async () => {
    const { router } = open(`${questionnairePath(12, CIVIL_STATUS)}?step=3`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Situation familiale' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Suivant' }));
    await screen.findByRole('heading', { level: 2, name: 'Situation professionnelle et financière' });
    expect(router.state.location.search).toBe('?step=4');
    // The document still travels with the navigation: a reload of this entry opens it.
    expect(router.state.location.state).toMatchObject({ document: { id: 40 } });
  });

  it('opens at the first step when the step of the address does not exist', async () => {
    open(`${questionnairePath(12, CIVIL_STATUS)}?step=9`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Identité' })).toBeInTheDocument();
  });

  it('warns under a date that does not exist once the person leaves the field, and keeps the answer', async () => {
    const user = userEvent.setup();
    open(questionnairePath(12, CIVIL_STATUS));
    const dob = await screen.findByLabelText('Date de naissance');
    await user.type(dob, '31/02/2015');
    expect(screen.queryByText(/Cette date n'existe pas/)).not.toBeInTheDocument();
    await user.tab();
    const warning = await screen.findByText("Cette date n'existe pas dans le calendrier : vérifiez le jour et le mois (JJ/MM/AAAA).");
    expect(dob).toHaveAccessibleDescription(expect.stringContaining("Cette date n'existe pas"));
    expect(dob).toHaveValue('31/02/2015');
    expect(dob).not.toHaveAttribute('aria-invalid', 'true');
    expect(warning).toBeInTheDocument();
  });

  it('says beside an answer that the office changed it, and when', async () => {
    open(questionnairePath(12, CIVIL_STATUS), { first_name: 'Claire-Marie' }, [MARK]);
    const text = "Modifié par l'office notarial (Jeanne Notaire) le 24/11/2026 à 14:05";
    await waitFor(() => expect(screen.getByLabelText('Prénoms')).toHaveAccessibleDescription(text));
    expect(screen.getByLabelText('Nom de naissance')).not.toHaveAccessibleDescription(text);
  });
});
