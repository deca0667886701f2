import type { RouteHandler } from '@hono/zod-openapi';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { DB } from '../../db/client';
import type { SessionUser } from '../context';
import { notificationPreferences, notifications, NOTIFICATION_TOPICS } from '../../db/schema';
import { loadThread } from '../forum/forum.queries';
import { notFound } from '../platform/http-error';
import { moderatorGrants } from '../moderation/moderators';
import { pageHeaders } from '../platform/paging';
import { isWatching, setWatch } from './notifications.service';
import { stopDigests } from './delivery';
import { verifyDigestToken } from '../alerts/sender/settings';
import type * as routes from './notifications.routes';
import { listNotifications, preferencesOf, unreadCount } from './notifications.queries';

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
