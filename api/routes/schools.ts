import { and, asc, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { BOROUGHS, EDUCATION_LEVELS, MOODS, SCHOOL_TYPE_FILTERS, SCHOOL_TYPES, SCHOOLS_LIST_LIMIT } from '../../db/constants';
import type { DB } from '../../db/client';
import { interviewExperiences, jobs, reviews, schoolMoods, schools, schoolStats } from '../../db/schema';
import type { AppEnv } from '../context';
import { interviewInput, moodInput, reviewInput } from '../../db/validation';
import { ApiError, notFound } from '../lib/http-error';
import { oneMonthBefore } from '../lib/time';
import { ftsQuery, ftsSearch } from '../lib/fts';
import { cursorParam, decodeCursor, pageHeaders, pageOf } from '../lib/paging';
import { filterOf, idParam, limitOf, validate } from '../lib/validate';
import { idempotency } from '../middleware/idempotency';
import { rateLimit } from '../middleware/rate-limit';
import { requireUser } from '../middleware/session';
import { JOBS_PAGE_MAX, listJobs } from '../jobs/jobs.queries';
import { notHidden } from '../lib/reports';
import { checkNear, nearFields, nearSchoolPage, oneDecimal } from '../queries/near';

export const schoolsQuery = z.object({
  search: ftsSearch,
  borough: filterOf(BOROUGHS),
  type: filterOf(SCHOOL_TYPES as [string, ...string[]]),
  educationLevel: filterOf(EDUCATION_LEVELS),
  // Up to 5,000: the Schools screen grows its request in steps of 200 (decision 0303); the register, not
  // the contributions, bounds this list. Clients that page use the cursor.
  limit: limitOf(5000, SCHOOLS_LIST_LIMIT),
  /** name (default): alphabetical; rating: best reviewed first (the home page's spotlight). */
  sort: z.enum(['name', 'rating'], { message: 'Sort must be name or rating' }).optional(),
  cursor: cursorParam,
  ...nearFields,
}).superRefine(checkNear);

/** A school's reviews or interviews, a page at a time, newest first. */
export const contributionsQuery = z.object({ limit: limitOf(100, 20), cursor: cursorParam });

const round = (n: number | null | undefined, places = 1) => (n == null ? 0 : Number(n.toFixed(places)));

/**
 * The schools list in keyset pages. Ratings come from the kept school_stats row (a primary-key
 * lookup per school); open jobs are an indexed count per school of the page (the one-month window
 * moves with the clock, so it cannot be kept by a trigger).
 */
function listSchools(db: DB, now: Date, q: z.infer<typeof schoolsQuery>) {
  const where: (SQL | undefined)[] = [eq(schools.isActive, true)];
  const match = q.search ? ftsQuery(q.search) : null;
  if (match) where.push(sql`${schools.id} in (select rowid from schools_fts where schools_fts match ${match})`);
  if (q.borough) where.push(eq(schools.borough, q.borough));
  if (q.type) where.push(inArray(schools.type, [...SCHOOL_TYPE_FILTERS[q.type]]));
  if (q.educationLevel) where.push(sql`instr(coalesce(${schools.educationLevel}, ''), ${q.educationLevel}) > 0`);
  const filter = and(...where);
  const limit = q.limit ?? SCHOOLS_LIST_LIMIT;
  const rating = sql<number>`coalesce(${schoolStats.averageRating}, 0)`;
  const reviewTotal = sql<number>`coalesce(${schoolStats.reviewCount}, 0)`;

  let keyset: SQL | undefined;
  if (q.near) keyset = undefined;
  else if (q.sort === 'rating') {
    const k = decodeCursor(q.cursor, 'schools.rating', 'nnsn');
    if (k) keyset = sql`(${rating} < ${k[0]} or (${rating} = ${k[0]} and (${reviewTotal} < ${k[1]} or (${reviewTotal} = ${k[1]} and (${schools.name}, ${schools.id}) > (${k[2]}, ${k[3]})))))`;
  } else {
    const k = decodeCursor(q.cursor, 'schools.name', 'sn');
    if (k) keyset = sql`(${schools.name}, ${schools.id}) > (${k[0]}, ${k[1]})`;
  }
  const since = oneMonthBefore(now);
  const columns = {
    ...getTableColumns(schools),
    averageRating: rating,
    reviewCount: reviewTotal,
    openJobsCount: sql<number>`(select count(*) from ${jobs} where ${jobs.schoolId} = ${schools.id} and ${jobs.isActive} = 1 and ${jobs.postedAt} >= ${since.getTime()})`,
  };
  if (q.near) {
    // Near me: nearest first with distanceMiles; the other filters still apply (decision 1250).
    const near = nearSchoolPage(db, { near: q.near, within: q.within, limit, cursor: q.cursor }, filter);
    const byId = new Map(
      near.page.length
        ? db
            .select(columns)
            .from(schools)
            .leftJoin(schoolStats, eq(schoolStats.schoolId, schools.id))
            .where(inArray(schools.id, near.page.map((s) => s.id)))
            .all()
            .map((r) => [r.id, r])
        : [],
    );
    const rows = near.page.map((s) => {
      const r = byId.get(s.id)!;
      return { ...r, averageRating: round(r.averageRating, 2), distanceMiles: oneDecimal(s.miles) as number | undefined };
    });
    return { total: near.total, next: near.next, rows };
  }
  const total = db.select({ n: count() }).from(schools).where(filter).get()?.n ?? 0;
  const rows = db
    .select(columns)
    .from(schools)
    .leftJoin(schoolStats, eq(schoolStats.schoolId, schools.id))
    .where(and(filter, keyset))
    .orderBy(...(q.sort === 'rating' ? [desc(rating), desc(reviewTotal), asc(schools.name), asc(schools.id)] : [asc(schools.name), asc(schools.id)]))
    .limit(limit + 1)
    .all();
  const page =
    q.sort === 'rating'
      ? pageOf(rows, limit, 'schools.rating', (r) => [r.averageRating, r.reviewCount, r.name, r.id])
      : pageOf(rows, limit, 'schools.name', (r) => [r.name, r.id]);
  return { total, next: page.next, rows: page.rows.map((s) => ({ ...s, averageRating: round(s.averageRating, 2), distanceMiles: undefined as number | undefined })) };
}

/** Product §3 school stats, from the figures kept over approved reviews; zeros when there are none. */
export function schoolStatsOf(db: DB, schoolId: number) {
  const s = db.select().from(schoolStats).where(eq(schoolStats.schoolId, schoolId)).get();
  const n = s?.reviewCount ?? 0;
  const avg = (sum: number | undefined) => (n && sum != null ? round(sum / n, 2) : 0);
  return {
    averageRating: avg(s?.overallSum),
    totalReviews: n,
    workLifeBalance: avg(s?.workLifeBalanceSum),
    compensation: avg(s?.compensationSum),
    careerOpportunities: avg(s?.careerOpportunitiesSum),
    culture: avg(s?.cultureSum),
    leadership: avg(s?.leadershipSum),
    recommendationRate: n ? Math.round(((s?.recommendCount ?? 0) / n) * 100) : 0,
  };
}

/** Product §3 mood statistics from the kept counts; never says who set a mood. */
export function moodStats(db: DB, schoolId: number) {
  const s = db.select().from(schoolStats).where(eq(schoolStats.schoolId, schoolId)).get();
  const byMood = new Map<string, number>([
    ['excited', s?.excitedCount ?? 0],
    ['happy', s?.happyCount ?? 0],
    ['neutral', s?.neutralCount ?? 0],
    ['frustrated', s?.frustratedCount ?? 0],
    ['stressed', s?.stressedCount ?? 0],
  ]);
  const totalMoods = [...byMood.values()].reduce((sum, n) => sum + n, 0);
  const sentimentSum = MOODS.reduce((sum, m) => sum + m.sentiment * (byMood.get(m.mood) ?? 0), 0);
  const recentComments = db
    .select({ id: schoolMoods.id, mood: schoolMoods.mood, emoji: schoolMoods.emoji, comment: schoolMoods.comment, updatedAt: schoolMoods.updatedAt })
    .from(schoolMoods)
    .where(and(eq(schoolMoods.schoolId, schoolId), sql`${schoolMoods.comment} is not null`, notHidden('mood', schoolMoods.id)))
    .orderBy(desc(schoolMoods.updatedAt))
    .limit(5)
    .all()
    .map((m) => ({ ...m, comment: m.comment as string }));
  return {
    totalMoods,
    averageSentiment: totalMoods ? round(sentimentSum / totalMoods, 2) : 0,
    moodBreakdown: MOODS.map((m) => {
      const n = byMood.get(m.mood) ?? 0;
      return { mood: m.mood, emoji: m.emoji, label: m.label, count: n, percentage: totalMoods ? Math.round((n / totalMoods) * 100) : 0 };
    }),
    recentComments,
  };
}

function findSchool(db: DB, id: number) {
  const school = db.select().from(schools).where(eq(schools.id, id)).get();
  if (!school) throw notFound('School');
  return school;
}

/** A review as the public sees it: who wrote it is never part of the answer. */
const publicReview = (() => {
  const { userId: _u, rejectedAt: _r, rejectionReason: _rr, ...columns } = getTableColumns(reviews);
  return columns;
})();
/** A review as its author reads it back: moderation state, no user id. */
const ownReview = (() => {
  const { userId: _u, ...columns } = getTableColumns(reviews);
  return columns;
})();
const publicInterview = (() => {
  const { userId: _u, ...columns } = getTableColumns(interviewExperiences);
  return columns;
})();

export const schoolsRoutes = new Hono<AppEnv>()
  .get('/', validate('query', schoolsQuery), (c) => {
    const { total, next, rows } = listSchools(c.get('db'), c.get('now')(), c.req.valid('query'));
    pageHeaders(c, total, next);
    return c.json(rows);
  })
  .get('/:id', validate('param', idParam), (c) => {
    const db = c.get('db');
    const school = findSchool(db, c.req.valid('param').id);
    const jobsPage = listJobs(db, c.get('now')(), { schoolId: school.id, limit: JOBS_PAGE_MAX, withoutTotal: true });
    return c.json({ ...school, stats: schoolStatsOf(db, school.id), jobs: jobsPage.rows });
  })
  .get('/:id/reviews', validate('param', idParam), validate('query', contributionsQuery), (c) => {
    const db = c.get('db');
    const school = findSchool(db, c.req.valid('param').id);
    const { limit = 20, cursor } = c.req.valid('query');
    const k = decodeCursor(cursor, 'reviews', 'nn');
    const rows = db
      .select({ ...publicReview, at: sql<number>`${reviews.createdAt}` })
      .from(reviews)
      .where(and(eq(reviews.schoolId, school.id), eq(reviews.isApproved, true), k ? sql`(${reviews.createdAt}, ${reviews.id}) < (${k[0]}, ${k[1]})` : undefined))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(limit + 1)
      .all();
    const page = pageOf(rows, limit, 'reviews', (r) => [r.at, r.id]);
    pageHeaders(c, schoolStatsOf(db, school.id).totalReviews, page.next);
    return c.json(page.rows.map(({ at: _a, ...r }) => r));
  })
  .get('/:id/interviews', validate('param', idParam), validate('query', contributionsQuery), (c) => {
    const db = c.get('db');
    const school = findSchool(db, c.req.valid('param').id);
    const { limit = 20, cursor } = c.req.valid('query');
    const k = decodeCursor(cursor, 'interviews', 'nn');
    const rows = db
      .select({ ...publicInterview, at: sql<number>`${interviewExperiences.createdAt}` })
      .from(interviewExperiences)
      .where(and(eq(interviewExperiences.schoolId, school.id), notHidden('interview', interviewExperiences.id), k ? sql`(${interviewExperiences.createdAt}, ${interviewExperiences.id}) < (${k[0]}, ${k[1]})` : undefined))
      .orderBy(desc(interviewExperiences.createdAt), desc(interviewExperiences.id))
      .limit(limit + 1)
      .all();
    const page = pageOf(rows, limit, 'interviews', (r) => [r.at, r.id]);
    const total = db.select({ n: schoolStats.interviewCount }).from(schoolStats).where(eq(schoolStats.schoolId, school.id)).get()?.n ?? 0;
    pageHeaders(c, total, page.next);
    return c.json(page.rows.map(({ at: _a, ...r }) => r));
  })
  .get('/:id/mood-stats', validate('param', idParam), (c) => {
    const db = c.get('db');
    const school = findSchool(db, c.req.valid('param').id);
    return c.json(moodStats(db, school.id));
  })
  // Contributions (issue 4). Stored as typed; the answer is the author's own row, without user id.
  .post('/:id/reviews', requireUser, idempotency, rateLimit, validate('param', idParam), validate('json', reviewInput), (c) => {
    const db = c.get('db');
    const school = findSchool(db, c.req.valid('param').id);
    const input = c.req.valid('json');
    const row = db
      .insert(reviews)
      .values({ ...input, adviceToManagement: input.adviceToManagement ?? null, schoolId: school.id, userId: c.get('user')!.id, isApproved: false, createdAt: c.get('now')() })
      .returning(ownReview)
      .get();
    return c.json({ ...row, status: 'pending' as const }, 201);
  })
  .post('/:id/interviews', requireUser, idempotency, rateLimit, validate('param', idParam), validate('json', interviewInput), (c) => {
    const db = c.get('db');
    const school = findSchool(db, c.req.valid('param').id);
    const input = c.req.valid('json');
    const row = db
      .insert(interviewExperiences)
      .values({
        ...input,
        questionsAsked: input.questionsAsked ?? null,
        tipsForCandidates: input.tipsForCandidates ?? null,
        overallExperience: input.overallExperience ?? null,
        schoolId: school.id,
        userId: c.get('user')!.id,
        createdAt: c.get('now')(),
      })
      .returning(publicInterview)
      .get();
    return c.json(row, 201);
  })
  .get('/:id/user-mood', requireUser, validate('param', idParam), (c) => {
    const db = c.get('db');
    const school = findSchool(db, c.req.valid('param').id);
    return c.json(findMood(db, school.id, c.get('user')!.id) ?? null);
  })
  // One mood per user and school: POST creates (409 when one exists), PUT updates (404 when none).
  .post('/:id/mood', requireUser, idempotency, rateLimit, validate('param', idParam), validate('json', moodInput), (c) => {
    const db = c.get('db');
    const school = findSchool(db, c.req.valid('param').id);
    const userId = c.get('user')!.id;
    const input = c.req.valid('json');
    const now = c.get('now')();
    const inserted = db
      .insert(schoolMoods)
      .values({ schoolId: school.id, userId, emoji: input.emoji, mood: input.mood, comment: input.comment ?? null, anonymous: input.anonymous, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .run();
    if (!inserted.changes) throw new ApiError(409, { error: 'You have already shared your mood for this school; update it instead' });
    return c.json(findMood(db, school.id, userId)!, 201);
  })
  .put('/:id/mood', requireUser, idempotency, rateLimit, validate('param', idParam), validate('json', moodInput), (c) => {
    const db = c.get('db');
    const school = findSchool(db, c.req.valid('param').id);
    const userId = c.get('user')!.id;
    const input = c.req.valid('json');
    const updated = db
      .update(schoolMoods)
      .set({ emoji: input.emoji, mood: input.mood, comment: input.comment ?? null, anonymous: input.anonymous, updatedAt: c.get('now')() })
      .where(and(eq(schoolMoods.schoolId, school.id), eq(schoolMoods.userId, userId)))
      .run();
    if (!updated.changes) throw notFound('Mood');
    return c.json(findMood(db, school.id, userId)!);
  });

/** The user's own mood for a school as product §3 reads it (plus the school id), or undefined. */
function findMood(db: DB, schoolId: number, userId: string) {
  return db
    .select({ schoolId: schoolMoods.schoolId, emoji: schoolMoods.emoji, mood: schoolMoods.mood, comment: schoolMoods.comment, anonymous: schoolMoods.anonymous, createdAt: schoolMoods.createdAt, updatedAt: schoolMoods.updatedAt })
    .from(schoolMoods)
    .where(and(eq(schoolMoods.schoolId, schoolId), eq(schoolMoods.userId, userId)))
    .get();
}
