// The job list (product §9: active jobs posted within the last month) in keyset pages, by the
// plan that suits its search and filters. Its query, filters and sort keys: ./job-conditions.ts.
import type Database from 'better-sqlite3';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { jobs, schools, schoolStats } from '../../db/schema';
import { searchWords } from '../../core/search-text';
import { decodeCursor, encodeCursor, pageOf, type CursorValue } from '../platform/paging';
import {
  bm25Of,
  keepFirstWindow,
  WINDOW,
  matchCount,
  RELEVANCE_MAX,
  relevancePage,
  windowedPage,
  wordCountOf,
  bm25Affordable,
  resolveSearch,
  type ResolvedSearch,
  type Match,
} from '../search';
import {
  COMMON_TERM,
  jobColumns,
  jobFilterConditions,
  JOBS_PAGE,
  openJobConditions,
  openJobCount,
  sortKeys,
  toJob,
  TOTAL_CAP,
  type JobFilters,
  type JobSort,
} from './job-conditions';

export {
  jobColumns,
  jobFilterConditions,
  JOB_SORTS,
  JOBS_PAGE,
  JOBS_PAGE_MAX,
  jobsQuery,
  openJobConditions,
  openJobCount,
  toJob,
  TOTAL_CAP,
  type JobFilters,
  type JobSort,
  type JobsQuery,
} from './job-conditions';

export interface JobPageOptions extends JobFilters {
  /** Absent with a search: relevance first. */
  sort?: JobSort;
  /** Search the words as typed, no typo correction. */
  exact?: boolean;
  limit?: number;
  cursor?: string;
  /** Skip the total (callers that do not answer X-Total-Count). */
  withoutTotal?: boolean;
}

/** One page of the job list: rows, the total matching and the cursor of the next page. */
export function listJobs(db: DB, now: Date, q: JobPageOptions) {
  const sort = q.sort ?? 'newest';
  const { key, dir } = sortKeys[sort];
  const limit = q.limit ?? JOBS_PAGE;
  const tag = `jobs.${sort}`;
  const search = resolveSearch(db, 'jobs_fts', q.search, q.exact);
  // Finding and counting rows: the lookup form (long prefixes as their words); bm25 ranks search.match.
  const match = search?.lookup ?? null;
  const common = match !== null && matchCount(db, 'jobs_fts', match, COMMON_TERM) > COMMON_TERM;
  if (search && !q.sort && !common) return relevantJobs(db, now, search, q, limit);
  // A common word with no sort and no other filter: relevance a window of matches at a time.
  // With a sort or another filter, walk the sort's index and probe the FTS matches, stopping after
  // a page, rather than fetch and sort every match (the planner's choice); so a common term with a
  // filter keeps the newest-first order even with no sort chosen (decision 0701).
  if (search && !q.sort && jobFilterConditions({ ...q, search: undefined }, { match: null }).length === 0)
    return commonWordJobs(db, now, search, q, limit);
  // A common word with a filter or a sort along an index: walk the index, asking the FTS index
  // about each row, as long as the word is in enough of them (probedJobs); else gather the matches.
  if (common && sort !== 'salary') {
    const probed = probedJobs(db, now, search!, q, sort, limit);
    if (probed) return probed;
  }
  // A word few enough to sort (at most COMMON_TERM matches) with an explicit sort: the list is driven
  // by its matches, each job read by its primary key, then sorted. Without ANALYZE's statistics (the
  // app never runs it) SQLite walks the sort's index over every open job instead, asking the match
  // set about each (~245,000 at 100x: `physics` by newest 20-40 ms, its count as much again).
  const byMatches = match !== null && !common;
  const walkClosing = !byMatches && sort === 'closing' && closingWalk(q.borough);
  const filters = [...openJobConditions(now), ...jobFilterConditions(q, { db, match })];
  // A common word in a borough or a subject: the index is asked for the word there (narrowed).
  const narrowed = common ? narrowedBy(match, q) : match;
  const listFilters = common ? [...openJobConditions(now), ...jobFilterConditions(q, { probeSearch: true, db, match: narrowed })] : filters;
  const after = decodeCursor(q.cursor, tag, 'nn');
  const keyset = after
    ? dir === 'desc'
      ? sql`(${key}, ${jobs.id}) < (${after[0]}, ${after[1]})`
      : sql`(${key}, ${jobs.id}) > (${after[0]}, ${after[1]})`
    : undefined;
  const order = dir === 'desc' ? [desc(key), desc(jobs.id)] : [asc(key), asc(jobs.id)];
  const rows =
    walkClosing || byMatches
      ? rowsWalked(db, walkClosing ? closingWalkFrom : matchesFrom, and(...listFilters, keyset)!, sort, limit + 1)
      : listRows(db, key)
          .where(and(...listFilters, keyset))
          .orderBy(...order)
          .limit(limit + 1)
          .all();
  const page = pageOf(rows, limit, tag, (r) => [r.sortKey, r.id]);
  const unfiltered = filters.length === openJobConditions(now).length;
  let total = -1;
  let capped = false;
  if (!q.withoutTotal && unfiltered) total = openJobCount(db, now);
  else if (!q.withoutTotal) {
    // Counting every match costs as much as the matches: count up to TOTAL_CAP and say so beyond.
    // Narrowed to a borough or a subject, the index's matches lead (CROSS JOIN keeps them outside) and the count
    // stops at TOTAL_CAP + 1 of them, instead of gathering the set first.
    total =
      narrowed !== match
        ? matchesCounted(db, now, q, narrowed!)
        : byMatches
          ? db.get<{ n: number }>(
              sql`select count(*) as n from (select 1 from ${matchesFrom} where ${and(...listFilters)} limit ${TOTAL_CAP + 1})`,
            ).n
          : db
              .select({ n: count() })
              .from(
                db
                  .select({ one: sql`1` })
                  .from(jobs)
                  .where(and(...listFilters))
                  .limit(TOTAL_CAP + 1)
                  .as('capped'),
              )
              .get()!.n;
    if (total > TOTAL_CAP) [total, capped] = [TOTAL_CAP, true];
  }
  return { rows: page.rows.map(({ sortKey: _k, ...r }) => toJob(r)), total, capped, next: page.next, corrected: search?.corrected ?? null };
}

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
function narrowedBy(match: string, q: Pick<JobFilters, 'borough' | 'subject'>): string {
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

/**
 * Sorted by closing date in a borough: the list walks jobs_borough_closing_idx (borough, is_active,
 * closing date, id, migration 0025), which holds that borough's rows in the list's order, so a
 * page reads about its own rows. The walk names its index: without ANALYZE's statistics (the app
 * never runs it) SQLite may take jobs_posted_idx or jobs_borough_idx and sort every open job of
 * the borough. Tests set `sort` to let SQLite choose instead, to compare the two plans.
 */
export const CLOSING_WALK = { sort: false };
const closingWalkFrom = sql`${jobs} indexed by jobs_borough_closing_idx`;
export function closingWalk(borough: string | undefined): boolean {
  return !!borough && !CLOSING_WALK.sort;
}

/** The list's rows (a job's public columns, its school's, the sort key), before their conditions. */
const listRows = (db: DB, key: SQL<number>) =>
  db
    .select({ ...jobColumns(), sortKey: key })
    .from(jobs)
    .leftJoin(schools, eq(jobs.schoolId, schools.id))
    .leftJoin(schoolStats, eq(schoolStats.schoolId, jobs.schoolId));

/** The jobs table with no index but its primary key: a list driven by its matches' ids (`id in (select rowid ...)`). */
const matchesFrom = sql`${jobs} not indexed`;

/**
 * The first `n` rows in the sort's order from `from` (the table with an index named, or none: the
 * query builder cannot say either), then their columns.
 */
function rowsWalked(db: DB, from: SQL, where: SQL, sort: JobSort, n: number) {
  const { key, dir } = sortKeys[sort];
  const order = dir === 'desc' ? sql`${key} desc, ${jobs.id} desc` : sql`${key} asc, ${jobs.id} asc`;
  const ids = db.all<{ id: number }>(sql`select ${jobs.id} as id from ${from} where ${where} order by ${order} limit ${n}`);
  if (!ids.length) return [];
  const byId = new Map(
    listRows(db, key)
      .where(
        inArray(
          jobs.id,
          ids.map((r) => r.id),
        ),
      )
      .all()
      .map((r) => [r.id, r]),
  );
  return ids.map((r) => byId.get(r.id)!);
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
function probedJobs(db: DB, now: Date, search: ResolvedSearch, q: JobPageOptions, sort: 'newest' | 'closing', limit: number) {
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
function matchesCounted(db: DB, now: Date, q: JobFilters, match: string): number {
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

/** The jobs of these ids, in this order. */
function jobsInOrder(db: DB, ids: number[]) {
  const byId = new Map(
    ids.length
      ? db
          .select(jobColumns())
          .from(jobs)
          .leftJoin(schools, eq(jobs.schoolId, schools.id))
          .leftJoin(schoolStats, eq(schoolStats.schoolId, jobs.schoolId))
          .where(inArray(jobs.id, ids))
          .all()
          .map((r) => [r.id, r])
      : [],
  );
  return ids.map((id) => toJob(byId.get(id)!));
}

/**
 * A page of the open jobs matching a common word (more than COMMON_TERM of them), with no other
 * filter: the matches a window at a time from the FTS index, highest id (the latest imported)
 * first, each window in tier order (decision 0701, Speed); the total counted to TOTAL_CAP.
 */
function commonWordJobs(db: DB, now: Date, search: ResolvedSearch, q: JobPageOptions, limit: number) {
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
function relevantJobs(db: DB, now: Date, search: ResolvedSearch, q: JobPageOptions, limit: number) {
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
