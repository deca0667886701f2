// The job list's vocabulary (api/jobs/jobs.queries.ts pages it): its query and filters, the
// filter conditions every job query shares (the list, job alerts), a job's columns as the API
// answers them, the sort keys, the open jobs (active, posted within the last month), a page's
// options, and the closing sort's walk of its index in a borough (the list and the search plans).
import { and, count, eq, gt, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { BOROUGHS, CONTRACT_TYPES, EDUCATION_LEVELS, KEY_STAGES, SCHOOL_TYPE_FILTERS, SCHOOL_TYPES, SUBJECTS } from '../../core/constants';
import type { DB } from '../../db/client';
import { jobDayCounts, jobs, schools, schoolStats } from '../../db/schema';
import { columnsOf, jobShape } from '../../db/shapes';
import { oneMonthBefore } from '../../core/job-window';
import { cursorParam } from '../platform/paging';
import { exactParam, ftsQuery, searchParam } from '../search';
import { filterOf, limitOf } from '../platform/validate';

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

/**
 * The rows of every job list (a job's public columns, its school's, the list's sort key), before
 * their conditions: the one select of them (the list, its walks, the search plans, near me).
 */
export const listRows = (db: DB, key: SQL<number>) =>
  db
    .select({ ...jobColumns(), sortKey: key })
    .from(jobs)
    .leftJoin(schools, eq(jobs.schoolId, schools.id))
    .leftJoin(schoolStats, eq(schoolStats.schoolId, jobs.schoolId));

/** The list's rows of these jobs, in this order (the sort key when given). */
export function rowsInOrder(db: DB, ids: readonly number[], key: SQL<number> = sql<number>`0`) {
  if (!ids.length) return [];
  const byId = new Map(
    listRows(db, key)
      .where(inArray(jobs.id, [...ids]))
      .all()
      .map((r) => [r.id, r]),
  );
  return ids.map((id) => byId.get(id)!);
}

/** These jobs as the API answers them, in this order. */
export const jobsInOrder = (db: DB, ids: readonly number[]) => rowsInOrder(db, ids).map(({ sortKey: _k, ...r }) => toJob(r));

/** Far-future stand-in for "no deadline", so jobs without one sort last and keys are never null. */
const NO_DEADLINE = 253402300799999;
export const sortKeys = {
  newest: { key: sql<number>`${jobs.postedAt}`, dir: 'desc' },
  closing: { key: sql<number>`coalesce(${jobs.applicationDeadline}, ${sql.raw(String(NO_DEADLINE))})`, dir: 'asc' },
  salary: { key: sql<number>`coalesce(${jobs.salaryMax}, ${jobs.salaryMin}, 0)`, dir: 'desc' },
} as const;

/** Filtered totals above this are answered as this figure with `X-Total-Count-Capped: true`. */
export const TOTAL_CAP = 1000;
/** Above this many FTS matches a search walks the sort's index instead of sorting the matches. */
export const COMMON_TERM = 2000;

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

/**
 * Sorted by closing date in a borough: the list walks jobs_borough_closing_idx (borough, is_active,
 * closing date, id, migration 0025), which holds that borough's rows in the list's order, so a
 * page reads about its own rows. The walk names its index: without ANALYZE's statistics (the app
 * never runs it) SQLite may take jobs_posted_idx or jobs_borough_idx and sort every open job of
 * the borough. Tests set `sort` to let SQLite choose instead, to compare the two plans.
 */
export const CLOSING_WALK = { sort: false };
export const closingWalkFrom = sql`${jobs} indexed by jobs_borough_closing_idx`;
export function closingWalk(borough: string | undefined): boolean {
  return !!borough && !CLOSING_WALK.sort;
}
