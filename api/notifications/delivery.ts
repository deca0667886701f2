// Delivering notifications beyond the bell (decision 2010), by her choice per topic: `push` sends
// each new notification to her devices through the existing Web Push sender in the alerts pass
// (api/services/alerts/pass.ts runs it with the same budgets and device rules, decision 1407).
// The words are the screen's own (db/notification-text.ts): a thread or school name and a replier's
// first name, never anything else about anyone.
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { notificationText } from '../../db/notification-text';
import { forumThreads, notificationPreferences, notifications, schools } from '../../db/schema';
import type { PushPayload } from '../services/alerts/push';
import { linkOf, TOPIC_OF } from './topics';

/** A notification older than this when first found due is not pushed (she turned push on later: no backlog). */
export const PUSH_WINDOW_MS = 24 * 3600_000;
/** At most this many notifications are looked at per user and pass. */
const PER_USER = 50;

/** SQL: the topic of the row's kind is one she chose `delivery` for. */
function topicDelivered(delivery: 'push' | 'daily' | 'weekly') {
  const whens = Object.entries(TOPIC_OF)
    .map(([kind, topic]) => `when '${kind}' then '${topic}'`)
    .join(' ');
  return sql`(case ${notifications.kind} ${sql.raw(whens)} end) in (select ${notificationPreferences.topic} from ${notificationPreferences} where ${notificationPreferences.userId} = ${notifications.userId} and ${notificationPreferences.delivery} = ${delivery})`;
}

export type DuePush = ReturnType<typeof duePushes>[number];

/** Notifications to push now: not pushed yet, recent, of a topic whose delivery she set to push, and unread. */
export function duePushes(db: DB, now: Date) {
  const rows = db
    .select({
      id: notifications.id,
      userId: notifications.userId,
      kind: notifications.kind,
      subjectType: notifications.subjectType,
      threadId: notifications.threadId,
      schoolId: notifications.schoolId,
      threadTitle: forumThreads.title,
      schoolName: schools.name,
      actorFirstName: notifications.actorFirstName,
      reason: notifications.reason,
    })
    .from(notifications)
    .leftJoin(forumThreads, eq(forumThreads.id, notifications.threadId))
    .leftJoin(schools, eq(schools.id, notifications.schoolId))
    .where(
      and(
        isNull(notifications.pushedAt),
        isNull(notifications.readAt),
        gt(notifications.createdAt, new Date(now.getTime() - PUSH_WINDOW_MS)),
        topicDelivered('push'),
      ),
    )
    .orderBy(asc(notifications.userId), asc(notifications.createdAt), asc(notifications.id))
    .all();
  const perUser = new Map<string, number>();
  return rows.filter((r) => {
    const n = (perUser.get(r.userId) ?? 0) + 1;
    perUser.set(r.userId, n);
    return n <= PER_USER;
  });
}

/** One push for what is due: the notification itself, or "N new notifications" with the first lines. */
export function pushPayloadOf(list: DuePush[]): PushPayload {
  const words = list.map((n) =>
    notificationText({
      ...n,
      thread: n.threadTitle === null ? null : { title: n.threadTitle },
      school: n.schoolName === null ? null : { name: n.schoolName },
    }),
  );
  if (list.length === 1) {
    const n = list[0];
    return {
      title: words[0],
      body: n.reason ? `Reason given: ${n.reason}` : 'Teachers In London Talk',
      url: linkOf(n),
      tag: `notification-${n.id}`,
    };
  }
  return { title: `${list.length} new notifications`, body: words.slice(0, 3).join(' · '), url: '/notifications', tag: 'notifications' };
}

export function markPushed(db: DB, ids: number[], now: Date) {
  if (ids.length) db.update(notifications).set({ pushedAt: now }).where(inArray(notifications.id, ids)).run();
}
