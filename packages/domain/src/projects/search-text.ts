/**
 * A text as searches compare it: case, accents and surrounding spaces ignored,
 * so "elise" finds "Élise". The server applies the same folding in SQL
 * (`ACCENTED_LETTERS` → `PLAIN_LETTERS`, then lower case).
 */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLocaleLowerCase('fr-FR').trim();
}

/**
 * The accented letters of French (and their neighbours) with their plain
 * letter, one for one, for SQL's `translate`: PostgreSQL's `lower` leaves
 * them alone under the C collation the embedded database uses.
 */
export const ACCENTED_LETTERS = 'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿŸ';
export const PLAIN_LETTERS = 'aaaaaaaaaaaacceeeeeeeeiiiiiiiinnoooooooooouuuuuuuuyyyy';
