// The one search module every list goes through (jobs, schools, forum threads; so the home box,
// the Jobs, Schools and Forum screens and the compare picker behave the same): what is typed is
// normalised like the index (core/search-text.ts), a word that matches nothing is corrected against
// the vocabulary (unless `exact`), and with no explicit sort the matches come in relevance order
// (relevance.ts). Decision 0701.
import type Database from 'better-sqlite3';
import type { Context } from 'hono';
import { sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { searchWords } from '../../core/search-text';
import { matchOf, queryTerms, stemOf } from './query';
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
  /** The FTS5 MATCH string: what bm25 ranks (its phrases are the words typed). */
  match: string;
  /**
   * The same rows, cheaper to find: each prefix longer than the prefix indexes written as the
   * words of the index it covers (`"mathematics"*` -> `"mathematics" OR "mathematicsx"`). For
   * statements that find, count or probe rows; not for bm25, which scores each phrase of the query.
   */
  lookup: string;
  /** `lookup` of each word alone (bm25Affordable). */
  termLookups: string[];
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
  if (exact) return { terms, match, corrected: null, ...lookupsOf(db, table, terms) };
  const fixes = new Map<string, { word: string; display: string }>();
  for (const term of terms) {
    if (fixes.has(term) || !correctable(term) || anyMatch(db, table, term)) continue;
    const fix = currentVocabulary(db)?.correct(term);
    if (fix) fixes.set(term, fix);
  }
  if (!fixes.size) return { terms, match, corrected: null, ...lookupsOf(db, table, terms) };
  const fixed = terms.map((t) => fixes.get(t)?.word ?? t);
  // The text as typed, each misspelt word replaced by the word as the register writes it.
  const corrected = text.replace(/[\p{L}\p{N}'\u2019.]+/gu, (w) => {
    const [canonical, ...rest] = searchWords(w);
    const fix = !rest.length && canonical ? fixes.get(canonical) : undefined;
    return fix ? fix.display : w;
  });
  return { terms: fixed, match: matchOf(fixed)!, corrected: corrected.trim(), ...lookupsOf(db, table, fixed) };
}

/** The longest prefix with an index of its own (migration 0020: prefix = '2 3 4 5 6 7 8'). */
const PREFIX_INDEXED = 8;
/** A longer prefix covering more index words than this keeps its prefix term. */
const WORDS_MAX = 32;

/** Per connection and table: the words of the index in a range (FTS5's fts5vocab, a temp table of the connection). */
const wordStatements = new WeakMap<Database.Database, Map<FtsTable, Database.Statement<unknown[]>>>();
function wordsStatement(db: DB, table: FtsTable): Database.Statement<unknown[]> {
  let byTable = wordStatements.get(db.$client);
  if (!byTable) {
    byTable = new Map();
    wordStatements.set(db.$client, byTable);
  }
  let statement = byTable.get(table);
  if (!statement) {
    db.$client.exec(`create virtual table if not exists temp.${table}_words using fts5vocab(main, ${table}, row)`);
    statement = db.$client.prepare(`select term from temp.${table}_words where term >= ? and term < ? limit ${WORDS_MAX + 1}`).pluck();
    byTable.set(table, statement);
  }
  return statement;
}

/**
 * The words of the index starting with `prefix`, or null when they are more than WORDS_MAX. FTS5
 * merges every word a prefix term covers into one list before a first row comes when no prefix
 * index is that long (0.5-1.5 ms a statement at 100x for `"mathematics"*`), and a search runs 2-4
 * statements; listing the words once (fts5vocab reads them in order from the prefix on) and
 * asking for them whole costs one such read.
 */
function wordsStarting(db: DB, table: FtsTable, prefix: string): string[] | null {
  // Every word starting with the prefix sorts (as UTF-8 bytes, as FTS5 keeps them) before prefix + U+10FFFF.
  const words = (wordsStatement(db, table).all(prefix, `${prefix}\u{10FFFF}`) as string[]).filter((w) => w.startsWith(prefix));
  return words.length > WORDS_MAX ? null : words;
}

/** ResolvedSearch's `lookup` and `termLookups` for these words. */
function lookupsOf(db: DB, table: FtsTable, terms: readonly string[]): Pick<ResolvedSearch, 'lookup' | 'termLookups'> {
  const termLookups = terms.map((term) => {
    const plain = matchOf([term])!;
    if (term.length <= PREFIX_INDEXED) return plain;
    const words = wordsStarting(db, table, term);
    // No word starts with it: the prefix term costs nothing to read.
    if (!words?.length) return plain;
    const stem = stemOf(term);
    const alternatives = [...words, ...(stem && !words.includes(stem) ? [stem] : [])].map((w) => `"${w}"`);
    return alternatives.length === 1 ? alternatives[0] : `(${alternatives.join(' OR ')})`;
  });
  return { termLookups, lookup: termLookups.join(' AND ') };
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
export function bm25Affordable(db: DB, table: FtsTable, terms: readonly string[], termLookups = terms.map((t) => matchOf([t])!)): boolean {
  return termLookups.every((m) => matchCount(db, table, m, RELEVANCE_MAX) <= RELEVANCE_MAX);
}

/** Says on the answer that the search was corrected (`X-Search-Corrected`, URI-encoded). */
export function correctedHeader(c: Context, corrected: string | null | undefined): void {
  if (corrected) c.header('X-Search-Corrected', encodeURIComponent(corrected));
}
