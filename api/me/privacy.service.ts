// The rights of UK GDPR a signed-in user can use from the dashboard (decision 1421): a copy of
// everything held about them (export), the sessions they are signed in with, and the deletion of
// their account, which keeps their contributions only as anonymous content with no link to them.
import { createHash } from 'node:crypto';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { DB } from '../../db/client';
import {
  forumModerators,
  forumPosts,
  forumThreads,
  idempotencyKeys,
  interviewExperiences,
  jobs,
  moderationLog,
  notificationPreferences,
  notifications,
  reports,
  reviewResponses,
  reviews,
  salaries,
  savedJobs,
  schoolAudit,
  schoolClaims,
  schoolMembers,
  schoolMoods,
  schools,
  sessions,
  takeHomeSettings,
  threadWatches,
  users,
} from '../../db/schema';
import { forgetUser } from '../notifications/notifications.service';
import { backfillReporterKeys } from '../moderation/reports';
import { ownedWithSchool } from './owned.queries';
import { takeHomeSettingsOf } from './take-home-settings';

/** Tables whose rows are contributions: kept, with user_id set to null, when the account goes. */
const CONTRIBUTION_TABLES = ['reviews', 'interview_experiences', 'salaries', 'school_moods', 'forum_threads', 'forum_posts'] as const;
/** Tables this module handles by name; any other table with a user_id column is swept generically. */
const HANDLED = new Set<string>([
  ...CONTRIBUTION_TABLES,
  'users',
  'sessions',
  'saved_jobs',
  'reports',
  'moderation_log',
  'forum_moderators',
  'idempotency_keys',
  'hidden_content',
  'school_members',
  'school_claims',
  'notifications',
  'thread_watches',
  'notification_preferences',
  'take_home_settings',
]);
/** Columns never put in an export, whatever the table (token hashes, secrets, keys). */
const SECRET_COLUMN = /hash|secret|token|^p256dh$|^auth$/i;

/** A session's public id in answers: a digest of its sid, which itself is half of the cookie token. */
export const sessionPublicId = (sid: string) => createHash('sha256').update(`session:${sid}`).digest('hex').slice(0, 16);

const userSessions = (db: DB, userId: string) => db.select().from(sessions).where(eq(sessions.userId, userId)).all();

export function listSessions(db: DB, userId: string, currentSid: string | null, now: Date) {
  return userSessions(db, userId)
    .filter((s) => s.expire.getTime() > now.getTime())
    .map((s) => ({
      id: sessionPublicId(s.sid),
      current: s.sid === currentSid,
      createdAt: new Date(s.sess.createdAt).toISOString(),
      lastSeenAt: new Date(s.sess.lastSeenAt).toISOString(),
      expiresAt: s.expire.toISOString(),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
}

/** Ends every session of the user except the current one; returns how many ended. */
export function revokeOtherSessions(db: DB, userId: string, currentSid: string | null): number {
  return db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), currentSid ? ne(sessions.sid, currentSid) : undefined))
    .run().changes;
}

/** Other tables (added later: alerts, push subscriptions, view counters…) that hold a user_id. */
function otherUserTables(db: DB): string[] {
  const tables = db.$client
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '\\_\\_%' escape '\\'")
    .all() as { name: string }[];
  return tables
    .map((t) => t.name)
    .filter((name) => !HANDLED.has(name))
    .filter((name) =>
      (db.$client.prepare(`select name from pragma_table_info(?)`).all(name) as { name: string }[]).some((c) => c.name === 'user_id'),
    );
}

const withoutSecrets = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).filter(([k]) => !SECRET_COLUMN.test(k)));
const withoutUser = <T extends { userId?: unknown }>({ userId: _u, ...row }: T) => row;

/** Her saved jobs, her contributions and her reports, each without her id. */
function contributionsOf(db: DB, userId: string) {
  return {
    savedJobs: db
      .select({ id: savedJobs.id, jobId: savedJobs.jobId, jobTitle: jobs.title, createdAt: savedJobs.createdAt })
      .from(savedJobs)
      .innerJoin(jobs, eq(savedJobs.jobId, jobs.id))
      .where(eq(savedJobs.userId, userId))
      .orderBy(desc(savedJobs.createdAt))
      .all(),
    reviews: ownedWithSchool(db, reviews, userId, { review: reviews })
      .all()
      .map((r) => ({ ...withoutUser(r.review), schoolName: r.schoolName })),
    interviews: ownedWithSchool(db, interviewExperiences, userId, { interview: interviewExperiences })
      .all()
      .map((r) => ({ ...withoutUser(r.interview), schoolName: r.schoolName })),
    salaries: db.select().from(salaries).where(eq(salaries.userId, userId)).all().map(withoutUser),
    moods: ownedWithSchool(db, schoolMoods, userId, { mood: schoolMoods })
      .all()
      .map((r) => ({ ...withoutUser(r.mood), schoolName: r.schoolName })),
    threads: db
      .select()
      .from(forumThreads)
      .where(eq(forumThreads.userId, userId))
      .all()
      .map(({ lastReplyUserId: _l, ...t }) => withoutUser(t)),
    replies: db.select().from(forumPosts).where(eq(forumPosts.userId, userId)).all().map(withoutUser),
    // The reporter key (decision 1424) is the service's own (a keyed hash that ties a report to a person), not hers to see.
    reports: db
      .select()
      .from(reports)
      .where(eq(reports.userId, userId))
      .all()
      .map(({ reporterKey: _k, ...r }) => withoutUser(r)),
    // A school's responses she wrote as its staff (decision 2111): they stay the school's when she goes, unlinked.
    reviewResponses: db
      .select({
        reviewId: reviewResponses.reviewId,
        schoolName: schools.name,
        body: reviewResponses.body,
        publishedBody: reviewResponses.publishedBody,
        publishedAt: reviewResponses.publishedAt,
        createdAt: reviewResponses.createdAt,
        updatedAt: reviewResponses.updatedAt,
      })
      .from(reviewResponses)
      .innerJoin(schools, eq(reviewResponses.schoolId, schools.id))
      .where(eq(reviewResponses.authorUserId, userId))
      .all(),
  };
}

/** What she may moderate and the decisions she made. */
function moderationOf(db: DB, userId: string) {
  return {
    moderatorRoles: db.select().from(forumModerators).where(eq(forumModerators.userId, userId)).all().map(withoutUser),
    moderationActions: db
      .select()
      .from(moderationLog)
      .where(eq(moderationLog.actorUserId, userId))
      .all()
      .map(({ actorUserId: _a, ...m }) => m),
  };
}

/** The school side (decision 2103): the schools she manages, the claims and invitations she opened (never a link's token hash) and what she did for a school. */
function schoolSideOf(db: DB, userId: string) {
  return {
    schoolMemberships: ownedWithSchool(db, schoolMembers, userId, { member: schoolMembers })
      .all()
      .map((r) => ({ ...withoutUser(r.member), schoolName: r.schoolName })),
    schoolClaims: ownedWithSchool(db, schoolClaims, userId, { claim: schoolClaims })
      .all()
      .map(({ claim: { tokenHash: _t, invitedBy: _i, decidedBy: _d, ...claim }, schoolName }) => ({ ...withoutUser(claim), schoolName })),
    schoolActions: db
      .select({ schoolId: schoolAudit.schoolId, action: schoolAudit.action, detail: schoolAudit.detail, at: schoolAudit.at })
      .from(schoolAudit)
      .where(eq(schoolAudit.actorUserId, userId))
      .all()
      .map(({ detail: { userId: _u, ...detail }, ...row }) => ({ ...row, detail })),
  };
}

/** What she was told and what she watches (decision 2010): her own, newest first; nobody else's id in them. */
function notificationsOf(db: DB, userId: string) {
  return {
    notifications: db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .all()
      .map(withoutUser),
    threadWatches: db
      .select({
        threadId: threadWatches.threadId,
        watching: threadWatches.watching,
        createdAt: threadWatches.createdAt,
        updatedAt: threadWatches.updatedAt,
      })
      .from(threadWatches)
      .where(eq(threadWatches.userId, userId))
      .all(),
    notificationPreferences: db
      .select({
        topic: notificationPreferences.topic,
        delivery: notificationPreferences.delivery,
        updatedAt: notificationPreferences.updatedAt,
      })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId))
      .all(),
  };
}

/** Everything held about the user, as one JSON document (GET /api/me/export). */
export function exportUserData(db: DB, userId: string, currentSid: string | null, now: Date) {
  const profile = db.select().from(users).where(eq(users.id, userId)).get();
  const extra = Object.fromEntries(
    otherUserTables(db).map((table) => [
      table,
      (db.$client.prepare(`select * from "${table.replace(/"/g, '""')}" where user_id = ?`).all(userId) as Record<string, unknown>[]).map(
        withoutSecrets,
      ),
    ]),
  );
  return {
    exportedAt: now.toISOString(),
    service: 'Teachers In London Talk',
    about:
      'Everything this service holds about you. Sessions list when and how long you have been signed in (the secret part of each ' +
      'session is stored only as a hash and is not included). Contributions are shown publicly without your name or id.',
    profile,
    sessions: listSessions(db, userId, currentSid, now),
    ...contributionsOf(db, userId),
    ...moderationOf(db, userId),
    ...schoolSideOf(db, userId),
    ...notificationsOf(db, userId),
    // Her take-home pay settings (decision 0312): null when none are kept in the account.
    takeHomeSettings: takeHomeSettingsOf(db, userId),
    alerts: (extra.alerts as unknown[] | undefined) ?? [],
    other: Object.fromEntries(Object.entries(extra).filter(([k]) => k !== 'alerts')),
  };
}

/**
 * Deletes the account in one transaction: sessions, saved jobs, moderator roles, remembered
 * idempotent answers and every other row keyed to the user go; contributions stay with user_id
 * null (no link to the person); their reports stay counted but unlinked, with their reporter key
 * (decision 1424: a re-created account of the same person cannot report the same item again).
 * Returns row counts.
 */
export function deleteAccount(db: DB, userId: string) {
  return db.transaction((tx) => {
    // Her notifications and watches go; her first name leaves others' notifications of her replies (decision 2010).
    const forgotten = forgetUser(tx, userId);
    const unlinked: Record<string, number> = {};
    for (const table of CONTRIBUTION_TABLES) {
      unlinked[table] = db.$client.prepare(`update ${table} set user_id = null where user_id = ?`).run(userId).changes;
    }
    // A response she wrote for her school is the school's: it stays, with no link to her (decision 2111).
    unlinked.review_responses = tx
      .update(reviewResponses)
      .set({ authorUserId: null })
      .where(eq(reviewResponses.authorUserId, userId))
      .run().changes;
    tx.update(forumThreads).set({ lastReplyUserId: null }).where(eq(forumThreads.lastReplyUserId, userId)).run();
    tx.update(moderationLog).set({ actorUserId: null }).where(eq(moderationLog.actorUserId, userId)).run();
    // A school's audit log keeps what happened, without who did it or whom it concerned, nor their address.
    unlinked.school_audit = db.$client
      .prepare(
        "update school_audit set detail = case when json_extract(detail, '$.userId') = @u then json_remove(detail, '$.userId', '$.email') else detail end, actor_user_id = nullif(actor_user_id, @u) where actor_user_id = @u or json_extract(detail, '$.userId') = @u",
      )
      .run({ u: userId }).changes;
    backfillReporterKeys(db, userId);
    tx.update(reports).set({ userId: null }).where(eq(reports.userId, userId)).run();
    const removed: Record<string, number> = {
      sessions: tx.delete(sessions).where(eq(sessions.userId, userId)).run().changes,
      saved_jobs: tx.delete(savedJobs).where(eq(savedJobs.userId, userId)).run().changes,
      forum_moderators: tx.delete(forumModerators).where(eq(forumModerators.userId, userId)).run().changes,
      idempotency_keys: tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId)).run().changes,
      school_members: tx.delete(schoolMembers).where(eq(schoolMembers.userId, userId)).run().changes,
      school_claims: tx.delete(schoolClaims).where(eq(schoolClaims.userId, userId)).run().changes,
      notifications: forgotten.notifications,
      thread_watches: forgotten.thread_watches,
      notification_preferences: tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId)).run().changes,
      take_home_settings: tx.delete(takeHomeSettings).where(eq(takeHomeSettings.userId, userId)).run().changes,
    };
    unlinked.notification_names = forgotten.unnamed;
    for (const table of otherUserTables(db)) {
      removed[table] = db.$client.prepare(`delete from "${table.replace(/"/g, '""')}" where user_id = ?`).run(userId).changes;
    }
    removed.users = tx.delete(users).where(eq(users.id, userId)).run().changes;
    return { removed, unlinked };
  });
}
