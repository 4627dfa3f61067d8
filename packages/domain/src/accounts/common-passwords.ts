import { COMMON_PASSWORDS_TEXT } from './common-passwords-list';
import type { CommonPasswordList } from './password-policy';

/**
 * The common-password list as a Set, built once when this module is first
 * imported: O(1) lookups on `normalizeForLookup` forms. Its own entry point
 * (`@notadoo/domain/common-passwords`, 78 kB of text) so that the web loads
 * it only on the pages that set a password, after they have shown.
 */
export const COMMON_PASSWORDS: CommonPasswordList = new Set(COMMON_PASSWORDS_TEXT.split('\n').filter((line) => line !== ''));
