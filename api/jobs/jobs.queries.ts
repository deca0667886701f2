// The job list (product §9: active jobs posted within the last month) in keyset pages, by the
// plan that suits its search and filters (a search's own plans: ./search-plans.ts). Its query,
// filters and sort keys: ./job-conditions.ts.
import { and, asc, count, desc, sql, type SQL } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { jobs } from '../../db/schema';
import { afterCursor, decodeCursor, pageOf } from '../platform/paging';
import { matchCount, resolveSearch } from '../search';
import { commonWordJobs, matchesCounted, narrowedBy, probedJobs, relevantJobs } from './search-plans';
import {
  closingWalk,
  closingWalkFrom,
  COMMON_TERM,
  jobFilterConditions,
  JOBS_PAGE,
  listRows,
  openJobConditions,
  openJobCount,
  rowsInOrder,
  sortKeys,
  toJob,
  TOTAL_CAP,
  type JobPageOptions,
  type JobSort,
} from './job-conditions';

export {
  jobColumns,
  jobFilterConditions,
  JOB_SORTS,
  JOBS_PAGE,
  JOBS_PAGE_MAX,
  jobsInOrder,
  jobsQuery,
  openJobConditions,
  openJobCount,
  toJob,
  TOTAL_CAP,
  type JobFilters,
  type JobPageOptions,
  type JobSort,
  type JobsQuery,
} from './job-conditions';

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
  const keyset = afterCursor(dir, [key, jobs.id], after);
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
  return rowsInOrder(
    db,
    ids.map((r) => r.id),
    key,
  );
}
