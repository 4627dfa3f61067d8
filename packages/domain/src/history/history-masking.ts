import type { HistoryDetails, HistoryJson } from './history-events';

/**
 * Values that must not be repeated in clear in a history (it is shown, downloaded and cannot be erased): a
 * password, a token, an IBAN, an identity card or passport number. The
 * questionnaires hold no field made for them today, but people type them in
 * free text ("autre raison", an address line), so the rule is twofold:
 * - a field or detail whose *name* says it holds such a value is masked whole;
 * - any text that *looks like* an IBAN or a French identity document number
 *   is masked wherever it appears, its last 4 characters kept so the office
 *   can still tell two accounts apart.
 */

/** Names of fields and detail keys holding secrets or identity numbers (questionnaire field names, details). */
export const SENSITIVE_NAME_PATTERN =
  /(password|mot_?de_?passe|token|jeton|secret|iban|bic|rib|passport|passeport|identity_?(card|number)|id_?card|cni|carte_?identite|social_?security|secu|nir)/i;

export const MASK = '••••';

/** IBAN: two letters, two check digits, 11 to 30 letters or digits, spaces allowed every four. */
const IBAN_PATTERN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b/g;
/** Identity documents: French ID card (12 digits, or the 2021 card's 9 letters and digits), passport (2 digits 2 letters 5 digits). */
const IDENTITY_NUMBER_PATTERN = /\b(?:\d{12}|\d{2}[A-Z]{2}\d{5}|(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{9})\b/g;
/** A French social security number (NIR): 13 digits and a 2-digit key, spaces allowed. */
const NIR_PATTERN = /\b[12][ ]?\d{2}[ ]?\d{2}[ ]?\d{2}[ ]?\d{3}[ ]?\d{3}[ ]?\d{2}\b/g;

function keepLastFour(match: string): string {
  const compact = match.replace(/\s/g, '');
  return `${MASK}${compact.slice(-4)}`;
}

export function isSensitiveName(name: string): boolean {
  return SENSITIVE_NAME_PATTERN.test(name);
}

/** Text with every IBAN-, identity- or NIR-looking run masked. */
export function maskSensitiveText(text: string): string {
  return text.replace(IBAN_PATTERN, keepLastFour).replace(NIR_PATTERN, keepLastFour).replace(IDENTITY_NUMBER_PATTERN, keepLastFour);
}

/** A value kept under a sensitive name: only whether there was one. */
export function maskWhole(value: HistoryJson): HistoryJson {
  return value === null || value === '' ? value : MASK;
}

/** Details with sensitive keys masked whole and every text scanned (recursively). */
export function maskHistoryDetails(details: HistoryDetails): HistoryDetails {
  return maskObject(details);
}

function maskObject(value: { [key: string]: HistoryJson }): { [key: string]: HistoryJson } {
  const out: { [key: string]: HistoryJson } = {};
  for (const [key, item] of Object.entries(value)) out[key] = isSensitiveName(key) ? maskWhole(item) : maskValue(item);
  return out;
}

function maskValue(value: HistoryJson): HistoryJson {
  if (typeof value === 'string') return maskSensitiveText(value);
  if (Array.isArray(value)) return value.map(maskValue);
  if (value !== null && typeof value === 'object') return maskObject(value);
  return value;
}
