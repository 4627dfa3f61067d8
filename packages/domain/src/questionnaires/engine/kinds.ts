/**
 * What a field holds and how a raw value becomes that (spec 001, section 3).
 * Answers reach the server from form posts, JSON clients and old documents, so
 * every value is coerced here, once, before anything else looks at it.
 */

/** A stored answer: yes/no and numeric choice codes are numbers, everything else text. */
export type AnswerValue = string | number;

/** A questionnaire's answers, keyed by the spec's field names; a missing key is unanswered. */
export type Answers = Record<string, AnswerValue>;

/** Yes/no answers are stored as 1 (yes) or 0 (no). */
export const YES = 1;
export const NO = 0;

/** Short and long text inputs (their HTML size is also their maximum length). */
export const TEXT_SIZES = [50, 255] as const;
export type TextSize = (typeof TEXT_SIZES)[number];

/**
 * Where a name lives (a person's, a company's, a town's): the long size. Real
 * names pass 50 characters (several first names, double-barrelled surnames,
 * borrowers listed together) and must never be cut.
 */
export const NAME_LENGTH: TextSize = 255;

/** Text areas show 3 rows and grow to 6. */
export const TEXTAREA_ROWS = { min: 3, max: 6 } as const;
/**
 * The spec enforces no maximum on text areas; we cap them so a client cannot
 * store megabytes of text in a document (about two printed pages).
 */
export const TEXTAREA_MAX_LENGTH = 5000;

/** Dates are typed as text; the spec only trims succession dates (to 10). */
export const DATE_MAX_LENGTH = 50;
export const DATE_PLACEHOLDER = 'Format JJ/MM/AAAA';

/**
 * How a text input is presented (keyboard, suffix such as €). Display only:
 * the spec shows no format check (section 5), so nothing is ever refused for it.
 */
export type TextFormat = 'amount' | 'percent' | 'number' | 'email' | 'phone' | 'postalCode';

export interface ChoiceOption {
  /** The stored code, exactly as the spec gives it (1, 'MME', 'family_event'...). */
  code: AnswerValue;
  /** The French label shown for it. */
  label: string;
}

export type FieldKind =
  | { type: 'yesNo' }
  | { type: 'text'; maxLength: TextSize; format?: TextFormat }
  | { type: 'textarea'; maxLength: number }
  | { type: 'date'; maxLength: number }
  | { type: 'choice'; options: readonly ChoiceOption[] };

export type FieldKindType = FieldKind['type'];

/**
 * The value `raw` stands for in a field of `kind`, or undefined when it stands
 * for no answer (missing, empty, of the wrong type, an unknown choice code).
 */
export function coerceAnswer(kind: FieldKind, raw: unknown): AnswerValue | undefined {
  switch (kind.type) {
    case 'yesNo':
      return coerceYesNo(raw);
    case 'choice':
      return coerceChoice(kind.options, raw);
    case 'text':
    case 'textarea':
    case 'date':
      // Dates stay the text the user typed: the spec shows no format check.
      return coerceText(raw, kind.maxLength);
  }
}

const YES_WORDS = new Set(['1', 'true', 'yes']);
const NO_WORDS = new Set(['0', 'false', 'no']);

/** Form posts send strings, JSON clients numbers or booleans: all mean the same. */
function coerceYesNo(raw: unknown): AnswerValue | undefined {
  if (raw === true || raw === YES) return YES;
  if (raw === false || raw === NO) return NO;
  if (typeof raw !== 'string') return undefined;
  const word = raw.trim().toLowerCase();
  if (YES_WORDS.has(word)) return YES;
  if (NO_WORDS.has(word)) return NO;
  return undefined;
}

/** A code is matched through its text, so '2' from a form post is the code 2. */
function coerceChoice(options: readonly ChoiceOption[], raw: unknown): AnswerValue | undefined {
  if (typeof raw !== 'string' && !(typeof raw === 'number' && Number.isFinite(raw))) return undefined;
  const text = String(raw);
  return options.find((option) => String(option.code) === text)?.code;
}

// PostgreSQL's jsonb refuses NUL characters and unpaired surrogates; a stored
// answer must never make a save fail, so both are replaced or removed.
// eslint-disable-next-line no-control-regex
const NUL = /\u0000/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function coerceText(raw: unknown, maxLength: number): AnswerValue | undefined {
  let text: string;
  if (typeof raw === 'string') text = raw;
  else if (typeof raw === 'number' && Number.isFinite(raw)) text = String(raw);
  else return undefined;
  text = truncate(text.replace(NUL, '').replace(LONE_SURROGATE, '\uFFFD'), maxLength);
  // Spaces alone are no answer; otherwise the text is kept as typed (an
  // autosave must not eat the space the user is typing).
  return text.trim() === '' ? undefined : text;
}

/** Cuts by characters (code points), never inside a surrogate pair. */
function truncate(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  return Array.from(text).slice(0, maxLength).join('');
}

/** The French text of a stored answer, as a reader (PDF, summary) should see it. */
export function describeAnswer(kind: FieldKind, value: AnswerValue | undefined): string {
  if (value === undefined) return '';
  switch (kind.type) {
    case 'yesNo':
      return value === YES ? 'Oui' : value === NO ? 'Non' : '';
    case 'choice':
      return kind.options.find((option) => option.code === value)?.label ?? '';
    default:
      return String(value);
  }
}
