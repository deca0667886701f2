// The job list (product §9: active jobs posted within the last month) in keyset pages, and the
// filter conditions every job query shares (the list, job alerts).
import { and, asc, count, desc, eq, gt, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { BOROUGHS, CONTRACT_TYPES, EDUCATION_LEVELS, KEY_STAGES, SCHOOL_TYPE_FILTERS, SCHOOL_TYPES, SUBJECTS } from '../../db/constants';
import type { DB } from '../../db/client';
import { jobDayCounts, jobs, schools, schoolStats } from '../../db/schema';
import { columnsOf, jobShape } from '../../db/shapes';
import { searchWords } from '../../db/search-text';
import { cursorParam, decodeCursor, pageOf } from '../lib/paging';
import {
  bm25Of,
  exactParam,
  ftsQuery,
  keepFirstWindow,
  WINDOW,
  matchCount,
  RELEVANCE_MAX,
  relevancePage,
  windowedPage,
  wordCountOf,
  bm25Affordable,
  resolveSearch,
  searchParam,
  type ResolvedSearch,
  type Match,
} from '../search';
import { oneMonthBefore } from '../lib/time';
import { filterOf, limitOf } from '../lib/validate';

export const JOBS_PAGE = 50;
export const JOBS_PAGE_MAX = 100;
export const JOB_SORTS = ['newest', 'closing', 'salary'] as const;
export type JobSort = (typeof JOB_SORTS)[number];

export const jobsQuery = z.object({
  search: searchParam,
  /** 1: search the words as typed (no typo correction). */
  exact: exactParam,
  borough: filterOf(BOROUGHS),
  subject: filterOf(SUBJECTS),
  keyStage: filterOf(KEY_STAGES),
  contractType: filterOf(CONTRACT_TYPES),
  schoolType: filterOf(SCHOOL_TYPES as [string, ...string[]]),
  educationLevel: filterOf(EDUCATION_LEVELS),
  /** With a search and no sort: relevance first (decision 0701). newest (default): posted, newest first; closing: deadline soonest first (none last); salary: highest first. */
  sort: z.enum(JOB_SORTS, { message: 'Sort must be newest, closing or salary' }).optional(),
  limit: limitOf(JOBS_PAGE_MAX, JOBS_PAGE),
  cursor: cursorParam,
});
export type JobsQuery = z.infer<typeof jobsQuery>;
export type JobFilters = Partial<
  Pick<JobsQuery, 'search' | 'borough' | 'subject' | 'keyStage' | 'contractType' | 'schoolType' | 'educationLevel'>
> & { schoolId?: number };

/**
 * The WHERE conditions of a job search: search (FTS5 over title, description, school, employer),
 * borough, subject, keyStage, contractType, schoolType, educationLevel and schoolId. They read the
 * jobs table only (no join needed); whether a job is active and recent is the caller's choice.
 * With `db`, a school's job found by its second (or later) subject or key stage is looked up first,
 * so a filter that no such job matches keeps its plain indexed condition (decision 2104).
 */
export function jobFilterConditions(q: JobFilters, options: { probeSearch?: boolean; db?: DB; match?: string | null } = {}): SQL[] {
  const where: SQL[] = [];
  if (q.schoolId) where.push(eq(jobs.schoolId, q.schoolId));
  // The search as resolved by the search module (corrected), or the text normalised as typed.
  const match = options.match !== undefined ? options.match : q.search ? ftsQuery(q.search) : null;
  // probeSearch: `+id` keeps SQLite from driving the query by the matches (see listJobs).
  if (match)
    where.push(sql`${options.probeSearch ? sql`+` : sql``}${jobs.id} in (select rowid from jobs_fts where jobs_fts match ${match})`);
  if (q.borough) where.push(eq(jobs.borough, q.borough));
  if (q.subject) where.push(listCondition(jobs.subject, jobs.subjects, q.subject, options.db));
  if (q.keyStage) where.push(listCondition(jobs.keyStage, jobs.keyStages, q.keyStage, options.db));
  if (q.contractType) where.push(eq(jobs.contractType, q.contractType));
  if (q.schoolType) {
    where.push(
      sql`${jobs.schoolId} in (select ${schools.id} from ${schools} where ${inArray(schools.type, [...SCHOOL_TYPE_FILTERS[q.schoolType]])})`,
    );
  }
  if (q.educationLevel) where.push(sql`instr(coalesce(${jobs.educationLevel}, ''), ${q.educationLevel}) > 0`);
  return where;
}

/** At most this many school jobs found by a later subject or key stage are added to a filtered list by id. */
const OWN_LIST_MAX = 500;

/** ", "-separated list (a school's job's subjects or key stages) holds the value. */
const listHas = (list: typeof jobs.subjects | typeof jobs.keyStages, value: string) =>
  sql`instr(', ' || ${list} || ', ', ${`, ${value}, `}) > 0`;

/**
 * A subject or key stage filter: the job's first one (an indexed equality, which keeps the list
 * walking its index in order), or a school's job naming it later in its list. Given `db`, those
 * jobs are found first over the school-posted rows (jobs_own_*_idx) and added by id, only when
 * there are any; without it (the alert pass), a subquery says the same.
 */
function listCondition(
  first: typeof jobs.subject | typeof jobs.keyStage,
  list: typeof jobs.subjects | typeof jobs.keyStages,
  value: string,
  db?: DB,
): SQL {
  const own = and(eq(jobs.postedBySchool, true), eq(jobs.isActive, true), listHas(list, value), sql`${first} is not ${value}`);
  if (!db) return or(eq(first, value), sql`${jobs.id} in (select ${jobs.id} from ${jobs} where ${own})`)!;
  const ids = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(own)
    .limit(OWN_LIST_MAX)
    .all()
    .map((r) => r.id);
  return ids.length ? or(eq(first, value), inArray(jobs.id, ids))! : eq(first, value);
}

/** The columns of a job as the API answers it (its public shape), with its school's id, name and average rating. */
export function jobColumns() {
  return {
    ...columnsOf(jobs, jobShape),
    schoolName: schools.name,
    schoolType: schools.type,
    /** The school's average approved review rating (kept in school_stats), null with no reviews. */
    schoolRating: sql<number | null>`case when ${schoolStats.reviewCount} > 0 then round(${schoolStats.averageRating}, 2) end`,
  };
}

export function toJob<T extends { schoolId: number | null; schoolName: string | null; schoolType: string | null }>({
  schoolName,
  schoolType,
  ...job
}: T) {
  return { ...job, school: job.schoolId && schoolName ? { id: job.schoolId, name: schoolName, type: schoolType } : null };
}

/** Far-future stand-in for "no deadline", so jobs without one sort last and keys are never null. */
const NO_DEADLINE = 253402300799999;
const sortKeys = {
  newest: { key: sql<number>`${jobs.postedAt}`, dir: 'desc' },
  closing: { key: sql<number>`coalesce(${jobs.applicationDeadline}, ${sql.raw(String(NO_DEADLINE))})`, dir: 'asc' },
  salary: { key: sql<number>`coalesce(${jobs.salaryMax}, ${jobs.salaryMin}, 0)`, dir: 'desc' },
} as const;

/** Filtered totals above this are answered as this figure with `X-Total-Count-Capped: true`. */
export const TOTAL_CAP = 1000;
/** Above this many FTS matches a search walks the sort's index instead of sorting the matches. */
const COMMON_TERM = 2000;

/**
 * Active jobs posted within the last month: the base of every public job list. A school's job
 * published for a later date is active with its postedAt ahead: it is on the board from then
 * (decision 2104).
 */
export function openJobConditions(now: Date): SQL[] {
  return [eq(jobs.isActive, true), gte(jobs.postedAt, oneMonthBefore(now)), lte(jobs.postedAt, now)];
}

/**
 * How many active jobs were posted since the month's start, from the kept per-day counts: the
 * whole days between the first and today (~30 rows) plus indexed counts of those two partial days
 * (today's stops at now: a job published for later today or a later day is not counted yet).
 */
export function openJobCount(db: DB, now: Date): number {
  const since = oneMonthBefore(now);
  const DAY = 86_400_000;
  const firstDay = Math.floor(since.getTime() / DAY);
  const today = Math.floor(now.getTime() / DAY);
  const days = db
    .select({ n: sql<number>`coalesce(sum(${jobDayCounts.n}), 0)` })
    .from(jobDayCounts)
    .where(and(gt(jobDayCounts.day, firstDay), sql`${jobDayCounts.day} < ${today}`))
    .get()!.n;
  const partial = (from: number, to: number) =>
    db
      .select({ n: count() })
      .from(jobs)
      .where(and(eq(jobs.isActive, true), gte(jobs.postedAt, new Date(from)), lte(jobs.postedAt, new Date(to))))
      .get()!.n;
  return days + partial(since.getTime(), (firstDay + 1) * DAY - 1) + partial(today * DAY, now.getTime());
}

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
  const match = search?.match ?? null;
  const common = match !== null && matchCount(db, 'jobs_fts', match, COMMON_TERM) > COMMON_TERM;
  if (search && !q.sort && !common) return relevantJobs(db, now, search, q, limit);
  // A common word with no sort and no other filter: relevance a window of matches at a time.
  // With a sort or another filter, walk the sort's index and probe the FTS matches, stopping after
  // a page, rather than fetch and sort every match (the planner's choice); so a common term with a
  // filter keeps the newest-first order even with no sort chosen (decision 0701).
  if (search && !q.sort && jobFilterConditions({ ...q, search: undefined }, { match: null }).length === 0)
    return commonWordJobs(db, now, search, q, limit);
  const filters = [...openJobConditions(now), ...jobFilterConditions(q, { db, match })];
  // A common word in a borough: the index is asked for the word in that borough (narrowed).
  const narrowed = common && q.borough ? withinBorough(match, q.borough) : match;
  const listFilters = common ? [...openJobConditions(now), ...jobFilterConditions(q, { probeSearch: true, db, match: narrowed })] : filters;
  const after = decodeCursor(q.cursor, tag, 'nn');
  const keyset = after
    ? dir === 'desc'
      ? sql`(${key}, ${jobs.id}) < (${after[0]}, ${after[1]})`
      : sql`(${key}, ${jobs.id}) > (${after[0]}, ${after[1]})`
    : undefined;
  const order = dir === 'desc' ? [desc(key), desc(jobs.id)] : [asc(key), asc(jobs.id)];
  const rows = db
    .select({ ...jobColumns(), sortKey: key })
    .from(jobs)
    .leftJoin(schools, eq(jobs.schoolId, schools.id))
    .leftJoin(schoolStats, eq(schoolStats.schoolId, jobs.schoolId))
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
    // Narrowed to a borough, the index's matches lead (CROSS JOIN keeps them outside) and the count
    // stops at TOTAL_CAP + 1 of them, instead of gathering the set first.
    const inner =
      narrowed !== match
        ? db
            .select({ one: sql`1` })
            .from(sql`jobs_fts cross join ${jobs} on ${jobs.id} = jobs_fts.rowid`)
            .where(and(sql`jobs_fts match ${narrowed}`, ...openJobConditions(now), ...jobFilterConditions(q, { db, match: null })))
            .limit(TOTAL_CAP + 1)
            .as('capped')
        : db
            .select({ one: sql`1` })
            .from(jobs)
            .where(and(...listFilters))
            .limit(TOTAL_CAP + 1)
            .as('capped');
    total = db.select({ n: count() }).from(inner).get()!.n;
    if (total > TOTAL_CAP) [total, capped] = [TOTAL_CAP, true];
  }
  return { rows: page.rows.map(({ sortKey: _k, ...r }) => toJob(r)), total, capped, next: page.next, corrected: search?.corrected ?? null };
}

/**
 * A common word in a borough: the borough is also a column of the jobs index (jobs_search_source
 * holds search_text(borough)), so the index is asked for the word in that borough and SQLite
 * gathers that borough's matches (~7,300 at 100x) rather than every job's (245,000). Each borough's
 * words are a phrase no other borough holds; the list still checks the borough itself.
 */
function withinBorough(match: string, borough: string): string {
  const words = searchWords(borough);
  return words.length ? `(${match}) AND borough : "${words.join(' ')}"` : match;
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
        sql`select ${jobs.id} as id, ${jobs.title} as name from jobs_fts join ${jobs} on ${jobs.id} = jobs_fts.rowid
            where jobs_fts match ${search.match} and jobs_fts.rowid < ${below} and ${and(...open)}
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
  const bm25 = bm25Affordable(db, 'jobs_fts', search.terms);
  const rank = sql.raw(bm25 ? bm25Of('jobs_fts') : '0');
  const matches = db.all<Match>(
    sql`select ${jobs.id} as id, ${jobs.title} as name, ${rank} as rank from ${jobs} join jobs_fts on jobs_fts.rowid = ${jobs.id}
        where jobs_fts match ${search.match} and ${and(...where)} limit ${RELEVANCE_MAX + 1}`,
  );
  if (!bm25) for (const m of matches) m.rank = wordCountOf(m.name);
  const page = relevancePage(matches, search.terms, 'jobs.relevance', limit, q.cursor);
  const rows = jobsInOrder(db, page.ids);
  return { rows, total: q.withoutTotal ? -1 : page.total, capped: false, next: page.next, corrected: search.corrected };
}
