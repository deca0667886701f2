// The SQL side of search: the search_text() function every connection registers (db/client.ts),
// which the FTS triggers and views call with the one normalisation (core/search-text.ts), and the
// merge of the FTS tables' segments after bulk writes.
import type Database from 'better-sqlite3';
import { searchText } from '../core/search-text';

/** Makes search_text(x) available to SQL on this connection (the FTS triggers and views call it). */
export function registerSearchFunctions(sqlite: Database.Database): void {
  // Text columns arrive as strings; a number (a postcode-like value stored as one) is searched as written.
  sqlite.function('search_text', { deterministic: true }, (s: unknown) =>
    searchText(typeof s === 'string' ? s : typeof s === 'number' || typeof s === 'bigint' ? `${s}` : null),
  );
}

/** The three FTS5 tables over search_text() of their columns (migrations 0018, 0020). */
export type SearchIndex = 'jobs_fts' | 'schools_fts' | 'forum_threads_fts';

/**
 * Merges each FTS5 table's segments into one (FTS5 `optimize`), where bulk writes end (the seed,
 * the register import, a jobs feed import), never per request: every write adds a segment that
 * FTS5 merges only in part (automerge), and each search reads every segment; at 100x a rowid probe
 * of a common word cost ~10x more over 10-12 segments than over one (decision 0705).
 * An index already in one segment is left as it is.
 */
export function optimizeSearchIndexes(sqlite: Database.Database, tables: readonly SearchIndex[]): void {
  for (const t of tables) sqlite.prepare(`insert into ${t} (${t}) values ('optimize')`).run();
}
