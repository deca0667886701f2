// Her notifications read from the tables: the unread count, her delivery per topic, and a page of
// them (each marked when what it points at has gone).
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import {
  contributionRevisions,
  forumPosts,
  forumThreads,
  interviewExperiences,
  notificationPreferences,
  reviews,
  schoolMoods,
  notifications,
  NOTIFICATION_TOPICS,
  schools,
  type NotificationDelivery,
  type NotificationSubject,
  type NotificationTopic,
} from '../../db/schema';
import { afterCursor, decodeCursor, pageOf } from '../platform/paging';
import { linkOf } from './topics';

export const unreadCount = (db: Pick<DB, 'select'>, userId: string) =>
  db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .get()!.n;

export function preferencesOf(db: Pick<DB, 'select'>, userId: string): Record<NotificationTopic, NotificationDelivery> {
  const rows = db
    .select({ topic: notificationPreferences.topic, delivery: notificationPreferences.delivery })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
    .all();
  const prefs = Object.fromEntries(NOTIFICATION_TOPICS.map((t) => [t, 'app'])) as Record<NotificationTopic, NotificationDelivery>;
  for (const r of rows) prefs[r.topic] = r.delivery;
  return prefs;
}

/**
 * Whether what a notification is about was deleted since: a review, interview or mood gone, a
 * thread or reply deleted (gone, or kept as its placeholder), an edit whose item is gone.
 */
function subjectGone(db: Pick<DB, 'select'>, type: NotificationSubject, id: number): boolean {
  switch (type) {
    case 'review':
      return !db.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, id)).get();
    case 'interview':
      return !db.select({ id: interviewExperiences.id }).from(interviewExperiences).where(eq(interviewExperiences.id, id)).get();
    case 'mood':
      return !db.select({ id: schoolMoods.id }).from(schoolMoods).where(eq(schoolMoods.id, id)).get();
    case 'thread': {
      const t = db.select({ deletedAt: forumThreads.deletedAt }).from(forumThreads).where(eq(forumThreads.id, id)).get();
      return !t || t.deletedAt !== null;
    }
    case 'post': {
      const p = db.select({ deletedAt: forumPosts.deletedAt }).from(forumPosts).where(eq(forumPosts.id, id)).get();
      return !p || p.deletedAt !== null;
    }
    case 'school_claim':
    case 'school_audit':
      // A decision about her place at a school: nothing of hers to delete.
      return false;
    case 'review_edit':
    case 'interview_edit':
    case 'thread_edit':
    case 'post_edit': {
      // Deleting a review or interview removes its revisions: the edit goes with the item.
      const r = db.select({ id: contributionRevisions.id }).from(contributionRevisions).where(eq(contributionRevisions.id, id)).get();
      return !r;
    }
  }
}

/** One page of her notifications, newest first (keyset on created_at, id). */
export function listNotifications(db: DB, userId: string, limit: number, cursor: string | undefined) {
  const k = decodeCursor(cursor, 'notifications', 'nn');
  const at = sql<number>`${notifications.createdAt}`;
  const rows = db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      subjectType: notifications.subjectType,
      subjectId: notifications.subjectId,
      threadId: notifications.threadId,
      threadTitle: forumThreads.title,
      schoolId: notifications.schoolId,
      schoolName: schools.name,
      actorFirstName: notifications.actorFirstName,
      reason: notifications.reason,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
      at,
    })
    .from(notifications)
    .leftJoin(forumThreads, eq(forumThreads.id, notifications.threadId))
    .leftJoin(schools, eq(schools.id, notifications.schoolId))
    .where(and(eq(notifications.userId, userId), afterCursor('desc', [notifications.createdAt, notifications.id], k)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit + 1)
    .all();
  const page = pageOf(rows, limit, 'notifications', (r) => [r.at, r.id]);
  return {
    next: page.next,
    rows: page.rows.map(({ at: _a, threadId, threadTitle, schoolId, schoolName, ...n }) => {
      const gone = subjectGone(db, n.subjectType, n.subjectId);
      return {
        ...n,
        thread: threadId !== null && threadTitle !== null ? { id: threadId, title: threadTitle } : null,
        school: schoolId !== null && schoolName !== null ? { id: schoolId, name: schoolName } : null,
        link: linkOf({ ...n, gone, threadId: threadTitle === null ? null : threadId, schoolId: schoolName === null ? null : schoolId }),
        gone,
      };
    }),
  };
}
