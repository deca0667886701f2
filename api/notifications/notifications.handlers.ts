import type { RouteHandler } from '@hono/zod-openapi';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import type { SessionUser } from '../context';
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
import { loadThread } from '../forum/forum.queries';
import { notFound } from '../platform/http-error';
import { moderatorGrants } from '../moderation/moderators';
import { decodeCursor, pageHeaders, pageOf } from '../platform/paging';
import { isWatching, setWatch } from './notifications.service';
import { linkOf } from './topics';
import { stopDigests } from './delivery';
import { verifyDigestToken } from '../alerts/sender/settings';
import type * as routes from './notifications.routes';

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
    .where(
      and(eq(notifications.userId, userId), k ? sql`(${notifications.createdAt}, ${notifications.id}) < (${k[0]}, ${k[1]})` : undefined),
    )
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

export const list: RouteHandler<typeof routes.list> = (c) => {
  const db = c.get('db');
  const user = c.get('user');
  const { limit = 30, cursor } = c.req.valid('query');
  const page = listNotifications(db, user.id, limit, cursor);
  const unread = unreadCount(db, user.id);
  pageHeaders(c, db.select({ n: count() }).from(notifications).where(eq(notifications.userId, user.id)).get()!.n, page.next);
  return c.json({ notifications: page.rows, unread, next: page.next }, 200);
};

export const markRead: RouteHandler<typeof routes.markRead> = (c) => {
  const db = c.get('db');
  const user = c.get('user');
  const body = c.req.valid('json');
  const now = c.get('now')();
  const mine = eq(notifications.userId, user.id);
  const read = db.transaction((tx) => {
    if (body.all)
      return tx
        .update(notifications)
        .set({ readAt: now })
        .where(and(mine, isNull(notifications.readAt)))
        .run().changes;
    const ids = [...new Set(body.ids)];
    // Another user's id answers as a missing one, and nothing is marked.
    const found = tx
      .select({ n: count() })
      .from(notifications)
      .where(and(mine, inArray(notifications.id, ids)))
      .get()!.n;
    if (found !== ids.length) throw notFound('Notification');
    return tx
      .update(notifications)
      .set({ readAt: now })
      .where(and(mine, inArray(notifications.id, ids), isNull(notifications.readAt)))
      .run().changes;
  });
  return c.json({ read, unread: unreadCount(db, user.id) }, 200);
};

export const getPreferences: RouteHandler<typeof routes.getPreferences> = (c) => c.json(preferencesOf(c.get('db'), c.get('user').id), 200);

export const putPreferences: RouteHandler<typeof routes.putPreferences> = (c) => {
  const db = c.get('db');
  const user = c.get('user');
  const now = c.get('now')();
  const body = c.req.valid('json');
  db.transaction((tx) => {
    for (const topic of NOTIFICATION_TOPICS) {
      const delivery = body[topic];
      if (!delivery) continue;
      tx.insert(notificationPreferences)
        .values({ userId: user.id, topic, delivery, updatedAt: now })
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.topic],
          set: { delivery, updatedAt: now },
        })
        .run();
    }
  });
  return c.json(preferencesOf(db, user.id), 200);
};

export const stopDigest: RouteHandler<typeof routes.stopDigest> = (c) => {
  const db = c.get('db');
  const id = verifyDigestToken(db, c.req.valid('param').token);
  if (!id || !stopDigests(db, id, c.get('now')())) return c.json({ error: 'This link is not valid' }, 404);
  return c.json({ stopped: true as const }, 200);
};

export const getWatch: RouteHandler<typeof routes.getWatch> = (c) => {
  const db = c.get('db');
  const user = c.get('user');
  const thread = threadSeenBy(db, user, c.req.valid('param').id);
  return c.json({ threadId: thread.id, watching: isWatching(db, user.id, thread.id) }, 200);
};

export const watch: RouteHandler<typeof routes.watch> = (c) =>
  c.json(watchThread(c.get('db'), c.get('user'), c.req.valid('param').id, true, c.get('now')()), 200);

export const unwatch: RouteHandler<typeof routes.unwatch> = (c) =>
  c.json(watchThread(c.get('db'), c.get('user'), c.req.valid('param').id, false, c.get('now')()), 200);

/** The thread she asks about, as she may see it (404 when she may not). */
function threadSeenBy(db: DB, user: SessionUser, id: number) {
  return loadThread(db, id, user, moderatorGrants(db, user.id));
}

/** Starts or stops her hearing of a thread's replies; the answer says which. */
function watchThread(db: DB, user: SessionUser, id: number, watching: boolean, now: Date) {
  const thread = threadSeenBy(db, user, id);
  setWatch(db, user.id, thread.id, watching, now);
  return { threadId: thread.id, watching };
}
