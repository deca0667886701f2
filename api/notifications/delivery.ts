// Delivering notifications beyond the bell (decision 2010), by her choice per topic: `push` sends
// each new notification to her devices through the existing Web Push sender in the alerts pass
// (api/alerts/sender/pass.ts runs it with the same budgets and device rules, decision 1407);
// `daily` / `weekly` gather what she has not read into one email at 07:00 London time (every day,
// or on Sundays), several replies to one thread as one line, with a one-click unsubscribe.
// The words are the screen's own (core/notification-text.ts): a thread or school name and a replier's
// first name, never anything else about anyone.
import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { notificationText } from '../../core/notification-text';
import { forumThreads, notificationPreferences, notifications, schools, users } from '../../db/schema';
import { pushOfList, type PushPayload } from '../alerts/sender/push';
import { escapeHtml as esc } from '../../core/html';
import { page } from '../alerts/sender/render';
import { lastScheduledSend } from '../alerts/sender/schedule';
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

/** What a pushed or emailed notification is told with: its kind and subject, and the thread's or school's name. */
const dueColumns = {
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
};

const oldestFirstPerUser = [asc(notifications.userId), asc(notifications.createdAt), asc(notifications.id)] as const;

export type DuePush = ReturnType<typeof duePushes>[number];

/** Notifications to push now: not pushed yet, recent, of a topic whose delivery she set to push, and unread. */
export function duePushes(db: DB, now: Date) {
  const rows = db
    .select(dueColumns)
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
    .orderBy(...oldestFirstPerUser)
    .all();
  const perUser = new Map<string, number>();
  return rows.filter((r) => {
    const n = (perUser.get(r.userId) ?? 0) + 1;
    perUser.set(r.userId, n);
    return n <= PER_USER;
  });
}

/** A due row in the words' shape: the thread's title and the school's name, when they are still there. */
function wordsOf(n: DuePush) {
  return {
    ...n,
    thread: n.threadTitle === null ? null : { title: n.threadTitle },
    school: n.schoolName === null ? null : { name: n.schoolName },
  };
}

/** One push for what is due: the notification itself, or "N new notifications" with the first lines. */
export function pushPayloadOf(list: DuePush[]): PushPayload {
  const words = (n: DuePush) => notificationText(wordsOf(n));
  return pushOfList(
    list,
    (n) => ({
      title: words(n),
      body: n.reason ? `Reason given: ${n.reason}` : 'Teachers In London Talk',
      url: linkOf(n),
      tag: `notification-${n.id}`,
    }),
    { title: `${list.length} new notifications`, url: '/notifications', tag: 'notifications' },
    words,
  );
}

export function markPushed(db: DB, ids: number[], now: Date) {
  if (ids.length) db.update(notifications).set({ pushedAt: now }).where(inArray(notifications.id, ids)).run();
}

// ---- Email digests ----

/** A notification older than this is left out of a digest (she chose a digest later: no backlog). */
export const DIGEST_WINDOW_MS = 8 * 24 * 3600_000;

export type DigestRow = DuePush & { createdAt: Date; email: string | null };

/**
 * What each user's daily or weekly digest holds now: unread notifications not emailed yet, of the
 * topics she chose that frequency for, made before the latest 07:00 London send time of it (every
 * day; Sundays for weekly). One entry per user and frequency.
 */
export function dueDigests(db: DB, now: Date) {
  const out: { userId: string; email: string | null; frequency: 'daily' | 'weekly'; rows: DigestRow[] }[] = [];
  for (const frequency of ['daily', 'weekly'] as const) {
    const cut = lastScheduledSend(frequency, now);
    const rows = db
      .select({ ...dueColumns, email: users.email, createdAt: notifications.createdAt })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .leftJoin(forumThreads, eq(forumThreads.id, notifications.threadId))
      .leftJoin(schools, eq(schools.id, notifications.schoolId))
      .where(
        and(
          isNull(notifications.emailedAt),
          isNull(notifications.readAt),
          lte(notifications.createdAt, cut),
          gt(notifications.createdAt, new Date(now.getTime() - DIGEST_WINDOW_MS)),
          topicDelivered(frequency),
        ),
      )
      .orderBy(...oldestFirstPerUser)
      .all();
    for (const r of rows) {
      const last = out[out.length - 1];
      if (last?.userId === r.userId && last.frequency === frequency) last.rows.push(r);
      else out.push({ userId: r.userId, email: r.email, frequency, rows: [r] });
    }
  }
  return out;
}

/** The digest's lines: several replies to one thread are one line; everything else one line each. */
export function digestLines(rows: DigestRow[]): { text: string; link: string; reason: string | null }[] {
  const lines: { text: string; link: string; reason: string | null; replies?: DigestRow[] }[] = [];
  const byThread = new Map<number, (typeof lines)[number]>();
  for (const n of rows) {
    if (n.kind === 'reply' && n.threadId !== null) {
      const line = byThread.get(n.threadId);
      if (line?.replies) {
        line.replies.push(n);
        const names = [...new Set(line.replies.map((r) => r.actorFirstName?.trim()).filter(Boolean))];
        const title = n.threadTitle === null ? 'a thread' : `“${n.threadTitle}”`;
        const who = names.length === 0 ? '' : ` (${names.length > 3 ? `${names.slice(0, 3).join(', ')} and others` : names.join(', ')})`;
        line.text = `${line.replies.length} new replies in ${title}${who}`;
        continue;
      }
      const fresh = { text: notificationText(wordsOf(n)), link: linkOf(n), reason: null, replies: [n] };
      byThread.set(n.threadId, fresh);
      lines.push(fresh);
      continue;
    }
    lines.push({ text: notificationText(wordsOf(n)), link: linkOf(n), reason: n.reason });
  }
  return lines.map(({ text, link, reason }) => ({ text, link, reason }));
}

/** The digest email: plain text and HTML, the screen's link, and the one-click unsubscribe. */
export function digestEmail(o: { appUrl: string; frequency: 'daily' | 'weekly'; rows: DigestRow[]; unsubscribeUrl: string }) {
  const lines = digestLines(o.rows);
  const subject = `Your ${o.frequency} digest: ${lines.length} ${lines.length === 1 ? 'update' : 'updates'} on Teachers In London Talk`;
  const all = `${o.appUrl}/notifications`;
  const settings = `${o.appUrl}/dashboard?tab=profile`;
  const text = [
    `What happened since your last ${o.frequency} digest:`,
    '',
    ...lines.map((l) => [`- ${l.text}`, ...(l.reason ? [`  Reason given: ${l.reason}`] : []), `  ${o.appUrl}${l.link}`, ''].join('\n')),
    `All your notifications: ${all}`,
    `Choose how you hear of each: ${settings}`,
    `Stop these emails: ${o.unsubscribeUrl}`,
    '',
    'Teachers In London Talk',
  ].join('\n');
  const html = page(
    subject,
    `<h1 style="font-size:20px;margin:0 0 8px">${esc(`Your ${o.frequency} digest`)}</h1>
<ul style="padding-left:20px">${lines
      .map(
        (l) =>
          `<li style="margin:8px 0"><a href="${esc(o.appUrl + l.link)}" style="color:#1d4ed8">${esc(l.text)}</a>${l.reason ? `<br><span>Reason given: ${esc(l.reason)}</span>` : ''}</li>`,
      )
      .join('\n')}</ul>
<p style="margin:16px 0"><a href="${esc(all)}" style="color:#1d4ed8">All your notifications</a></p>
<p style="font-size:14px;color:#444">You get this email because you chose a ${esc(o.frequency)} digest in your profile on Teachers In London Talk.
<a href="${esc(settings)}" style="color:#1d4ed8">Choose how you hear of each</a> · <a href="${esc(o.unsubscribeUrl)}" style="color:#1d4ed8">Stop these emails</a></p>`,
  );
  return { subject, text, html };
}

export function markEmailed(db: DB, ids: number[], now: Date) {
  if (ids.length) db.update(notifications).set({ emailedAt: now }).where(inArray(notifications.id, ids)).run();
}

/**
 * The digest's unsubscribe (one click, or the page): every topic she had as a daily or weekly
 * digest goes back to in the app only. Never refused; returns whether the token was ours.
 */
export function stopDigests(db: DB, notificationId: number, now: Date): boolean {
  const owner = db.select({ userId: notifications.userId }).from(notifications).where(eq(notifications.id, notificationId)).get();
  if (!owner) return false;
  db.update(notificationPreferences)
    .set({ delivery: 'app', updatedAt: now })
    .where(and(eq(notificationPreferences.userId, owner.userId), inArray(notificationPreferences.delivery, ['daily', 'weekly'])))
    .run();
  return true;
}
