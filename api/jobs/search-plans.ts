// The job list's plans for a search (decisions 0701, 0707), which listJobs (./jobs.queries.ts)
// picks by the search and the filters: relevance for a word few enough to rank; a common word a
// window of matches at a time; a common word with a filter or a sort by walking the list's own
// index and asking the FTS index about each row (probedJobs); and the totals counted from the
// index's side, narrowed to a borough or a subject where one is chosen.
import type Database from 'better-sqlite3';
import { and, count, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { jobs } from '../../db/schema';
import { searchWords } from '../../core/search-text';
import { decodeCursor, encodeCursor, type CursorValue } from '../platform/paging';
import {
  bm25Of,
  keepFirstWindow,
  WINDOW,
  RELEVANCE_MAX,
  relevancePage,
  windowedPage,
  wordCountOf,
  bm25Affordable,
  type ResolvedSearch,
  type Match,
} from '../search';
import {
  closingWalk,
  closingWalkFrom,
  jobFilterConditions,
  jobsInOrder,
  openJobConditions,
  sortKeys,
  TOTAL_CAP,
  type JobFilters,
  type JobPageOptions,
} from './job-conditions';

/**
 * A common word with a borough or a subject: both are also columns of the jobs index
 * (jobs_search_source holds search_text(borough) and search_text(coalesce(subjects, subject))), so
 * the index is asked for the word in that borough and that subject, and SQLite gathers or counts
 * those matches (~7,300 of a borough, ~20,000 of a subject at 100x) rather than every job's
 * (245,000). Each is a necessary condition, never a sufficient one: every job the filter keeps holds
 * the phrase in that column (a school's job's first subject is the first of its list), and the list
 * still checks the borough and the subject themselves, so nothing is lost or added. Unnarrowed
 * (no such filter): the match itself.
 */
export function narrowedBy(match: string, q: Pick<JobFilters, 'borough' | 'subject'>): string {
  const columns: string[] = [];
  for (const [column, value] of [
    ['borough', q.borough],
    ['subject', q.subject],
  ] as const) {
    const words = value ? searchWords(value) : [];
    if (words.length) columns.push(` AND ${column} : "${words.join(' ')}"`);
  }
  return columns.length ? `(${match})${columns.join('')}` : match;
}

/** Rows of the list's own order read at a time by probedJobs. */
const PROBE_CHUNK = 256;
/**
 * probedJobs gives up (the matches are gathered instead) after asking about this many rows per row
 * of the page: the word in fewer than 1 in 4 of the rows walked. A probe cost 20-100 us at 100x
 * with the index in one segment, up to ~450 us over 12 segments.
 */
const PROBE_BUDGET = 4;

/**
 * Per connection: does the FTS row of this job match? The rowid is cast in SQL: better-sqlite3
 * binds every JavaScript number as a REAL, and FTS5 takes a rowid constraint's value only when it
 * is an INTEGER; given a REAL it drops the constraint it told SQLite it would apply (`omit`), and
 * the statement answers any matching row, so "does job 5 hold the word" would be "does any job".
 */
const probeStatements = new WeakMap<Database.Database, Database.Statement<unknown[]>>();
function probeOf(db: DB): Database.Statement<unknown[]> {
  let statement = probeStatements.get(db.$client);
  if (!statement) {
    statement = db.$client.prepare('select 1 from jobs_fts where jobs_fts match ? and rowid = cast(? as integer)').pluck();
    probeStatements.set(db.$client, statement);
  }
  return statement;
}

/**
 * A common word (more than COMMON_TERM matches) with a filter, or sorted newest or closing: the
 * list's own order is walked along its index under the other filters, PROBE_CHUNK rows at a time,
 * and the FTS index is asked about each row (one rowid), stopping once the page is found; the
 * total is counted from the index's side (matchesCounted). Gathering every match of the word
 * instead (245,000 rowids for "teacher" at 100x) cost ~60 ms, twice (list and total). When the
 * word is in too few of the rows walked (the budget spent first), null: the caller gathers the
 * matches as before. Same rows, order, cursors and totals as that plan.
 */
export function probedJobs(db: DB, now: Date, search: ResolvedSearch, q: JobPageOptions, sort: 'newest' | 'closing', limit: number) {
  const { key, dir } = sortKeys[sort];
  const tag = `jobs.${sort}`;
  const walkClosing = sort === 'closing' && closingWalk(q.borough);
  const where = and(...openJobConditions(now), ...jobFilterConditions({ ...q, search: undefined }, { db, match: null }));
  const walked = walkClosing ? closingWalkFrom : jobs;
  const probe = probeOf(db);
  const order = dir === 'desc' ? sql`${key} desc, ${jobs.id} desc` : sql`${key} asc, ${jobs.id} asc`;
  /**
   * The first `need` rows of the list after `after` holding the word: stops there, at the list's
   * end (`ended`), or once `budget` rows were asked about (fewer hits, not ended).
   */
  const walk = (after: CursorValue[] | undefined, need: number, budget: number) => {
    const hits: { id: number; k: number }[] = [];
    let from = after;
    let asked = 0;
    // The first read asks for a few rows more than the page (a common word is in most of them),
    // then four times as many up to PROBE_CHUNK: walking the closing index in a borough, 256 of the
    // borough's rows cost ~8,000 rows of the index (~10 ms at 100x) where a page needed ~55.
    let chunk = Math.min(PROBE_CHUNK, need + 8);
    for (;;) {
      const keyset = from
        ? dir === 'desc'
          ? sql`and (${key}, ${jobs.id}) < (${from[0]}, ${from[1]})`
          : sql`and (${key}, ${jobs.id}) > (${from[0]}, ${from[1]})`
        : sql``;
      const rows = db.all<{ id: number; k: number }>(
        sql`select ${jobs.id} as id, ${key} as k from ${walked} where ${where} ${keyset} order by ${order} limit ${chunk}`,
      );
      for (const r of rows) {
        if (asked++ === budget) return { hits, ended: false };
        if (probe.get(search.lookup, r.id) !== undefined) {
          hits.push(r);
          if (hits.length === need) return { hits, ended: false };
        }
      }
      if (rows.length < chunk) return { hits, ended: true };
      const last = rows[rows.length - 1];
      from = [last.k, last.id];
      chunk = Math.min(PROBE_CHUNK, chunk * 4);
    }
  };
  const after = decodeCursor(q.cursor, tag, 'nn');
  const found = walk(after, limit + 1, PROBE_BUDGET * (limit + 1));
  if (found.hits.length <= limit && !found.ended) return null;
  let total = -1;
  let capped = false;
  if (!q.withoutTotal) {
    // A first page that ended holds the whole list. Otherwise the total is counted from the FTS
    // index's side, its matches in rowid order, each job's filters read by its primary key and
    // stopping at TOTAL_CAP + 1 (~1-4 ms at 100x): probing 1,001 rows one at a time cost 25-100 ms.
    if (!after && found.ended) total = found.hits.length;
    else total = matchesCounted(db, now, q, narrowedBy(search.lookup, q));
    if (total > TOTAL_CAP) [total, capped] = [TOTAL_CAP, true];
  }
  const more = found.hits.length > limit;
  const page = found.hits.slice(0, limit);
  const last = page[page.length - 1];
  return {
    rows: jobsInOrder(
      db,
      page.map((h) => h.id),
    ),
    total,
    capped,
    next: more ? encodeCursor(tag, [last.k, last.id]) : null,
    corrected: search.corrected,
  };
}

/**
 * How many open jobs under the list's filters match the FTS query, counting no further than
 * TOTAL_CAP + 1: the index's matches lead (CROSS JOIN keeps them outside) and each is checked by
 * the job's primary key, rather than gathering every match first.
 */
export function matchesCounted(db: DB, now: Date, q: JobFilters, match: string): number {
  const inner = db
    .select({ one: sql`1` })
    .from(sql`jobs_fts cross join ${jobs} on ${jobs.id} = jobs_fts.rowid`)
    .where(
      and(
        sql`jobs_fts match ${match}`,
        ...openJobConditions(now),
        ...jobFilterConditions({ ...q, search: undefined }, { db, match: null }),
      ),
    )
    .limit(TOTAL_CAP + 1)
    .as('capped');
  return db.select({ n: count() }).from(inner).get()!.n;
}

/**
 * A page of the open jobs matching a common word (more than COMMON_TERM of them), with no other
 * filter: the matches a window at a time from the FTS index, highest id (the latest imported)
 * first, each window in tier order (decision 0701, Speed); the total counted to TOTAL_CAP.
 */
export function commonWordJobs(db: DB, now: Date, search: ResolvedSearch, q: JobPageOptions, limit: number) {
  const open = openJobConditions(now);
  // Raw rows (db.all): the query builder's mapping of a thousand rows cost more than the query.
  // The first window read once: it answers the first page and the total counted to TOTAL_CAP.
  const openMatches = keepFirstWindow(
    (below, size) =>
      db.all<{ id: number; name: string }>(
        sql`select ${jobs.id} as id, ${jobs.title} as name from jobs_fts cross join ${jobs} on ${jobs.id} = jobs_fts.rowid
            where jobs_fts match ${search.lookup} and jobs_fts.rowid < cast(${below} as integer) and ${and(...open)}
            order by jobs_fts.rowid desc limit ${size}`,
      ),
    Math.max(WINDOW, TOTAL_CAP + 1),
  );
  const page = windowedPage(openMatches, search.terms, 'jobs.common', limit, q.cursor);
  let total = -1;
  let capped = false;
  if (!q.withoutTotal) {
    total = openMatches(Number.MAX_SAFE_INTEGER, TOTAL_CAP + 1).length;
    if (total > TOTAL_CAP) [total, capped] = [TOTAL_CAP, true];
  }
  return { rows: jobsInOrder(db, page.ids), total, capped, next: page.next, corrected: search.corrected };
}

/** A page of the open jobs matching a search (at most COMMON_TERM of them) in relevance order, titles first. */
export function relevantJobs(db: DB, now: Date, search: ResolvedSearch, q: JobPageOptions, limit: number) {
  const where = [...openJobConditions(now), ...jobFilterConditions({ ...q, search: undefined }, { db, match: null })];
  const bm25 = bm25Affordable(db, 'jobs_fts', search.terms, search.termLookups);
  // CROSS JOIN: the matches (at most COMMON_TERM) lead, each job read by its primary key. Left to
  // choose without ANALYZE's statistics, SQLite walks the filter's index (or jobs_posted_idx) over
  // every open job and asks the FTS index about each: `physics` 4.5 s, `head of music` 32 s at 100x.
  const rank = sql.raw(bm25 ? bm25Of('jobs_fts') : '0');
  const matches = db.all<Match>(
    sql`select ${jobs.id} as id, ${jobs.title} as name, ${rank} as rank from jobs_fts cross join ${jobs} on ${jobs.id} = jobs_fts.rowid
        where jobs_fts match ${bm25 ? search.match : search.lookup} and ${and(...where)} limit ${RELEVANCE_MAX + 1}`,
  );
  if (!bm25) for (const m of matches) m.rank = wordCountOf(m.name);
  const page = relevancePage(matches, search.terms, 'jobs.relevance', limit, q.cursor);
  const rows = jobsInOrder(db, page.ids);
  return { rows, total: q.withoutTotal ? -1 : page.total, capped: false, next: page.next, corrected: search.corrected };
}
