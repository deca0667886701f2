// Job alerts, push subscriptions, closing-date reminders, and the kept figures (school stats, counts,
// data versions, job day counts).
import { index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { TEXT_MAX } from '../../core/constants';
import type { AlertFilters } from '../../core/alert-summary';
import { createdAt, updatedAt, maxLen, oneOf, bool } from './columns';
import { users, schools, jobs } from './places';

// ---- Job alerts, push subscriptions and closing-date reminders (alerts and near me) ----

export const ALERT_FREQUENCIES = ['instant', 'daily', 'weekly'] as const;

export const alerts = sqliteTable(
  'alerts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filters: text('filters', { mode: 'json' }).notNull().$type<AlertFilters>(),
    frequency: text('frequency').notNull().$type<(typeof ALERT_FREQUENCIES)[number]>(),
    email: bool('email').notNull().default(true),
    push: bool('push').notNull().default(false),
    active: bool('active').notNull().default(true),
    /** The last pass that looked at this alert (daily/weekly: which 07:00 is already done). */
    lastCheckedAt: integer('last_checked_at', { mode: 'timestamp_ms' }),
    /** The last time it sent something. */
    lastSentAt: integer('last_sent_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [maxLen('alerts', t.name, TEXT_MAX.label), oneOf('alerts', t.frequency, ALERT_FREQUENCIES), index('alerts_user_idx').on(t.userId)],
);

/** Each job at most once per alert: the primary key is the pair. */
export const alertSentJobs = sqliteTable(
  'alert_sent_jobs',
  {
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.jobId] }), index('alert_sent_jobs_sent_idx').on(t.alertId, t.sentAt)],
);

/** One row per device that allowed notifications (Web Push subscription). */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** Sends that failed in a row (timeout, refused, 5xx); the subscription is dropped after a few. */
    failures: integer('failures').notNull().default(0),
    lastFailureAt: integer('last_failure_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/** Server-side settings generated on first start (the VAPID key pair, the unsubscribe-token key). */
export const appSettings = sqliteTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** How a user wants closing-date reminders of saved jobs (Profile); no row: both on. */
export const reminderPreferences = sqliteTable('reminder_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: bool('email').notNull().default(true),
  push: bool('push').notNull().default(true),
  updatedAt: updatedAt(),
});

/** A user whose closing-date reminder could not be delivered: not retried before retryAt. */
export const reminderBackoff = sqliteTable('reminder_backoff', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  failures: integer('failures').notNull().default(0),
  retryAt: integer('retry_at', { mode: 'timestamp_ms' }).notNull(),
});

/** One closing-date reminder per user and saved job, ever. */
export const jobReminders = sqliteTable(
  'job_reminders',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.jobId] })],
);

export type Alert = typeof alerts.$inferSelect;

/**
 * Figures kept per school by SQLite triggers (migration *_scale-sql): approved reviews (count, sums
 * of each rating, recommendations), interviews and mood counts. Never written by the app.
 */
export const schoolStats = sqliteTable(
  'school_stats',
  {
    schoolId: integer('school_id')
      .primaryKey()
      .references(() => schools.id, { onDelete: 'cascade' }),
    reviewCount: integer('review_count').notNull().default(0),
    overallSum: integer('overall_sum').notNull().default(0),
    workLifeBalanceSum: integer('work_life_balance_sum').notNull().default(0),
    compensationSum: integer('compensation_sum').notNull().default(0),
    careerOpportunitiesSum: integer('career_opportunities_sum').notNull().default(0),
    cultureSum: integer('culture_sum').notNull().default(0),
    leadershipSum: integer('leadership_sum').notNull().default(0),
    /** How many approved reviews gave each sub-rating (a null one counts in neither sum nor count, decision 2027). */
    workLifeBalanceCount: integer('work_life_balance_count').notNull().default(0),
    compensationCount: integer('compensation_count').notNull().default(0),
    careerOpportunitiesCount: integer('career_opportunities_count').notNull().default(0),
    cultureCount: integer('culture_count').notNull().default(0),
    leadershipCount: integer('leadership_count').notNull().default(0),
    recommendCount: integer('recommend_count').notNull().default(0),
    /** overallSum / reviewCount, 0 with no reviews: kept so the rating sort can use an index. */
    averageRating: real('average_rating').notNull().default(0),
    interviewCount: integer('interview_count').notNull().default(0),
    excitedCount: integer('excited_count').notNull().default(0),
    happyCount: integer('happy_count').notNull().default(0),
    neutralCount: integer('neutral_count').notNull().default(0),
    frustratedCount: integer('frustrated_count').notNull().default(0),
    stressedCount: integer('stressed_count').notNull().default(0),
  },
  (t) => [index('school_stats_rating_idx').on(t.averageRating, t.reviewCount)],
);

/** Site-wide figures kept by triggers: 'reviews.approved' and 'threads.approved.<category id>'. */
export const keptCounts = sqliteTable('kept_counts', {
  key: text('key').primaryKey(),
  n: integer('n').notNull().default(0),
});

/**
 * One row per kind of public data (decision 1057): its version moves, by SQLite triggers
 * (migration *_data-versions-sql), whenever a commit changes what visitors can see of it. The
 * answer and page caches key their entries by these versions. Never written by the app.
 */
export const dataVersions = sqliteTable('data_versions', {
  tag: text('tag').primaryKey(),
  version: integer('version').notNull().default(0),
});

/** Active jobs by UTC day of posting (days since 1970), kept by triggers: the month is ~32 rows. */
export const jobDayCounts = sqliteTable('job_day_counts', {
  day: integer('day').primaryKey(),
  n: integer('n').notNull().default(0),
});
