// Notifications, thread watches and their preferences; authors' edits (revisions); take-home pay
// settings; a school job's documents.
import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { JOB_DOCUMENT_LIMITS, TEXT_MAX } from '../../core/constants';
import { NOTIFICATION_KINDS, NOTIFICATION_SUBJECTS, type NotificationKind, type NotificationSubject } from '../../core/notification-text';
import { createdAt, updatedAt, maxLen, oneOf, num, bool } from './columns';
import { users, schools, jobs } from './places';
import { forumThreads } from './contributions';

// ---- Hearing back: notifications kept per user (decision 2010) ----

/** The groups a person chooses a delivery for in Profile. */
export const NOTIFICATION_TOPICS = ['replies', 'moderation', 'responses', 'reports'] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];
/** In the app only, also a push to her devices, or also an email digest (daily or weekly). */
export const NOTIFICATION_DELIVERIES = ['app', 'push', 'daily', 'weekly'] as const;
export type NotificationDelivery = (typeof NOTIFICATION_DELIVERIES)[number];

export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().$type<NotificationKind>(),
    subjectType: text('subject_type').notNull().$type<NotificationSubject>(),
    subjectId: integer('subject_id').notNull(),
    /** The thread of a reply or thread notification (the link goes there). */
    threadId: integer('thread_id'),
    /** The school of a review, interview or mood notification (named in it, linked to). */
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'set null' }),
    /** The replier's first name, as the forum shows it beside the reply; never anyone else's name. */
    actorFirstName: text('actor_first_name'),
    /** The moderator's reason for a rejection or removal, as the author would read it on the item. */
    reason: text('reason'),
    createdAt: createdAt(),
    readAt: integer('read_at', { mode: 'timestamp_ms' }),
    /** When it was pushed to her devices (push delivery), or found nothing to push to. */
    pushedAt: integer('pushed_at', { mode: 'timestamp_ms' }),
    /** When it went out in an email digest (daily or weekly delivery). */
    emailedAt: integer('emailed_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    oneOf('notifications', t.kind, NOTIFICATION_KINDS),
    oneOf('notifications', t.subjectType, NOTIFICATION_SUBJECTS),
    maxLen('notifications', t.actorFirstName, TEXT_MAX.name),
    maxLen('notifications', t.reason, TEXT_MAX.reason),
    uniqueIndex('notifications_once_idx').on(t.userId, t.kind, t.subjectType, t.subjectId),
    index('notifications_user_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_unread_idx').on(t.userId, t.readAt),
  ],
);

/**
 * Who hears of replies in a thread. Starting or replying to a thread watches it; an explicit
 * unwatch is a row with watching = false, which the automatic watch never overturns.
 */
export const threadWatches = sqliteTable(
  'thread_watches',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    threadId: integer('thread_id')
      .notNull()
      .references(() => forumThreads.id, { onDelete: 'cascade' }),
    watching: bool('watching').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.threadId] }), index('thread_watches_thread_idx').on(t.threadId, t.watching)],
);

/** Her delivery per topic (Profile); no row: in the app only. */
export const notificationPreferences = sqliteTable(
  'notification_preferences',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull().$type<NotificationTopic>(),
    delivery: text('delivery').notNull().$type<NotificationDelivery>(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.topic] }),
    oneOf('notification_preferences', t.topic, NOTIFICATION_TOPICS),
    oneOf('notification_preferences', t.delivery, NOTIFICATION_DELIVERIES),
  ],
);

export type Notification = typeof notifications.$inferSelect;

// ---- An author's edits of her own contributions (decision 2020) ----

export const REVISION_KINDS = ['review', 'interview', 'thread', 'reply'] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];
export const REVISION_STATES = ['pending', 'approved', 'rejected', 'previous'] as const;
export type RevisionState = (typeof REVISION_STATES)[number];

/**
 * Versions of a contribution besides the one it shows. A review's or interview's edit waits here
 * (`pending`, at most one per item) while the published text stays up; a moderator's approval
 * copies it into the item (`approved`), a refusal keeps the old text (`rejected`, with the reason
 * its author reads). A thread's or reply's edit is published at once and the text it replaced is
 * kept here (`previous`) for moderators. Removed with the item, and with its author's account.
 */
export const contributionRevisions = sqliteTable(
  'contribution_revisions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind').$type<RevisionKind>().notNull(),
    targetId: integer('target_id').notNull(),
    userId: text('user_id').references(() => users.id),
    /** The fields of the version (as the create schema names them). */
    body: text('body', { mode: 'json' }).notNull().$type<Record<string, unknown>>(),
    state: text('state').$type<RevisionState>().notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    oneOf('contribution_revisions', t.kind, REVISION_KINDS),
    oneOf('contribution_revisions', t.state, REVISION_STATES),
    index('contribution_revisions_target_idx').on(t.kind, t.targetId, t.createdAt),
    uniqueIndex('contribution_revisions_pending_idx').on(t.kind, t.targetId).where(sql`${t.state} = 'pending'`),
    index('contribution_revisions_user_idx').on(t.userId),
  ],
);

export type ContributionRevision = typeof contributionRevisions.$inferSelect;

// ---- Take-home pay (issue 38, decision 0312) ----

export const TAKE_HOME_PENSIONS = ['tps', 'none'] as const;

/**
 * A signed-in teacher's take-home settings, as a visitor keeps them on her device (localStorage
 * `tilt.takeHome`): working time as she typed it ("0.6"), her pension choice and her student loan
 * plans. One row per account, kept with it; in her export, removed with her account.
 */
export const takeHomeSettings = sqliteTable(
  'take_home_settings',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    fte: text('fte').notNull(),
    pension: text('pension').notNull().$type<(typeof TAKE_HOME_PENSIONS)[number]>(),
    /** Comma list of plan1, plan2, plan4, plan5, pgl ('' for none). */
    loans: text('loans').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('take_home_settings', t.pension, TAKE_HOME_PENSIONS),
    maxLen('take_home_settings', t.loans, 40),
    maxLen('take_home_settings', t.fte, 8),
  ],
);

export type TakeHomeSettingsRow = typeof takeHomeSettings.$inferSelect;

// ---- A school job's documents: the job pack, as PDFs (issue 37 item 12, decision 2116) ----

/**
 * A PDF its school's staff attached to one of the school's jobs, shown on the job page as a
 * download. The file lives under the data directory (media/jobs/{file}), never in the served tree;
 * `file` is '{jobId}-{sha256 16 hex}.pdf', so one file is attached to a job once.
 */
export const jobDocuments = sqliteTable(
  'job_documents',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    /** The name shown and downloaded as, cleaned of paths and control characters, ending in .pdf. */
    name: text('name').notNull(),
    file: text('file').notNull(),
    bytes: integer('bytes').notNull(),
    /** The member who attached it; null once that person deleted their account. */
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    maxLen('job_documents', t.name, JOB_DOCUMENT_LIMITS.name),
    check('job_documents_file_key', sql`${t.file} glob '[0-9]*-[0-9a-f]*.pdf'`),
    check('job_documents_bytes_range', sql`${t.bytes} between 1 and ${num(JOB_DOCUMENT_LIMITS.bytes)}`),
    uniqueIndex('job_documents_file_idx').on(t.jobId, t.file),
  ],
);

export type JobDocument = typeof jobDocuments.$inferSelect;
