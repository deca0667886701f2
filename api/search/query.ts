// What is typed into any search box (home, Jobs, Schools, Forum, the compare picker) as words the
// FTS indexes hold: the same normalisation as the index (core/search-text.ts), then an FTS5 query
// that cannot fail (each word a quoted prefix term, all must match; quotes, operators and
// punctuation never reach FTS5 as syntax).
import { z } from 'zod';
import { searchWords } from '../../core/search-text';
import { searchText as searchParamText } from '../platform/validate';

export const MAX_TERMS = 12;

/** The canonical words of what was typed (at most MAX_TERMS). */
export function queryTerms(text: string): string[] {
  return searchWords(text).slice(0, MAX_TERMS);
}

/**
 * A word ending in s (longer than 3 letters) also matches itself without it, so `st marys` finds
 * "St Mary Abbots" as well as "St Mary's", and `schools` finds "school".
 */
export const stemOf = (term: string) => (term.length > 3 && term.endsWith('s') && /^\p{L}+$/u.test(term) ? term.slice(0, -1) : null);

/** The FTS5 MATCH string for these words, or null when there are none. */
export function matchOf(terms: readonly string[]): string | null {
  if (!terms.length) return null;
  return terms
    .map((t) => {
      const stem = stemOf(t);
      return stem ? `("${t}"* OR "${stem}")` : `"${t}"*`;
    })
    .join(' AND ');
}

/** The FTS5 MATCH string for the text, or null when it holds no letter or digit. */
export function ftsQuery(text: string): string | null {
  return matchOf(queryTerms(text));
}

/** Does a word of a name match a typed word as the FTS query does: 'prefix' (or whole), 'stem' (the word without its s), or not (null)? */
export function wordMatch(word: string, term: string): 'prefix' | 'stem' | null {
  if (word.startsWith(term)) return 'prefix';
  return word === stemOf(term) ? 'stem' : null;
}

/** The `search` query parameter of lists searched through FTS5: 400 when it has nothing to search. */
export const searchParam = searchParamText.refine((v) => v === undefined || ftsQuery(v) !== null, {
  message: 'Search must contain a letter or a number',
});

/** `exact=1`: search the words as typed, with no typo correction. */
export const exactParam = z
  .enum(['0', '1', 'true', 'false'], { message: 'Exact must be 1 or 0' })
  .optional()
  .transform((v) => v === '1' || v === 'true');
