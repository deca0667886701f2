import { and, asc, count, desc, eq, getTableColumns, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { BOROUGHS, EDUCATION_LEVELS, MOODS, SCHOOL_TYPE_FILTERS, SCHOOL_TYPES, SCHOOLS_LIST_LIMIT } from '../../db/constants';
import type { DB } from '../../db/client';
import { interviewExperiences, jobs, reviews, schoolMoods, schools } from '../../db/schema';
import type { AppEnv } from '../context';
import { interviewInput, moodInput, reviewInput } from '../../db/validation';
import { ApiError, notFound } from '../lib/http-error';
import { oneMonthBefore } from '../lib/time';
import { filterOf, idParam, limitOf, searchText, validate } from '../lib/validate';
import { idempotency } from '../middleware/idempotency';
import { rateLimit } from '../middleware/rate-limit';
import { requireUser } from '../middleware/session';
import { listJobs } from './jobs';
import { notHidden } from '../lib/reports';

export const schoolsQuery = z.object({
  search: searchText,
  borough: filterOf(BOROUGHS),
  type: filterOf(SCHOOL_TYPES as [string, ...string[]]),
  educationLevel: filterOf(EDUCATION_LEVELS),
  limit: limitOf(5000, SCHOOLS_LIST_LIMIT),
  /** name (default): alphabetical; rating: best reviewed first (the home page's spotlight). */
  sort: z.enum(['name', 'rating'], { message: 'Sort must be name or rating' }).optional(),
});

const round = (n: number | null | undefined, places = 1) => (n == null ? 0 : Number(n.toFixed(places)));

function listSchools(db: DB, now: Date, q: z.infer<typeof schoolsQuery>) {
  const ratings = db
    .select({ schoolId: reviews.schoolId, average: sql<number>`avg(${reviews.overallRating})`.as('average'), total: count().as('total') })
    .from(reviews)
    .where(eq(reviews.isApproved, true))
    .groupBy(reviews.schoolId)
    .as('ratings');
  const openJobs = db
    .select({ schoolId: jobs.schoolId, open: count().as('open') })
    .from(jobs)
    .where(and(eq(jobs.isActive, true), gte(jobs.postedAt, oneMonthBefore(now))))
    .groupBy(jobs.schoolId)
    .as('open_jobs');

  const where: (SQL | undefined)[] = [eq(schools.isActive, true)];
  if (q.search) where.push(sql`instr(lower(${schools.name}), lower(${q.search})) > 0`);
  if (q.borough) where.push(eq(schools.borough, q.borough));
  if (q.type) where.push(inArray(schools.type, [...SCHOOL_TYPE_FILTERS[q.type]]));
  if (q.educationLevel) where.push(sql`instr(coalesce(${schools.educationLevel}, ''), ${q.educationLevel}) > 0`);
  const filter = and(...where);

  const total = db.select({ n: count() }).from(schools).where(filter).get()?.n ?? 0;
  const rows = db
    .select({
      ...getTableColumns(schools),
      averageRating: sql<number>`coalesce(${ratings.average}, 0)`,
      reviewCount: sql<number>`coalesce(${ratings.total}, 0)`,
      openJobsCount: sql<number>`coalesce(${openJobs.open}, 0)`,
    })
    .from(schools)
    .leftJoin(ratings, eq(ratings.schoolId, schools.id))
    .leftJoin(openJobs, eq(openJobs.schoolId, schools.id))
    .where(filter)
    .orderBy(...(q.sort === 'rating' ? [desc(sql`coalesce(${ratings.average}, 0)`), desc(sql`coalesce(${ratings.total}, 0)`), asc(schools.name)] : [asc(schools.name), asc(schools.id)]))
    .limit(q.limit ?? SCHOOLS_LIST_LIMIT)
    .all()
    .map((s) => ({ ...s, averageRating: round(s.averageRating, 2) }));
  return { total, rows };
}

/** Spec §3 school stats, from approved reviews only; zeros when there are none. */
export function schoolStats(db: DB, schoolId: number) {
  const s = db
    .select({
      averageRating: sql<number | null>`avg(${reviews.overallRating})`,
      totalReviews: count(),
      workLifeBalance: sql<number | null>`avg(${reviews.workLifeBalanceRating})`,
      compensation: sql<number | null>`avg(${reviews.compensationRating})`,
      careerOpportunities: sql<number | null>`avg(${reviews.careerOpportunitiesRating})`,
      culture: sql<number | null>`avg(${reviews.cultureRating})`,
      leadership: sql<number | null>`avg(${reviews.leadershipRating})`,
      recommended: sql<number | null>`sum(${reviews.wouldRecommend})`,
    })
    .from(reviews)
    .where(and(eq(reviews.schoolId, schoolId), eq(reviews.isApproved, true)))
    .get()!;
  return {
    averageRating: round(s.averageRating, 2),
    totalReviews: s.totalReviews,
    workLifeBalance: round(s.workLifeBalance, 2),
    compensation: round(s.compensation, 2),
    careerOpportunities: round(s.careerOpportunities, 2),
    culture: round(s.culture, 2),
    leadership: round(s.leadership, 2),
    recommendationRate: s.totalReviews ? Math.round(((s.recommended ?? 0) / s.totalReviews) * 100) : 0,
  };
}

/** Spec §3 mood statistics; never says who set a mood. */
export function moodStats(db: DB, schoolId: number) {
  const rows = db
    .select({ mood: schoolMoods.mood, n: count() })
    .from(schoolMoods)
    .where(eq(schoolMoods.schoolId, schoolId))
    .groupBy(schoolMoods.mood)
    .all();
  const byMood = new Map(rows.map((r) => [r.mood, r.n]));
  const totalMoods = rows.reduce((sum, r) => sum + r.n, 0);
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
    const { total, rows } = listSchools(c.get('db'), c.get('now')(), c.req.valid('query'));
    c.header('X-Total-Count', String(total));
    return c.json(rows);
  })
  .get('/:id', validate('param', idParam), (c) => {
    const db = c.get('db');
    const school = findSchool(db, c.req.valid('param').id);
    return c.json({ ...school, stats: schoolStats(db, school.id), jobs: listJobs(db, c.get('now')(), { schoolId: school.id }) });
  })
  .get('/:id/reviews', validate('param', idParam), (c) => {
    const db = c.get('db');
    const school = findSchool(db, c.req.valid('param').id);
    return c.json(
      db
        .select(publicReview)
        .from(reviews)
        .where(and(eq(reviews.schoolId, school.id), eq(reviews.isApproved, true)))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .all(),
    );
  })
  .get('/:id/interviews', validate('param', idParam), (c) => {
    const db = c.get('db');
    const school = findSchool(db, c.req.valid('param').id);
    return c.json(
      db
        .select(publicInterview)
        .from(interviewExperiences)
        .where(and(eq(interviewExperiences.schoolId, school.id), notHidden('interview', interviewExperiences.id)))
        .orderBy(desc(interviewExperiences.createdAt), desc(interviewExperiences.id))
        .all(),
    );
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

/** The user's own mood for a school as spec §3 reads it (plus the school id), or undefined. */
function findMood(db: DB, schoolId: number, userId: string) {
  return db
    .select({ schoolId: schoolMoods.schoolId, emoji: schoolMoods.emoji, mood: schoolMoods.mood, comment: schoolMoods.comment, anonymous: schoolMoods.anonymous, createdAt: schoolMoods.createdAt, updatedAt: schoolMoods.updatedAt })
    .from(schoolMoods)
    .where(and(eq(schoolMoods.schoolId, schoolId), eq(schoolMoods.userId, userId)))
    .get();
}
