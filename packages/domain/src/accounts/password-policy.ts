import type { ErrorCode } from '../error-codes';
import { MESSAGES } from '../messages';
import { isPasswordStrongEnough } from './password';
import { isAdmin, isOfficeMember, type OfficeMembership, type RoleHolder } from './roles';

/**
 * Password policy of issue 27 (CNIL deliberation 2022-100). Every account
 * keeps the specification's rule (7 characters or more with a digit) and
 * refuses trivial, common and personal passwords; office members and admins
 * (`staff`) also need 80 bits of entropy, the deliberation's figure for a
 * password alone. Data and pure functions: the server enforces them, the web
 * shows them live. Decisions: docs/decisions.md (2026-11-24, issue 27).
 */

/** Whose rule applies: `staff` (office members and admins signing in by password) or `client`. */
export type PasswordAudience = 'client' | 'staff';

/** The CNIL's figure for a password that is the only factor. */
export const STAFF_PASSWORD_MIN_BITS = 80;

/**
 * Character sets of the CNIL's method: a password is counted as drawn from
 * the union of the sets it uses. `special` is anything else (punctuation,
 * space, accented letters), counted as the deliberation's list of at least
 * 37 special characters.
 */
export const PASSWORD_CHARACTER_SETS = [
  { key: 'lower', label: 'minuscules', size: 26, test: (c: string) => c >= 'a' && c <= 'z' },
  { key: 'upper', label: 'majuscules', size: 26, test: (c: string) => c >= 'A' && c <= 'Z' },
  { key: 'digit', label: 'chiffres', size: 10, test: (c: string) => c >= '0' && c <= '9' },
  { key: 'special', label: 'caractères spéciaux', size: 37, test: (c: string) => !/[a-zA-Z0-9]/.test(c) },
] as const;
export type PasswordCharacterSet = (typeof PASSWORD_CHARACTER_SETS)[number]['key'];

/** Below this many counted characters (see `countEffectiveCharacters`), a password is trivial for anyone. */
export const TRIVIAL_PASSWORD_MAX_EFFECTIVE = 3;
/** A personal token (name, e-mail part) shorter than this is not looked for: « Li » is in too many words. */
const PERSONAL_TOKEN_MIN_LENGTH = 3;
/** What a password must hold besides the person's own tokens, digits and symbols not to be "built from" them. */
const PERSONAL_REMAINDER_MIN_LETTERS = 4;
/** A common password's base (digits and symbols around it taken away) is looked up from this length on. */
const COMMON_BASE_MIN_LENGTH = 4;

/** The `code` of the server's 403 while a staff session must set a stronger password; the web shows its screen on it. */
export const PASSWORD_CHANGE_REQUIRED_CODE = 'PASSWORD_CHANGE_REQUIRED' satisfies ErrorCode;

export type PasswordRefusal = 'specRule' | 'trivial' | 'common' | 'personal' | 'staffStrength';

export const PASSWORD_POLICY_MESSAGES = {
  trivial: 'Ce mot de passe est trop simple (caractères répétés ou suites comme « abc » ou « 123 ») : choisissez-en un autre.',
  common:
    'Ce mot de passe fait partie des plus courants, ou n’en est qu’une variante : il serait deviné parmi les premiers. Choisissez-en un autre.',
  personal:
    'Ce mot de passe est construit à partir de votre nom, de votre prénom ou de votre adresse email : il serait facile à deviner. Choisissez-en un autre.',
  staffStrength: (bits: number) =>
    `Pour un compte d’office notarial ou d’administration, le mot de passe doit atteindre ${STAFF_PASSWORD_MIN_BITS} bits de robustesse (recommandation de la CNIL), le vôtre en atteint ${bits} : par exemple 12 caractères mêlant majuscules, minuscules, chiffres et caractères spéciaux, ou 14 caractères mêlant majuscules, minuscules et chiffres.`,
  staffHint: `Compte d’office ou d’administration : au moins ${STAFF_PASSWORD_MIN_BITS} bits de robustesse (recommandation de la CNIL), par exemple 12 caractères mêlant majuscules, minuscules, chiffres et caractères spéciaux.`,
  /** The gate of a staff session whose password is below its rule (server 403 and web screen). */
  changeRequired: 'Votre compte donne accès aux dossiers de l’office : choisissez un mot de passe plus robuste avant de continuer.',
  gateTitle: 'Choisissez un mot de passe plus robuste',
} as const;

/** The person the password is for, to refuse one built from their own name or address. */
export interface PasswordOwner {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

/** The common-password lookup: O(1), on `normalizeForLookup` forms (see `common-passwords.ts`). */
export interface CommonPasswordList {
  has(normalized: string): boolean;
}

export interface PasswordCheckContext {
  audience: PasswordAudience;
  owner?: PasswordOwner;
  /** Absent while the web has not loaded the list yet: the server always gives it. */
  commonPasswords?: CommonPasswordList;
}

export interface PasswordEvaluation {
  /** The first rule the password fails, or null when accepted. */
  refusal: PasswordRefusal | null;
  /** The French reason of `refusal`. */
  message: string | null;
  /** Strength by the CNIL's method, on the counted characters, rounded to the bit as the deliberation's table is. */
  bits: number;
  /** Whether it would also pass the staff rule (whoever it is for): what a sign-in records. */
  meetsStaffRule: boolean;
}

/** Staff: office members and admins (issue 27): their account opens every file of their office. */
export function isStaffAccount(user: RoleHolder & OfficeMembership): boolean {
  return isAdmin(user) || isOfficeMember(user);
}

/**
 * Which rule an account's password must meet. A staff account signing in
 * with a passkey keeps the clients' rule (issue 27: "unless they sign in with
 * a passkey"); passkeys are not built yet, so every caller passes false today.
 */
export function passwordAudienceFor(account: { isStaff: boolean; signsInWithPasskey: boolean }): PasswordAudience {
  return account.isStaff && !account.signsInWithPasskey ? 'staff' : 'client';
}

/**
 * Whether a session must set a stronger password before anything else: a
 * staff account whose password was found below the staff rule (at its last
 * sign-in or when it was set). Unknown (null: not signed in since issue 27)
 * is not gated: the next sign-in tells.
 */
export function mustStrengthenPassword(account: {
  isStaff: boolean;
  signsInWithPasskey: boolean;
  passwordMeetsStaffRule: boolean | null;
}): boolean {
  return passwordAudienceFor(account) === 'staff' && account.passwordMeetsStaffRule === false;
}

/** Lower case, without accents: how names, passwords and the common list are compared. */
export function normalizeForLookup(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'l',
  '€': 'e',
};

/** The two readings of a leet-spelt text (`1` read as i, then as l). */
function unleet(text: string): string[] {
  const read = (one: string) => [...text].map((c) => (c === '1' ? one : (LEET[c] ?? c))).join('');
  const asI = read('i');
  const asL = read('l');
  return asI === asL ? [asI] : [asI, asL];
}

/**
 * Characters that count: a character repeating the previous one, or next to
 * it in the alphabet or the digits (`abc`, `321`), adds nothing an attacker
 * would not try first, so `aaaaaa1` counts 2 and `1234567` counts 1.
 */
export function countEffectiveCharacters(password: string): number {
  let count = 0;
  let previous: number | undefined;
  for (const char of password) {
    const code = char.codePointAt(0)!;
    if (previous === undefined || Math.abs(code - previous) > 1) count += 1;
    previous = code;
  }
  return count;
}

/** The character sets a password draws from. */
export function characterSetsUsed(password: string): PasswordCharacterSet[] {
  const chars = [...password];
  return PASSWORD_CHARACTER_SETS.filter((set) => chars.some((c) => set.test(c))).map((set) => set.key);
}

/** CNIL 2022-100: entropy = length × log2(size of the character set), here on the counted characters, rounded to the bit. */
export function passwordEntropyBits(password: string): number {
  const used = new Set(characterSetsUsed(password));
  const size = PASSWORD_CHARACTER_SETS.filter((set) => used.has(set.key)).reduce((sum, set) => sum + set.size, 0);
  if (size === 0) return 0;
  return Math.round(countEffectiveCharacters(password) * Math.log2(size));
}

/** A common password, or one with digits and symbols put around it (`azerty1`, `!soleil2024`), in any case, accents or leet spelling. */
export function isCommonPassword(password: string, list: CommonPasswordList): boolean {
  const normalized = normalizeForLookup(password);
  const base = normalized.replace(/^[^a-z]+|[^a-z]+$/g, '');
  const candidates = [normalized, ...unleet(normalized)];
  if (base.length >= COMMON_BASE_MIN_LENGTH) candidates.push(base, ...unleet(base));
  return candidates.some((candidate) => list.has(candidate));
}

/** The person's tokens: first name, last name, the e-mail's local part whole and by its parts, normalised. */
function personalTokens(owner: PasswordOwner): string[] {
  const words = [owner.firstName, owner.lastName].flatMap((name) => (name ? normalizeForLookup(name).split(/[^a-z0-9]+/) : []));
  const wholeNames = [owner.firstName, owner.lastName].map((name) => (name ? normalizeForLookup(name).replace(/[^a-z0-9]/g, '') : ''));
  const local = owner.email ? normalizeForLookup(owner.email.split('@')[0] ?? '') : '';
  const localParts = local.split(/[^a-z0-9]+/);
  const tokens = [...words, ...wholeNames, local.replace(/[^a-z0-9]/g, ''), ...localParts];
  // Longest first, so that `jeandupont` is taken away before `jean` leaves `dupont` half eaten.
  return [...new Set(tokens.filter((t) => t.length >= PERSONAL_TOKEN_MIN_LENGTH))].sort((a, b) => b.length - a.length);
}

/** Built from the person's own name or address: once those are taken away, fewer than 4 letters are left (`Dupont2024`, `jean.dupont1`, `J3an-Dup0nt`). */
export function isPersonalPassword(password: string, owner: PasswordOwner): boolean {
  const tokens = personalTokens(owner);
  if (tokens.length === 0) return false;
  const normalized = normalizeForLookup(password);
  return [normalized, ...unleet(normalized)].some((reading) => {
    let rest = reading;
    let found = false;
    for (const token of tokens) {
      if (rest.includes(token)) {
        found = true;
        rest = rest.split(token).join(' ');
      }
    }
    return found && rest.replace(/[^a-z]/g, '').length < PERSONAL_REMAINDER_MIN_LETTERS;
  });
}

/** Checks a new password against the whole policy: the first rule failed and its French reason, and the strength. */
export function evaluatePassword(password: string, context: PasswordCheckContext): PasswordEvaluation {
  const bits = passwordEntropyBits(password);
  const refuse = (refusal: PasswordRefusal, message: string): PasswordEvaluation => ({ refusal, message, bits, meetsStaffRule: false });
  if (!isPasswordStrongEnough(password)) return refuse('specRule', MESSAGES.passwordHint);
  if (countEffectiveCharacters(password) <= TRIVIAL_PASSWORD_MAX_EFFECTIVE) return refuse('trivial', PASSWORD_POLICY_MESSAGES.trivial);
  // Personal first: common surnames (« dupont », « martin ») are in the list too, and the person's own name is the better reason.
  if (context.owner && isPersonalPassword(password, context.owner)) return refuse('personal', PASSWORD_POLICY_MESSAGES.personal);
  if (context.commonPasswords && isCommonPassword(password, context.commonPasswords))
    return refuse('common', PASSWORD_POLICY_MESSAGES.common);
  const meetsStaffRule = bits >= STAFF_PASSWORD_MIN_BITS;
  if (context.audience === 'staff' && !meetsStaffRule) return { ...refuse('staffStrength', PASSWORD_POLICY_MESSAGES.staffStrength(bits)) };
  return { refusal: null, message: null, bits, meetsStaffRule };
}
