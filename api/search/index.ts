// The one search module every list goes through (jobs, schools, forum threads; so the home box,
// the Jobs, Schools and Forum screens and the compare picker behave the same): what is typed is
// normalised like the index (db/search-text.ts), a word that matches nothing is corrected against
// the vocabulary (unless `exact`), and with no explicit sort the matches come in relevance order
// (relevance.ts). Decision 0701.
import type { Context } from 'hono';
import { sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { searchWords } from '../../db/search-text';
import { matchOf, queryTerms } from './query';
import { RELEVANCE_MAX } from './relevance';
import { correctable, currentVocabulary } from './vocabulary';

export { exactParam, ftsQuery, matchOf, queryTerms, searchParam } from './query';
export {
  bm25Of,
  keepFirstWindow,
  RELEVANCE_MAX,
  relevancePage,
  tierOf,
  windowedPage,
  WINDOW,
  wordCountOf,
  type Match,
  type WindowOf,
} from './relevance';
export { warmSearchVocabulary } from './vocabulary';

export type FtsTable = 'jobs_fts' | 'schools_fts' | 'forum_threads_fts';

export interface ResolvedSearch {
  /** The canonical words searched (after any correction). */
  terms: string[];
  /** The FTS5 MATCH string. */
  match: string;
  /** What was typed with its misspelt words corrected, when any was: "Showing results for …". */
  corrected: string | null;
}

/**
 * Does the table hold any row matching this one word? The word whole is asked first: a row holding
 * it matches its prefix term too, and FTS5 reads a whole word's list lazily (a row is found at
 * once), while a prefix longer than the prefix indexes (9+ letters, `"mathematics"*`) has every
 * word it covers merged into one list before a first row comes (~0.5-1 ms at 100x).
 */
function anyMatch(db: DB, table: FtsTable, term: string): boolean {
  const any = (match: string) => db.all(sql`select 1 from ${sql.raw(table)} where ${sql.raw(table)} match ${match} limit 1`).length > 0;
  return any(`"${term}"`) || any(matchOf([term])!);
}

/**
 * The words to search for `text` in `table`: normalised, and (unless exact) each word that
 * matches nothing there replaced by the closest word of the vocabulary. Null when the text holds
 * nothing to search.
 */
export function resolveSearch(db: DB, table: FtsTable, text: string | undefined, exact = false): ResolvedSearch | null {
  if (!text) return null;
  const terms = queryTerms(text);
  const match = matchOf(terms);
  if (!match) return null;
  if (exact) return { terms, match, corrected: null };
  const fixes = new Map<string, { word: string; display: string }>();
  for (const term of terms) {
    if (fixes.has(term) || !correctable(term) || anyMatch(db, table, term)) continue;
    const fix = currentVocabulary(db)?.correct(term);
    if (fix) fixes.set(term, fix);
  }
  if (!fixes.size) return { terms, match, corrected: null };
  const fixed = terms.map((t) => fixes.get(t)?.word ?? t);
  // The text as typed, each misspelt word replaced by the word as the register writes it.
  const corrected = text.replace(/[\p{L}\p{N}'\u2019.]+/gu, (w) => {
    const [canonical, ...rest] = searchWords(w);
    const fix = !rest.length && canonical ? fixes.get(canonical) : undefined;
    return fix ? fix.display : w;
  });
  return { terms: fixed, match: matchOf(fixed)!, corrected: corrected.trim() };
}

/** How many rows of the table match, counting no further than cap + 1 (rowids only: no rank computed). */
export function matchCount(db: DB, table: FtsTable, match: string, cap: number): number {
  return db.get<{ n: number }>(
    sql`select count(*) as n from (select rowid from ${sql.raw(table)} where ${sql.raw(table)} match ${match} limit ${cap + 1})`,
  ).n;
}

/**
 * Can bm25 order these matches at a bounded cost? It counts each word's matches over the whole
 * table first (its word weights), so a word matching more than RELEVANCE_MAX rows ("of", "teacher")
 * costs as much as that word's matches even when the words together match a few. When not, the
 * lists rank by their tiers, then the shorter name (`wordCountOf`), then id (decision 0701, Speed).
 */
export function bm25Affordable(db: DB, table: FtsTable, terms: readonly string[]): boolean {
  return terms.every((t) => matchCount(db, table, matchOf([t])!, RELEVANCE_MAX) <= RELEVANCE_MAX);
}

/** Says on the answer that the search was corrected (`X-Search-Corrected`, URI-encoded). */
export function correctedHeader(c: Context, corrected: string | null | undefined): void {
  if (corrected) c.header('X-Search-Corrected', encodeURIComponent(corrected));
}
