import { describe, expect, it } from 'vitest';
import { foldForSearch, MAX_SEARCH_WORDS, searchWords } from './search-text';

describe('searchWords', () => {
  it('folds case and accents like foldForSearch', () => {
    expect(foldForSearch('  Héritière ')).toBe('heritiere');
    expect(searchWords('Héritière ÉLISE')).toEqual(['heritiere', 'elise']);
  });

  it('cuts on punctuation, so that none typed or stored between words matters', () => {
    expect(searchWords('Les Lilas, Paris')).toEqual(['les', 'lilas', 'paris']);
    expect(searchWords('notadoo.fr')).toEqual(['notadoo', 'fr']);
    expect(searchWords("l'étude Saint-Jean")).toEqual(['l', 'etude', 'saint', 'jean']);
  });

  it('keeps each word once and at most a few', () => {
    expect(searchWords('paris Paris PARIS')).toEqual(['paris']);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(MAX_SEARCH_WORDS);
  });

  it('has no filter for a blank search, and no word, thus no match, for one of punctuation alone', () => {
    expect(searchWords('  ')).toBeUndefined();
    expect(searchWords('% _ \\ ;')).toEqual([]);
    expect(searchWords('50%_x')).toEqual(['50', 'x']);
  });
});
