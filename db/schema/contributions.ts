// What teachers contribute and the forum: reviews, interviews, salaries, moods, threads and replies,
// moderation, reports, saved jobs, pay scales and idempotency keys.
import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import {
  EMPLOYMENT_STATUSES,
  INTERVIEW_DIFFICULTIES,
  INTERVIEW_OUTCOMES,
  MOOD_VALUES,
  RATING_MAX,
  RATING_MIN,
  SALARY_MAX,
  SALARY_MIN,
  TEXT_MAX,
} from '../../core/constants';
import { createdAt, updatedAt, maxLen, oneOf, num, rating, bool, authorEdits, moderation } from './columns';
import { users, schools, jobs } from './places';

export const reviews = sqliteTable(
  'reviews',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id').references(() => users.id),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    overallRating: integer('overall_rating').notNull(),
    /** The five sub-ratings are optional: null is "not rated" and counts in no average (decision 2027). */
    workLifeBalanceRating: integer('work_life_balance_rating'),
    compensationRating: integer('compensation_rating'),
    careerOpportunitiesRating: integer('career_opportunities_rating'),
    cultureRating: integer('culture_rating'),
    leadershipRating: integer('leadership_rating'),
    pros: text('pros').notNull(),
    cons: text('cons').notNull(),
    adviceToManagement: text('advice_to_management'),
    wouldRecommend: bool('would_recommend').notNull(),
    employmentStatus: text('employment_status'),
    jobTitle: text('job_title'),
    yearsAtSchool: text('years_at_school'),
    isApproved: bool('is_approved').notNull().default(false),
    ...moderation,
    createdAt: createdAt(),
  },
  (t) => [
    rating('reviews', t.overallRating),
    rating('reviews', t.workLifeBalanceRating),
    rating('reviews', t.compensationRating),
    rating('reviews', t.careerOpportunitiesRating),
    rating('reviews', t.cultureRating),
    rating('reviews', t.leadershipRating),
    oneOf('reviews', t.employmentStatus, EMPLOYMENT_STATUSES),
    maxLen('reviews', t.jobTitle, TEXT_MAX.name),
    maxLen('reviews', t.yearsAtSchool, TEXT_MAX.band),
    index('reviews_school_idx').on(t.schoolId, t.isApproved, t.createdAt, t.id),
    index('reviews_user_idx').on(t.userId),
  ],
);

export const interviewExperiences = sqliteTable(
  'interview_experiences',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id').references(() => users.id),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    jobTitle: text('job_title').notNull(),
    interviewDifficulty: text('interview_difficulty'),
    processDescription: text('process_description').notNull(),
    questionsAsked: text('questions_asked'),
    tipsForCandidates: text('tips_for_candidates'),
    outcome: text('outcome'),
    overallExperience: integer('overall_experience'),
    /** Published at once; false while hidden by reports until a moderator decides (decision 1422). */
    isApproved: bool('is_approved').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    // is_approved's CHECK (0 or 1) is inline in migration 0022: added by ALTER TABLE ADD COLUMN,
    // because declaring it here would make drizzle-kit rebuild the table and drop its triggers
    // (kept counts, data versions).
    maxLen('interviews', t.jobTitle, TEXT_MAX.name),
    oneOf('interviews', t.interviewDifficulty, INTERVIEW_DIFFICULTIES),
    oneOf('interviews', t.outcome, INTERVIEW_OUTCOMES),
    check(
      'interviews_overall_experience_range',
      sql`${t.overallExperience} is null or ${t.overallExperience} between ${num(RATING_MIN)} and ${num(RATING_MAX)}`,
    ),
    index('interviews_school_idx').on(t.schoolId, t.createdAt, t.id),
    index('interviews_user_idx').on(t.userId),
  ],
);

export const salaries = sqliteTable(
  'salaries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id').references(() => users.id),
    jobTitle: text('job_title').notNull(),
    schoolType: text('school_type').notNull(),
    borough: text('borough').notNull(),
    yearsExperience: text('years_experience').notNull(),
    annualSalary: integer('annual_salary').notNull(),
    additionalBenefits: text('additional_benefits'),
    /** Set by the batch that first counted this row in the published figures (decision 1420); null while held back. */
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }),
    /**
     * Set when its author took back a published submission: it stays counted until a batch can
     * remove it with at least k other changes in each of its groups (decision 2020), then goes.
     */
    withdrawnAt: integer('withdrawn_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    maxLen('salaries', t.jobTitle, TEXT_MAX.name),
    maxLen('salaries', t.schoolType, TEXT_MAX.label),
    maxLen('salaries', t.borough, TEXT_MAX.label),
    maxLen('salaries', t.yearsExperience, TEXT_MAX.band),
    check('salaries_annual_salary_range', sql`${t.annualSalary} between ${num(SALARY_MIN)} and ${num(SALARY_MAX)}`),
    index('salaries_created_idx').on(t.createdAt),
    index('salaries_user_idx').on(t.userId),
    index('salaries_published_idx').on(t.publishedAt, t.createdAt),
  ],
);

/**
 * Answers computed in batches and read whole by one primary-key lookup (decision 1420):
 * `salaries.stats` and `salaries.recent`. No request aggregates over the raw rows.
 */
export const publishedStats = sqliteTable('published_stats', {
  name: text('name').primaryKey(),
  body: text('body', { mode: 'json' }).notNull().$type<unknown>(),
  publishedAt: integer('published_at', { mode: 'timestamp_ms' }).notNull(),
});

export const savedJobs = sqliteTable(
  'saved_jobs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('saved_jobs_user_job_idx').on(t.userId, t.jobId)],
);

export const payScales = sqliteTable(
  'pay_scales',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    paySpine: text('pay_spine').notNull(),
    /** Position on the spine, for ordering; `pointLabel` is how the sources name it (M1, U3, maximum). */
    point: integer('point').notNull(),
    pointLabel: text('point_label'),
    annualSalary: integer('annual_salary').notNull(),
    region: text('region').notNull().default('England'),
    effectiveDate: text('effective_date').notNull(),
    description: text('description'),
    source: text('source'),
    /** The source's own warning, quoted, when its figures are not final (decision 0307); null for confirmed figures. */
    caveat: text('caveat'),
    createdAt: createdAt(),
  },
  (t) => [
    maxLen('pay_scales', t.paySpine, TEXT_MAX.band),
    maxLen('pay_scales', t.region, TEXT_MAX.label),
    uniqueIndex('pay_scales_key_idx').on(t.region, t.paySpine, t.effectiveDate, t.point),
  ],
);

export const schoolMoods = sqliteTable(
  'school_moods',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    /** null once the author deleted their account (decision 1421): the mood stays, unlinked. */
    userId: text('user_id').references(() => users.id),
    emoji: text('emoji').notNull(),
    mood: text('mood').notNull(),
    comment: text('comment'),
    anonymous: bool('anonymous').notNull().default(false),
    /**
     * Whether its comment is public: false while hidden by reports until a moderator decides
     * (decision 1422). Its mood still counts in the school's figures either way.
     */
    isApproved: bool('is_approved').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // is_approved's CHECK (0 or 1) is inline in migration 0022, as for interviews.
    maxLen('school_moods', t.emoji, TEXT_MAX.emoji),
    maxLen('school_moods', t.mood, TEXT_MAX.band),
    oneOf('school_moods', t.mood, MOOD_VALUES),
    uniqueIndex('school_moods_school_user_idx').on(t.schoolId, t.userId),
  ],
);

export const forumCategories = sqliteTable(
  'forum_categories',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    description: text('description'),
    slug: text('slug').notNull().unique(),
    order: integer('order').notNull().default(0),
    isActive: bool('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [maxLen('forum_categories', t.name, TEXT_MAX.label), maxLen('forum_categories', t.slug, TEXT_MAX.label)],
);

export const forumThreads = sqliteTable(
  'forum_threads',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => forumCategories.id),
    userId: text('user_id').references(() => users.id),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    content: text('content').notNull(),
    isSticky: bool('is_sticky').notNull().default(false),
    isLocked: bool('is_locked').notNull().default(false),
    isApproved: bool('is_approved').notNull().default(false),
    viewCount: integer('view_count').notNull().default(0),
    replyCount: integer('reply_count').notNull().default(0),
    lastReplyAt: integer('last_reply_at', { mode: 'timestamp_ms' }),
    lastReplyUserId: text('last_reply_user_id').references(() => users.id),
    ...moderation,
    ...authorEdits,
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    maxLen('forum_threads', t.title, TEXT_MAX.threadTitle),
    maxLen('forum_threads', t.slug, TEXT_MAX.threadTitle),
    index('forum_threads_category_idx').on(t.categoryId, t.isApproved, t.isSticky, t.createdAt, t.id),
    index('forum_threads_list_idx').on(t.isApproved, t.isSticky, t.createdAt, t.id),
    index('forum_threads_user_idx').on(t.userId),
  ],
);

export const forumPosts = sqliteTable(
  'forum_posts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    threadId: integer('thread_id')
      .notNull()
      .references(() => forumThreads.id),
    userId: text('user_id').references(() => users.id),
    content: text('content').notNull(),
    isApproved: bool('is_approved').notNull().default(false),
    parentPostId: integer('parent_post_id').references((): AnySQLiteColumn => forumPosts.id),
    ...moderation,
    ...authorEdits,
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('forum_posts_thread_idx').on(t.threadId, t.isApproved, t.createdAt, t.id)],
);

export const forumModerators = sqliteTable(
  'forum_moderators',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => forumCategories.id),
    canEdit: bool('can_edit').notNull().default(true),
    canDelete: bool('can_delete').notNull().default(true),
    canApprove: bool('can_approve').notNull().default(true),
    canLock: bool('can_lock').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('forum_moderators_user_category_idx').on(t.userId, t.categoryId)],
);

/** Every moderation decision: who, when, what (issue: moderation). */
export const moderationLog = sqliteTable('moderation_log', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  /** null once the moderator deleted their account (decision 1421). */
  actorUserId: text('actor_user_id').references(() => users.id),
  kind: text('kind').notNull(),
  targetId: integer('target_id').notNull(),
  action: text('action').notNull(),
  reason: text('reason'),
  createdAt: createdAt(),
});

export const REPORT_KINDS = ['review', 'interview', 'mood', 'thread', 'reply'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** A user's report of a contribution (decision 1422); one per user and item. */
export const reports = sqliteTable(
  'reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind').notNull().$type<ReportKind>(),
    targetId: integer('target_id').notNull(),
    /** The reporter; null once they deleted their account (the report still counts). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * A keyed hash (HMAC-SHA-256 with a server secret) of the reporter's identity, kept after the
     * account is deleted: one person counts once per item however often the account is re-created.
     * Null only on reports made before it existed.
     */
    reporterKey: text('reporter_key'),
    reason: text('reason').notNull(),
    /**
     * Made by a live member of the school the item is about (a review, interview or mood of their
     * own school): kept for the moderators, never counted towards hiding (decision 2111).
     */
    fromSchoolStaff: bool('from_school_staff').notNull().default(false),
    /** When a moderator decided on the item; decided reports no longer count towards hiding. */
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    oneOf('reports', t.kind, REPORT_KINDS),
    maxLen('reports', t.reason, TEXT_MAX.reason),
    uniqueIndex('reports_user_item_idx').on(t.kind, t.targetId, t.userId),
    uniqueIndex('reports_reporter_item_idx').on(t.kind, t.targetId, t.reporterKey),
  ],
);

/** Items hidden from the public after REPORT_HIDE_THRESHOLD reports, until a moderator decides. */
export const hiddenContent = sqliteTable(
  'hidden_content',
  {
    kind: text('kind').notNull().$type<ReportKind>(),
    targetId: integer('target_id').notNull(),
    hiddenAt: integer('hidden_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.targetId] })],
);

/** Answers remembered per (user, Idempotency-Key) so a replayed submission writes nothing new. */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    userId: text('user_id').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** null while the first request is still in flight. */
    status: integer('status'),
    body: text('body'),
    /** sha256 of method, path and request body: a reuse with another body is refused (422). Null on rows from before. */
    requestHash: text('request_hash'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_created_idx').on(t.createdAt)],
);

export type Review = typeof reviews.$inferSelect;
export type Salary = typeof salaries.$inferSelect;
