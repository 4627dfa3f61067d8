/**
 * A text as searches compare it: case, accents and surrounding spaces ignored,
 * so "elise" finds "Élise". The database folds project names the same way
 * (migration 0061_project_name_search.sql).
 */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLocaleLowerCase('fr-FR').trim();
}
