import { clean } from './clean';
import { evaluateCondition } from './conditions';
import type { QuestionnaireDefinition, SupportingDocument } from './definition';
import { visibleQuestionEntries } from './visibility';

/**
 * The supporting documents the current answers call for: those of visible
 * questions whose own condition holds, in questionnaire order, each once.
 */
export function requiredSupportingDocuments(definition: QuestionnaireDefinition, answers: unknown): SupportingDocument[] {
  const cleaned = clean(definition, answers);
  const seen = new Set<string>();
  const documents: SupportingDocument[] = [];
  for (const { entry } of visibleQuestionEntries(definition, cleaned)) {
    for (const document of entry.question.documents ?? []) {
      if (seen.has(document.id) || !evaluateCondition(document.requiredWhen, cleaned)) continue;
      seen.add(document.id);
      documents.push(document);
    }
  }
  return documents;
}
