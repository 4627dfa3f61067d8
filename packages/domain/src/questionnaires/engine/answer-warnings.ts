import { parseFrenchDate } from '../../pieces/french-date';
import type { FieldKind, AnswerValue } from './kinds';

/**
 * What a person is told under a field whose text does not look like what is
 * asked ("trois cent mille" as a price, "31/02/2015" as a date). A warning
 * only: the spec enforces no format (spec 001, section 5), so the answer is
 * kept and stored as typed; the notary reads it as the client wrote it.
 */
export const ANSWER_WARNINGS = {
  amount: 'Montant attendu en euros, en chiffres, par exemple 300 000.',
  percent: 'Pourcentage attendu, entre 0 et 100, par exemple 50.',
  number: 'Nombre attendu, en chiffres, par exemple 2.',
  email: 'Adresse e-mail attendue, par exemple nom@exemple.fr.',
  dateFormat: 'Date attendue au format JJ/MM/AAAA, par exemple 15/03/1980.',
  dateDoesNotExist: "Cette date n'existe pas dans le calendrier : vérifiez le jour et le mois (JJ/MM/AAAA).",
} as const;

// Spaces people type between thousands: ordinary, no-break and narrow no-break.
const AMOUNT = /^\d{1,3}(?:[ \u00A0\u202F.]?\d{3})*(?:,\d{1,2}|\.\d{1,2})?\s*(?:€|eur|euros?)?$/i;
const PERCENT = /^(\d{1,3})(?:[.,]\d+)?\s*%?$/;
const COUNT = /^\d+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;
const DATE_SHAPE = /^\d{2}\/\d{2}\/\d{4}$/;

/** The warning for `value` in a field of `kind`, or undefined when it looks right (or is empty). */
export function answerWarning(kind: FieldKind, value: AnswerValue | undefined): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const text = value.trim();
  if (kind.type === 'date') {
    if (!DATE_SHAPE.test(text)) return ANSWER_WARNINGS.dateFormat;
    return parseFrenchDate(text) ? undefined : ANSWER_WARNINGS.dateDoesNotExist;
  }
  if (kind.type !== 'text') return undefined;
  switch (kind.format) {
    case 'amount':
      return AMOUNT.test(text) ? undefined : ANSWER_WARNINGS.amount;
    case 'percent': {
      const match = PERCENT.exec(text);
      return match && Number(text.replace(',', '.').replace('%', '').trim()) <= 100 ? undefined : ANSWER_WARNINGS.percent;
    }
    case 'number':
      return COUNT.test(text) ? undefined : ANSWER_WARNINGS.number;
    case 'email':
      return EMAIL.test(text) ? undefined : ANSWER_WARNINGS.email;
    default:
      return undefined;
  }
}
