// User text to an SQLite FTS5 query that cannot fail: only letters and digits survive, each word
// becomes a quoted prefix term ("word"*) and all must match. Quotes, operators (AND, OR, NOT,
// NEAR, column filters, ^, -, +, *) and punctuation never reach FTS5 as syntax.
import { searchText } from './validate';

const MAX_TERMS = 12;

/** The FTS5 MATCH string for the text, or null when it holds no letter or digit. */
export function ftsQuery(text: string): string | null {
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_TERMS);
  if (!words.length) return null;
  return words.map((w) => `"${w}"*`).join(' ');
}

/** The `search` query parameter of lists searched through FTS5: 400 when it has nothing to search. */
export const ftsSearch = searchText.refine((v) => v === undefined || ftsQuery(v) !== null, {
  message: 'Search must contain a letter or a number',
});
