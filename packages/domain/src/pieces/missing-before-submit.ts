import type { QuestionnaireDocType } from '../projects/participant-documents';
import { clean } from '../questionnaires/engine/clean';
import { visibleQuestionEntries } from '../questionnaires/engine/visibility';
import { QUESTIONNAIRE_DEFINITIONS } from '../questionnaires/registry';
import type { PieceQuestionnaire } from './piece-requests';
import { isAwaitingPerson, PIECE_STATE_LABELS, type PieceState } from './piece-states';

/**
 * What a person still has to do before "Transmettre au Notaire": the visible
 * questions of their questionnaires left unanswered and the pieces not sent
 * (or to send again). The submit modal lists it; nothing here forbids the
 * submit, since the spec lets a file go "complété autant que possible".
 */

export interface MissingQuestion {
  questionnaire: QuestionnaireDocType;
  questionnaireTitle: string;
  stepIndex: number;
  stepTitle: string;
  questionId: string;
  label: string;
}

export interface MissingPiece {
  requestId: number;
  label: string;
  state: PieceState;
  stateLabel: string;
}

export interface MissingBeforeSubmit {
  questions: MissingQuestion[];
  pieces: MissingPiece[];
  complete: boolean;
  /** "Il reste 2 questions sans réponse et 1 pièce à envoyer." */
  summary: string;
}

export interface MissingBeforeSubmitInput {
  participantId: number;
  questionnaires: readonly PieceQuestionnaire[];
  requests: ReadonlyArray<{ id: number; participantId: number; label: string; state: PieceState; noLongerRequired: boolean }>;
}

export const COMPLETE_BEFORE_SUBMIT = 'Tout est complété : vous pouvez transmettre votre dossier au notaire.';

export function listMissingBeforeSubmit(input: MissingBeforeSubmitInput): MissingBeforeSubmit {
  const questions: MissingQuestion[] = [];
  for (const questionnaire of input.questionnaires) {
    if (questionnaire.participantId !== input.participantId) continue;
    const definition = QUESTIONNAIRE_DEFINITIONS[questionnaire.docType];
    const cleaned = clean(definition, questionnaire.answers);
    // "Answered" as the engine's progress counts it: any visible field holds an answer; optional questions are never missing.
    for (const { entry, fieldNames } of visibleQuestionEntries(definition, cleaned)) {
      if (entry.question.optional || fieldNames.some((name) => Object.hasOwn(cleaned, name))) continue;
      questions.push({
        questionnaire: questionnaire.docType,
        questionnaireTitle: definition.title,
        stepIndex: entry.step.index,
        stepTitle: entry.step.title,
        questionId: entry.question.id,
        label: entry.question.label,
      });
    }
  }
  const pieces = input.requests
    .filter((request) => request.participantId === input.participantId && isAwaitingPerson(request.state) && !request.noLongerRequired)
    .map((request) => ({
      requestId: request.id,
      label: request.label,
      state: request.state,
      stateLabel: PIECE_STATE_LABELS[request.state],
    }));
  const complete = questions.length === 0 && pieces.length === 0;
  return { questions, pieces, complete, summary: complete ? COMPLETE_BEFORE_SUBMIT : summarize(questions.length, pieces.length) };
}

function summarize(questionCount: number, pieceCount: number): string {
  const parts = [
    questionCount > 0 ? `${questionCount} ${questionCount > 1 ? 'questions' : 'question'} sans réponse` : null,
    pieceCount > 0 ? `${pieceCount} ${pieceCount > 1 ? 'pièces' : 'pièce'} à envoyer` : null,
  ].filter((part) => part !== null);
  return `Il reste ${parts.join(' et ')}.`;
}
