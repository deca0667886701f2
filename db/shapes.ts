// The public shape of each resource (decision 0006): what an answer of the API may carry, derived
// from the tables in db/schema.ts (drizzle-zod), beside the input shapes of core/validation.ts. The
// routes declare them as their response schemas and select exactly their columns (columnsOf), so
// an author's id or a moderation note cannot reach the public by a forgotten destructure.
import { getTableColumns, type Table } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import {
  forumCategories,
  forumPosts,
  forumThreads,
  interviewExperiences,
  jobs,
  payScales,
  reviews,
  salaries,
  schoolMoods,
  schools,
} from './schema';

/** The fields of `row` that `shape` names, and no others (an answer built from a wider row). */
export function pickShape<S extends z.ZodObject, R extends Record<string, unknown>>(shape: S, row: R) {
  return Object.fromEntries(Object.keys(shape.shape).map((k) => [k, row[k]])) as Pick<R, keyof S['shape'] & keyof R>;
}

/** The table's columns named by a shape: a select of exactly what the shape may answer. */
export function columnsOf<T extends Table, S extends z.ZodObject>(table: T, shape: S) {
  const all = getTableColumns(table) as Record<string, unknown>;
  return Object.fromEntries(Object.keys(shape.shape).map((k) => [k, all[k]])) as Pick<
    T['_']['columns'],
    keyof S['shape'] & keyof T['_']['columns']
  >;
}

/** A pay scale point as the public reads it (product §3). */
export const payScaleShape = createSelectSchema(payScales).omit({ createdAt: true });

/** A job as the public reads it: every column but the feed's own id for it (a school's pay scale pick is its form's, not the public's). */
export const jobShape = createSelectSchema(jobs).omit({ externalId: true, payScale: true });

/** The school a job is at, as a job names it. */
export const jobSchoolShape = z.object({ id: z.number().int(), name: z.string(), type: z.string().nullable() });

/** The school a job page names: what its JobPosting markup needs too (address, website, the register's URN). */
export const jobPageSchoolShape = jobSchoolShape.extend({
  urn: z.number().int(),
  address: z.string().nullable(),
  postcode: z.string().nullable(),
  borough: z.string(),
  website: z.string().nullable(),
});

/** A school as the register describes it (every column is public). */
export const schoolShape = createSelectSchema(schools);

/** A review as the public reads it: who wrote it, and a rejection's reason, are never part of it. */
export const reviewShape = createSelectSchema(reviews).omit({ userId: true, rejectedAt: true, rejectionReason: true });

/** A review as its author reads it back after writing it: its moderation state, still no user id. */
export const ownReviewShape = createSelectSchema(reviews).omit({ userId: true });

/** An interview experience as the public reads it: no user id, no moderation state (the public sees approved ones only). */
export const interviewShape = createSelectSchema(interviewExperiences).omit({ userId: true, isApproved: true });

/** The signed-in user's own mood for a school (product §3), with the school's id. */
export const ownMoodShape = createSelectSchema(schoolMoods).pick({
  schoolId: true,
  emoji: true,
  mood: true,
  comment: true,
  anonymous: true,
  createdAt: true,
  updatedAt: true,
});

/** A mood comment as the school page shows it: never who set it. */
export const moodCommentShape = createSelectSchema(schoolMoods)
  .pick({ id: true, mood: true, emoji: true, updatedAt: true })
  .extend({ comment: z.string() });

/** A salary submission as its author reads it back: no user id, no publication batch. */
export const ownSalaryShape = createSelectSchema(salaries).omit({ userId: true, publishedAt: true, withdrawnAt: true });

/** How far moderation has got with a contribution. */
export const approvalStatus = z.enum(['approved', 'pending', 'rejected']);

/** A forum category. */
export const categoryShape = createSelectSchema(forumCategories).pick({ id: true, name: true, description: true, slug: true, order: true });

/** A thread as the forum shows it: its author only by first name, never by id. */
export const threadShape = createSelectSchema(forumThreads)
  .omit({ userId: true, lastReplyUserId: true, rejectedAt: true, rejectionReason: true })
  .extend({
    status: approvalStatus,
    rejectionReason: z.string().nullable().optional().describe('Only on a rejected thread, for its author'),
    category: categoryShape.pick({ id: true, name: true, slug: true }),
    user: z.object({ firstName: z.string().nullable() }),
  });

/** A reply as the thread page lists it: its author only by first name. */
export const replyShape = createSelectSchema(forumPosts)
  .pick({
    id: true,
    parentPostId: true,
    content: true,
    isApproved: true,
    createdAt: true,
    updatedAt: true,
    editedAt: true,
    deletedAt: true,
  })
  .extend({ status: approvalStatus, user: z.object({ firstName: z.string().nullable() }) });

/** The fields of a review its author may change (decision 2020), as a pending edit shows them. */
export const reviewFieldsShape = createSelectSchema(reviews).pick({
  overallRating: true,
  workLifeBalanceRating: true,
  compensationRating: true,
  careerOpportunitiesRating: true,
  cultureRating: true,
  leadershipRating: true,
  pros: true,
  cons: true,
  adviceToManagement: true,
  wouldRecommend: true,
  employmentStatus: true,
  jobTitle: true,
  yearsAtSchool: true,
});

/** The fields of an interview experience its author may change (decision 2020). */
export const interviewFieldsShape = createSelectSchema(interviewExperiences).pick({
  jobTitle: true,
  interviewDifficulty: true,
  processDescription: true,
  questionsAsked: true,
  tipsForCandidates: true,
  outcome: true,
  overallExperience: true,
});

/** An edit waiting for a moderator: the proposed fields and when they were sent. */
export const pendingEditOf = <S extends z.ZodObject>(fields: S) => z.object({ fields, submittedAt: z.date() }).nullable();
