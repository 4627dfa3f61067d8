/**
 * A text as searches compare it: case, accents and surrounding spaces ignored,
 * so "elise" finds "Élise". The database folds project names the same way
 * (migration 0061_project_name_search.sql) and users' names and e-mails too
 * (migration 0180_user_search.sql).
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase('fr-FR')
    .trim();
}

/** More words add little to a search and each one is a condition the database checks. */
export const MAX_SEARCH_WORDS = 8;

/**
 * The words of a search, folded: runs of letters and digits, so that
 * punctuation typed or stored between them does not matter ("lilas paris"
 * finds "Les Lilas, Paris", "notadoo.fr" finds "jean@notadoo.fr"). A search
 * finds what holds every word, each anywhere. Undefined for a blank search
 * (no filter); a search of punctuation alone has no word and finds nothing.
 */
export function searchWords(text: string): string[] | undefined {
  if (text.trim() === '') return undefined;
  const words = foldForSearch(text).match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}
