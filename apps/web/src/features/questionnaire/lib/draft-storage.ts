import type { Answers } from '@notadoo/domain';

/**
 * Answers not yet saved, kept in sessionStorage (this tab) until the server
 * has them, so that a reload or a lost connection does not lose typing.
 */
export interface AnswersDraft {
  /** Whose draft it is: a tab shared by two accounts must not mix them. */
  userId: number;
  /** The version the answers were typed on. */
  version: number;
  /** The answers of that version, as the server held them. */
  base: Answers;
  answers: Answers;
}

export function draftKey(documentId: number): string {
  return `notadoo.questionnaire-draft.${documentId}`;
}

function isAnswers(value: unknown): value is Answers {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function readDraft(documentId: number, userId: number): AnswersDraft | null {
  try {
    const raw = window.sessionStorage.getItem(draftKey(documentId));
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<AnswersDraft>;
    if (draft.userId !== userId || typeof draft.version !== 'number' || !isAnswers(draft.base) || !isAnswers(draft.answers)) return null;
    return draft as AnswersDraft;
  } catch {
    return null;
  }
}

/** Writes the draft, or removes it when `draft` is null. Storage errors (quota, private mode) are not the user's problem. */
export function writeDraft(documentId: number, draft: AnswersDraft | null): void {
  try {
    if (draft) window.sessionStorage.setItem(draftKey(documentId), JSON.stringify(draft));
    else window.sessionStorage.removeItem(draftKey(documentId));
  } catch {
    // The answers stay on screen and in memory; only the reload safety net is lost.
  }
}
