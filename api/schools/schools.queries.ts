// The schools list (keyset pages, FTS search, Near me) and a school's kept figures.
import type Database from 'better-sqlite3';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { BOROUGHS, EDUCATION_LEVELS, SCHOOL_TYPE_FILTERS, SCHOOL_TYPES, SCHOOLS_LIST_LIMIT, SCHOOLS_PAGE_SIZE } from '../../core/constants';
import type { DB } from '../../db/client';
import { jobs, schools, schoolStats } from '../../db/schema';
import { columnsOf, schoolShape } from '../../db/shapes';
import { notFound } from '../platform/http-error';
import { preparedOn } from '../platform/prepared';
import { oneMonthBefore } from '../../core/job-window';
import { afterCursor, cursorParam, decodeCursor, pageOf } from '../platform/paging';
import {
  bm25Of,
  exactParam,
  RELEVANCE_MAX,
  relevancePage,
  resolveSearch,
  searchParam,
  WINDOW,
  wordCountOf,
  type Match,
  type ResolvedSearch,
} from '../search';
import { filterOf, limitOf } from '../platform/validate';
import { checkNear, nearFields, nearSchoolPage, oneDecimal } from './near.queries';
import { activeSchoolNames, activeSchoolRows, matchingIds } from './register';

export const schoolsQuery = z
  .object({
    search: searchParam,
    /** 1: search the words as typed (no typo correction). */
    exact: exactParam,
    borough: filterOf(BOROUGHS),
    type: filterOf(SCHOOL_TYPES as [string, ...string[]]),
    educationLevel: filterOf(EDUCATION_LEVELS),
    // Up to 5,000: the register, not the contributions, bounds this list; the Schools screen pages
    // by cursor, 50 at a time (web/schools/paging.ts). Unsaid: 200 (product §9's first list, which
    // the compare picker still asks for), or one screen's page of 50 with a search (decision 0701).
    limit: limitOf(5000),
    /** name (default; with a search, relevance first unless sort is given): alphabetical; rating: best reviewed first (the home page's spotlight). */
    sort: z.enum(['name', 'rating'], { message: 'Sort must be name or rating' }).optional(),
    cursor: cursorParam,
    ...nearFields,
  })
  .superRefine(checkNear);

/** A school's reviews or interviews, a page at a time, newest first. */
export const contributionsQuery = z.object({ limit: limitOf(100, 20), cursor: cursorParam });

export const round = (n: number | null | undefined, places = 1) => (n == null ? 0 : Number(n.toFixed(places)));

/**
 * The schools list in keyset pages. Ratings come from the kept school_stats row (a primary-key
 * lookup per school); open jobs are an indexed count per school of the page (the one-month window
 * moves with the clock, so it cannot be kept by a trigger).
 */
export function listSchools(db: DB, now: Date, q: z.infer<typeof schoolsQuery>) {
  const where: (SQL | undefined)[] = [eq(schools.isActive, true)];
  if (q.borough) where.push(eq(schools.borough, q.borough));
  if (q.type) where.push(inArray(schools.type, [...SCHOOL_TYPE_FILTERS[q.type]]));
  if (q.educationLevel) where.push(sql`instr(coalesce(${schools.educationLevel}, ''), ${q.educationLevel}) > 0`);
  const search = resolveSearch(db, 'schools_fts', q.search, q.exact);
  // A search answers a page (the Schools screen's 50) and the total, not four screens' worth: every
  // screen that searches says its limit (Schools 50, home 3, suggestions 5-8).
  const limit = q.limit ?? (search ? SCHOOLS_PAGE_SIZE : SCHOOLS_LIST_LIMIT);
  // A search with no sort chosen: relevance order (decision 0701).
  if (search && !q.sort && !q.near) {
    const ranked = relevantSchools(db, now, search, where, where.length > 1, limit, q.cursor);
    if (ranked) return ranked;
  }
  if (search) where.push(sql`${schools.id} in (select rowid from schools_fts where schools_fts match ${search.lookup})`);
  const filter = and(...where);
  const rating = sql<number>`coalesce(${schoolStats.averageRating}, 0)`;
  const reviewTotal = sql<number>`coalesce(${schoolStats.reviewCount}, 0)`;

  let keyset: SQL | undefined;
  if (q.near) keyset = undefined;
  else if (q.sort === 'rating') {
    const k = decodeCursor(q.cursor, 'schools.rating', 'nnsn');
    if (k)
      keyset = sql`(${rating} < ${k[0]} or (${rating} = ${k[0]} and (${reviewTotal} < ${k[1]} or (${reviewTotal} = ${k[1]} and (${schools.name}, ${schools.id}) > (${k[2]}, ${k[3]})))))`;
  } else {
    const k = decodeCursor(q.cursor, 'schools.name', 'sn');
    keyset = afterCursor('asc', [schools.name, schools.id], k);
  }
  const columns = listColumns(now);
  if (q.near) {
    // Near me: nearest first with distanceMiles; the other filters still apply (decision 1250).
    const near = nearSchoolPage(db, { near: q.near, within: q.within, limit, cursor: q.cursor }, filter);
    const byId = new Map(
      near.page.length
        ? db
            .select(columns)
            .from(schools)
            .leftJoin(schoolStats, eq(schoolStats.schoolId, schools.id))
            .where(
              inArray(
                schools.id,
                near.page.map((s) => s.id),
              ),
            )
            .all()
            .map((r) => [r.id, r])
        : [],
    );
    const rows = near.page.map((s) => {
      const r = byId.get(s.id)!;
      return { ...r, averageRating: round(r.averageRating, 2), distanceMiles: oneDecimal(s.miles) };
    });
    return { total: near.total, next: near.next, rows, corrected: search?.corrected ?? null };
  }
  const total = db.select({ n: count() }).from(schools).where(filter).get()?.n ?? 0;
  const rows = db
    .select(columns)
    .from(schools)
    .leftJoin(schoolStats, eq(schoolStats.schoolId, schools.id))
    .where(and(filter, keyset))
    .orderBy(
      ...(q.sort === 'rating'
        ? [desc(rating), desc(reviewTotal), asc(schools.name), asc(schools.id)]
        : [asc(schools.name), asc(schools.id)]),
    )
    .limit(limit + 1)
    .all();
  const page =
    q.sort === 'rating'
      ? pageOf(rows, limit, 'schools.rating', (r) => [r.averageRating, r.reviewCount, r.name, r.id])
      : pageOf(rows, limit, 'schools.name', (r) => [r.name, r.id]);
  return {
    total,
    next: page.next,
    rows: page.rows.map((s) => ({ ...s, averageRating: round(s.averageRating, 2), distanceMiles: undefined as number | undefined })),
    corrected: search?.corrected ?? null,
  };
}

/** The columns of a school in the list: its kept rating and review count, and its open jobs counted now. */
function listColumns(now: Date) {
  return { ...columnsOf(schools, schoolShape), ...figureColumns(now) };
}

/** The figures of a school in the list that move without its row: its kept rating and review count, its open jobs counted now. */
function figureColumns(now: Date) {
  const since = oneMonthBefore(now);
  return {
    averageRating: sql<number>`coalesce(${schoolStats.averageRating}, 0)`,
    reviewCount: sql<number>`coalesce(${schoolStats.reviewCount}, 0)`,
    openJobsCount: sql<number>`(select count(*) from ${jobs} where ${jobs.schoolId} = ${schools.id} and ${jobs.isActive} = 1 and ${jobs.postedAt} >= ${since.getTime()} and ${jobs.postedAt} <= ${now.getTime()})`,
  };
}

/** Per connection: the figures of a page of schools in one prepared statement (ids as a JSON array). */
const figureStatements = new WeakMap<Database.Database, Database.Statement<unknown[]>>();

/** [id, average rating, review count, open jobs now] of these schools: what figureColumns reads. */
function figuresOf(db: DB, now: Date, ids: number[]): [number, number, number, number][] {
  let statement = figureStatements.get(db.$client);
  if (!statement) {
    statement = db.$client
      .prepare(
        `select s.id, coalesce(st.average_rating, 0), coalesce(st.review_count, 0),
                (select count(*) from jobs j where j.school_id = s.id and j.is_active = 1 and j.posted_at >= ? and j.posted_at <= ?)
         from json_each(?) p join schools s on s.id = p.value left join school_stats st on st.school_id = s.id`,
      )
      .raw();
    figureStatements.set(db.$client, statement);
  }
  return statement.all(oneMonthBefore(now).getTime(), now.getTime(), JSON.stringify(ids)) as [number, number, number, number][];
}

/**
 * The list's rows of these (active) schools, in this order: each school's row as kept in memory
 * for the current schools data version (register.ts), with its figures read now; read whole when
 * one is not kept.
 */
function searchRows(db: DB, now: Date, ids: number[]) {
  const kept = activeSchoolRows(db);
  if (ids.every((id) => kept.has(id))) {
    const figures = new Map(figuresOf(db, now, ids).map((f) => [f[0], f]));
    return ids.map((id) => {
      const [, averageRating, reviewCount, openJobsCount] = figures.get(id)!;
      return {
        ...kept.get(id)!,
        averageRating: round(averageRating, 2),
        reviewCount,
        openJobsCount,
        distanceMiles: undefined as number | undefined,
      };
    });
  }
  const byId = new Map(ids.length ? fullRows(db, now, ids).map((r) => [r.id, r]) : []);
  return ids.map((id) => {
    const r = byId.get(id)!;
    return { ...r, averageRating: round(r.averageRating, 2), distanceMiles: undefined as number | undefined };
  });
}

function fullRows(db: DB, now: Date, ids: number[]) {
  return db
    .select(listColumns(now))
    .from(schools)
    .leftJoin(schoolStats, eq(schoolStats.schoolId, schools.id))
    .where(inArray(schools.id, ids))
    .all();
}

/**
 * A page of the schools matching a search in relevance order, or null when there are more matches
 * than RELEVANCE_MAX (the list then keeps its name order).
 */
function relevantSchools(
  db: DB,
  now: Date,
  search: ResolvedSearch,
  where: (SQL | undefined)[],
  filtered: boolean,
  limit: number,
  cursor?: string,
) {
  // The matching ids, read once from the index (no column, no rank): how many there are says
  // whether the word is common, and a common word's ranking needs nothing else from SQLite.
  const ids = matchingIds(db, 'schools_fts', search.lookup);
  let matches: Match[];
  if (ids.length > WINDOW) {
    // A common word (more than WINDOW schools, "primary", "school"): the tiers, then the shorter
    // name, stand in for bm25, which would cost more than the rest of the answer (decision 0701,
    // Speed). The names come from the register kept in memory (register.ts): reading thousands of
    // rows of the table per search cost more than the rest of the answer. A filter (borough, type,
    // phase) is a set of ids read by its own indexes.
    const names = activeSchoolNames(db);
    const allowed = filtered
      ? new Set(db.all<{ id: number }>(sql`select ${schools.id} as id from ${schools} where ${and(...where)}`).map((r) => r.id))
      : null;
    matches = [];
    for (const id of ids) {
      const name = names.get(id);
      if (name !== undefined && (!allowed || allowed.has(id))) matches.push({ id, name, rank: wordCountOf(name) });
    }
  } else {
    // Raw rows (db.all), not the query builder's: mapping thousands of rows through it cost more than the query.
    matches = db.all<Match>(
      sql`select ${schools.id} as id, ${schools.name} as name, ${sql.raw(bm25Of('schools_fts'))} as rank from ${schools} join schools_fts on schools_fts.rowid = ${schools.id}
          where schools_fts match ${search.match} and ${and(...where)} limit ${RELEVANCE_MAX + 1}`,
    );
  }
  if (matches.length > RELEVANCE_MAX) return null;
  const page = relevancePage(matches, search.terms, 'schools.relevance', limit, cursor);
  const rows = searchRows(db, now, page.ids);
  return { total: page.total, next: page.next, rows, corrected: search.corrected };
}

/**
 * Product §3 school stats, from the figures kept over approved reviews; zeros when there are none.
 * Each sub-rating's average is over the reviews that gave it (a review may leave it unrated,
 * decision 2027), and `ratingCounts` says how many did; 0 with a count of 0 is "not rated".
 */
export function schoolStatsOf(db: DB, schoolId: number) {
  const s = preparedOn(db, 'schoolStatsOf', () =>
    db
      .select()
      .from(schoolStats)
      .where(eq(schoolStats.schoolId, sql.placeholder('id')))
      .prepare(),
  ).get({ id: schoolId });
  const n = s?.reviewCount ?? 0;
  const avg = (sum: number | undefined, count: number | undefined) => (count && sum != null ? round(sum / count, 2) : 0);
  return {
    averageRating: avg(s?.overallSum, n),
    totalReviews: n,
    workLifeBalance: avg(s?.workLifeBalanceSum, s?.workLifeBalanceCount),
    compensation: avg(s?.compensationSum, s?.compensationCount),
    careerOpportunities: avg(s?.careerOpportunitiesSum, s?.careerOpportunitiesCount),
    culture: avg(s?.cultureSum, s?.cultureCount),
    leadership: avg(s?.leadershipSum, s?.leadershipCount),
    recommendationRate: n ? Math.round(((s?.recommendCount ?? 0) / n) * 100) : 0,
    ratingCounts: {
      workLifeBalance: s?.workLifeBalanceCount ?? 0,
      compensation: s?.compensationCount ?? 0,
      careerOpportunities: s?.careerOpportunitiesCount ?? 0,
      culture: s?.cultureCount ?? 0,
      leadership: s?.leadershipCount ?? 0,
    },
  };
}

export function findSchool(db: DB, id: number) {
  const school = preparedOn(db, 'findSchool', () =>
    db
      .select()
      .from(schools)
      .where(eq(schools.id, sql.placeholder('id')))
      .prepare(),
  ).get({ id });
  if (!school) throw notFound('School');
  return school;
}
