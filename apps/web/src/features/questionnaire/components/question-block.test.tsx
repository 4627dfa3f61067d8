import type { Question } from '@notadoo/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-app';
import { QuestionBlock } from './question-block';

const noop = () => {};

function renderQuestion(question: Question) {
  renderWithProviders(
    <QuestionBlock
      question={question}
      answers={{}}
      visibleFields={new Set(question.fields.map((field) => field.name))}
      requiredDocuments={new Set()}
      readOnly={false}
      onFieldChange={noop}
      onReset={noop}
    />,
  );
}

describe('question block, as a screen reader reads it', () => {
  it('names a yes/no field without its own label by the question title, written once', async () => {
    const title = 'Êtes-vous marié(e) ?';
    renderQuestion({ id: 'married', label: title, fields: [{ name: 'married', kind: { type: 'yesNo' } }] });
    const group = await screen.findByRole('group', { name: title });
    const radios = within(group).getByRole('radiogroup', { name: title });
    expect(within(radios).getByRole('radio', { name: 'Oui' })).toBeInTheDocument();
    // No hidden label or legend repeats it: the title's words are in the page once.
    expect(screen.getAllByText(title)).toHaveLength(1);
    expect(document.querySelectorAll('label, legend').length).toBe(2); // "Oui" and "Non" only
  });

  it('names a text field without its own label by the question title', async () => {
    const title = 'Quelle est votre profession ?';
    renderQuestion({ id: 'job', label: title, fields: [{ name: 'job', kind: { type: 'text', maxLength: 50 } }] });
    expect(await screen.findByRole('textbox', { name: title })).toBeInTheDocument();
    expect(screen.getAllByText(title)).toHaveLength(1);
  });

  it('keeps a field its own label when it has one', async () => {
    renderQuestion({
      id: 'birth',
      label: 'Où êtes-vous né(e) ?',
      fields: [
        { name: 'city', label: 'Ville', kind: { type: 'text', maxLength: 50 } },
        { name: 'country', label: 'Pays', kind: { type: 'text', maxLength: 50 } },
      ],
    });
    const group = await screen.findByRole('group', { name: 'Où êtes-vous né(e) ?' });
    expect(within(group).getByRole('textbox', { name: 'Ville' })).toBeInTheDocument();
    expect(within(group).getByRole('textbox', { name: 'Pays' })).toBeInTheDocument();
  });

  it('says that a question left empty when it does not apply is optional', async () => {
    renderQuestion({
      id: 'fee',
      label: "Montant de la commission d'agence ?",
      optional: true,
      fields: [{ name: 'fee', kind: { type: 'text', maxLength: 50 } }],
    });
    expect(await screen.findByRole('group', { name: /^Montant de la commission d'agence \?\s*\(facultatif\)$/ })).toBeInTheDocument();
  });
});
