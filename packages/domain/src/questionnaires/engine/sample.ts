import { clean } from './clean';
import type { Field, QuestionnaireDefinition } from './definition';
import { indexDefinition, isEntryVisible, type DefinitionIndex } from './definition-index';
import { NO, YES, type AnswerValue, type Answers, type TextFormat } from './kinds';

/**
 * A complete answer set built from a definition alone: every field that can
 * show is answered, and each yes/no or choice takes the value that shows the
 * most fields (ties go to the first: yes, or the first listed code). Used by
 * tests and benchmarks, so any definition gets realistic data for free.
 * Greedy, in declaration order: exclusive branches (main residence yes or no)
 * cannot both show, so "as many as possible" means one branch each.
 */
export function fullyAnsweredSample(definition: QuestionnaireDefinition): Answers {
  const index = indexDefinition(definition);
  const answers: Answers = {};
  for (const entry of index.fields) {
    if (!isEntryVisible(entry, answers)) continue;
    const name = entry.field.name;
    let best: AnswerValue | undefined;
    let bestCount = -1;
    for (const candidate of sampleValues(entry.field)) {
      answers[name] = candidate;
      const count = countVisibleFields(index, answers);
      if (count > bestCount) {
        best = candidate;
        bestCount = count;
      }
    }
    if (best === undefined) delete answers[name];
    else answers[name] = best;
  }
  return clean(definition, answers);
}

function countVisibleFields(index: DefinitionIndex, answers: Answers): number {
  return index.fields.filter((entry) => isEntryVisible(entry, answers)).length;
}

const SAMPLE_TEXT: Record<TextFormat, string> = {
  amount: '250000',
  percent: '50',
  number: '2',
  email: 'claire.martin@example.fr',
  phone: '06 12 34 56 78',
  postalCode: '69002',
};

const SAMPLE_TEXTAREA =
  "Réponse d'exemple sur plusieurs lignes.\nElle décrit la situation avec le détail qu'un notaire attend\net se termine ici.";

/** A date in the typed format, JJ/MM/AAAA. */
const SAMPLE_DATE = '15/03/2021';

/** The values a sample tries for a field: each choice of a closed field, one value of an open one. */
export function sampleValues(field: Field): AnswerValue[] {
  const kind = field.kind;
  switch (kind.type) {
    case 'yesNo':
      return [YES, NO];
    case 'choice':
      return kind.options.map((option) => option.code);
    case 'date':
      return [SAMPLE_DATE.slice(0, kind.maxLength)];
    case 'textarea':
      return [SAMPLE_TEXTAREA.slice(0, kind.maxLength)];
    case 'text':
      return [(kind.format ? SAMPLE_TEXT[kind.format] : `Réponse d'exemple (${field.name})`).slice(0, kind.maxLength)];
  }
}
