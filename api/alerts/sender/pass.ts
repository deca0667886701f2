// One pass of the alert sender: every active alert that is due gets the matching jobs it has
// never sent (posted or first imported after it was made), by email and/or push; then saved jobs
// closing within 3 days get their one reminder. `npm run alerts:send` runs one pass; the server
// runs one every ALERTS_INTERVAL_MINUTES and after each scheduled jobs refresh.
// Users are served a few at a time, each within a time budget, the pass within its own; a device
// that keeps failing is dropped, a failed push-only reminder backs off (decision 1407).
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { DB } from '../../../db/client';
import { alerts, alertSentJobs, jobReminders, pushSubscriptions, reminderBackoff, users, type Alert } from '../../../db/schema';
import { digestEmail, dueDigests, duePushes, markEmailed, markPushed, pushPayloadOf, type DuePush } from '../../notifications/delivery';
import type { Mailer } from './mailer';
import { pushOfList, type PushPayload, type PushSender } from './push';
import { alertEmail, alertListUrl, MAX_JOBS_PER_MESSAGE, reminderEmail, schoolOf } from './render';
import { isDue } from './schedule';
import { digestUnsubscribeToken, unsubscribeToken } from './settings';
import { dueReminders, matchingJobs, reminderPrefs, reminderRetryDelayMs } from './due';

export { dueReminders, matchingJobs, REMINDER_WINDOW_MS, reminderPrefs, reminderRetryDelayMs } from './due';

export interface AlertsDeps {
  appUrl: string;
  /** null: email is off (production without SMTP_URL). */
  mailer: Mailer | null;
  /** null: push is off. */
  push: PushSender | null;
  log?: (line: string) => void;
  /** Concurrency, time budgets and failures allowed (default DEFAULT_PUSH_LIMITS). */
  limits?: Partial<PushLimits>;
}

export interface PassResult {
  alertsDue: number;
  alertsSent: number;
  jobsSent: number;
  emails: number;
  pushes: number;
  subscriptionsRemoved: number;
  reminders: number;
  failures: number;
  /** Alerts and reminder messages left for the next pass because a time budget ran out. */
  deferred: number;
  /** Notifications pushed to their owner's devices (her delivery for the topic is push; decision 2010). */
  notificationsPushed: number;
  /** Notification digests emailed (daily or weekly; decision 2010). */
  digests: number;
}

/** Sends in one pass, and how long they may take (decision 1407). */
export interface PushLimits {
  /** Users whose alerts and reminders are being sent at once. */
  concurrency: number;
  /** One push, from resolving the endpoint to the answer. */
  sendTimeoutMs: number;
  /** All of one user's alerts and reminders in a pass; what is left waits for the next pass. */
  userBudgetMs: number;
  /** The whole pass: no user is started after it, pushes still in flight are abandoned. */
  passBudgetMs: number;
  /** Passes in a row a subscription may fail before it is dropped. */
  maxFailures: number;
}

export const DEFAULT_PUSH_LIMITS: PushLimits = {
  concurrency: 4,
  sendTimeoutMs: 10_000,
  userBudgetMs: 30_000,
  passBudgetMs: 120_000,
  maxFailures: 3,
};

/** Devices a pass sends to per user (the route keeps at most this many; rows from before that cap beyond it wait). */
const MAX_DEVICES_PER_SEND = 10;

interface PassContext {
  db: DB;
  deps: AlertsDeps;
  now: Date;
  limits: PushLimits;
  result: PassResult;
  /** Aborts when the pass's budget is spent. */
  passSignal: AbortSignal;
  /** Subscriptions that failed in this pass: not tried again until the next one. */
  failedThisPass: Set<number>;
}

/** Sends one payload to every device of a user at once; forgets devices whose push service says they are gone or that keep failing. */
async function pushToUser(
  ctx: PassContext,
  userId: string,
  payload: PushPayload,
  signal: AbortSignal,
): Promise<{ sent: number; failed: number }> {
  const { db, deps, now, limits, result } = ctx;
  const push = deps.push;
  if (!push) return { sent: 0, failed: 0 };
  const devices = db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.id))
    .limit(MAX_DEVICES_PER_SEND)
    .all();
  const subs = devices.filter((s) => !ctx.failedThisPass.has(s.id));
  const failedBefore = devices.length - subs.length;
  const outcomes = await Promise.all(
    subs.map(async (sub) => {
      try {
        const r = await push.send(sub, payload, AbortSignal.any([signal, AbortSignal.timeout(limits.sendTimeoutMs)]));
        if (r === 'gone') {
          db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id)).run();
          result.subscriptionsRemoved++;
          return 'gone';
        }
        if (sub.failures > 0)
          db.update(pushSubscriptions).set({ failures: 0, lastFailureAt: null }).where(eq(pushSubscriptions.id, sub.id)).run();
        result.pushes++;
        return 'sent';
      } catch (error) {
        result.failures++;
        // The pass ran out of time: not this device's fault, and it is tried next pass.
        if (ctx.passSignal.aborted) return 'abandoned';
        ctx.failedThisPass.add(sub.id);
        db.update(pushSubscriptions)
          .set({ failures: sql`${pushSubscriptions.failures} + 1`, lastFailureAt: now })
          .where(eq(pushSubscriptions.id, sub.id))
          .run();
        const dropped = db
          .delete(pushSubscriptions)
          .where(and(eq(pushSubscriptions.id, sub.id), gte(pushSubscriptions.failures, limits.maxFailures)))
          .run().changes;
        if (dropped) result.subscriptionsRemoved++;
        deps.log?.(
          `Push to subscription ${sub.id} failed${dropped ? ` ${limits.maxFailures} passes in a row; dropped` : ''}: ${(error as Error).message}`,
        );
        return 'failed';
      }
    }),
  );
  return { sent: outcomes.filter((o) => o === 'sent').length, failed: failedBefore + outcomes.filter((o) => o === 'failed').length };
}

/** Runs `task` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
}

let running: Promise<PassResult> | null = null;

/** One pass (one at a time per process: a second call while one runs gets the same promise). */
export function runAlertsPass(db: DB, deps: AlertsDeps, now: Date): Promise<PassResult> {
  if (running) return running;
  running = pass(db, deps, now).finally(() => {
    running = null;
  });
  return running;
}

type DueReminder = ReturnType<typeof dueReminders>[number];

interface UserWork {
  email: string | null;
  alerts: Alert[];
  reminders: DueReminder[];
  notifications: DuePush[];
  digests: DueDigest[];
}

async function pass(db: DB, deps: AlertsDeps, now: Date): Promise<PassResult> {
  const result: PassResult = {
    alertsDue: 0,
    alertsSent: 0,
    jobsSent: 0,
    emails: 0,
    pushes: 0,
    subscriptionsRemoved: 0,
    reminders: 0,
    failures: 0,
    deferred: 0,
    notificationsPushed: 0,
    digests: 0,
  };
  const limits = { ...DEFAULT_PUSH_LIMITS, ...deps.limits };
  const ctx: PassContext = {
    db,
    deps,
    now,
    limits,
    result,
    passSignal: AbortSignal.timeout(limits.passBudgetMs),
    failedThisPass: new Set(),
  };
  // What each user is due, so that one user's slow devices hold up only that user (at most
  // `concurrency` users at a time, each within its own budget).
  const work = new Map<string, UserWork>();
  const of = (userId: string, email: string | null) =>
    work.get(userId) ?? work.set(userId, { email, alerts: [], reminders: [], notifications: [], digests: [] }).get(userId)!;
  const rows = db
    .select({ alert: alerts, email: users.email })
    .from(alerts)
    .innerJoin(users, eq(alerts.userId, users.id))
    .where(eq(alerts.active, true))
    .orderBy(alerts.id)
    .all();
  for (const { alert, email } of rows) {
    if (!isDue(alert, now)) continue;
    result.alertsDue++;
    of(alert.userId, email).alerts.push(alert);
  }
  for (const r of dueReminders(db, now)) of(r.userId, r.email).reminders.push(r);
  if (deps.push) for (const n of duePushes(db, now)) of(n.userId, null).notifications.push(n);
  if (deps.mailer) for (const d of dueDigests(db, now)) of(d.userId, d.email).digests.push(d);
  await eachLimited([...work], limits.concurrency, async ([userId, w]) => {
    const batches = w.alerts.length + (w.reminders.length ? 1 : 0) + (w.notifications.length ? 1 : 0) + w.digests.length;
    if (ctx.passSignal.aborted) {
      result.deferred += batches;
      return;
    }
    const signal = AbortSignal.any([ctx.passSignal, AbortSignal.timeout(limits.userBudgetMs)]);
    for (const alert of w.alerts) {
      if (signal.aborted) result.deferred++;
      else await sendAlert(ctx, alert, w.email, signal);
    }
    if (w.reminders.length) {
      if (signal.aborted) result.deferred++;
      else await sendReminders(ctx, userId, w.reminders, signal);
    }
    if (w.notifications.length) {
      if (signal.aborted) result.deferred++;
      else await sendNotificationPush(ctx, userId, w.notifications, signal);
    }
    for (const d of w.digests) {
      if (signal.aborted) result.deferred++;
      else await sendDigest(ctx, d);
    }
  });
  return result;
}

async function sendAlert(ctx: PassContext, alert: Alert, email: string | null, signal: AbortSignal) {
  const { db, deps, now, result } = ctx;
  const found = matchingJobs(db, alert, now);
  if (found.length === 0) {
    db.update(alerts).set({ lastCheckedAt: now }).where(eq(alerts.id, alert.id)).run();
    return;
  }
  let delivered = false;
  let failed = false;
  if (alert.email && email && deps.mailer) {
    const unsubscribeUrl = `${deps.appUrl}/unsubscribe/${unsubscribeToken(db, alert.id)}`;
    const mail = alertEmail({
      appUrl: deps.appUrl,
      alertName: alert.name,
      filters: alert.filters,
      jobs: found.slice(0, MAX_JOBS_PER_MESSAGE),
      total: found.length,
      unsubscribeUrl,
    });
    if (await mailed(ctx, { to: email, ...mail, headers: unsubscribeHeaders(unsubscribeUrl) }, `Alert ${alert.id}: email failed`))
      delivered = true;
    else failed = true;
  }
  if (alert.push) {
    const tag = `alert-${alert.id}`;
    const payload = pushOfList(
      found,
      (job) => ({ title: `New job: ${job.title}`, body: `${schoolOf(job)}, ${job.borough}`, url: `/jobs/${job.id}`, tag }),
      { title: `${found.length} new jobs: ${alert.name}`, url: alertListUrl('', alert.filters), tag },
      (job) => job.title,
    );
    if ((await pushToUser(ctx, alert.userId, payload, signal)).sent > 0) delivered = true;
  }
  // An email that failed is retried next pass (the jobs stay unsent); otherwise the jobs count as
  // sent, also when the user has no reachable channel, so a later device does not get a backlog.
  if (failed && !delivered) return;
  db.transaction((tx) => {
    for (const j of found) tx.insert(alertSentJobs).values({ alertId: alert.id, jobId: j.id, sentAt: now }).onConflictDoNothing().run();
    tx.update(alerts).set({ lastCheckedAt: now, lastSentAt: now }).where(eq(alerts.id, alert.id)).run();
  });
  result.alertsSent++;
  result.jobsSent += found.length;
}

/** The one-click unsubscribe of an alert or a digest email (RFC 8058). */
const unsubscribeHeaders = (url: string) => ({ 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

/**
 * Sends one email (deps.mailer is set): counted when sent; a failure is counted and logged as
 * `failure`, and the caller leaves its rows for the next pass. Whether it was sent.
 */
async function mailed(ctx: PassContext, message: Parameters<Mailer['send']>[0], failure: string): Promise<boolean> {
  try {
    await ctx.deps.mailer!.send(message);
    ctx.result.emails++;
    return true;
  } catch (error) {
    ctx.result.failures++;
    ctx.deps.log?.(`${failure} (${(error as Error).message}); will retry next pass`);
    return false;
  }
}

/**
 * Her new notifications in one push (decision 2010). Marked pushed when a device took it or she
 * has none (no backlog for a device added later); a failed push is tried again next pass, while
 * the notification is recent (delivery.ts PUSH_WINDOW_MS).
 */
async function sendNotificationPush(ctx: PassContext, userId: string, list: DuePush[], signal: AbortSignal) {
  const pushed = await pushToUser(ctx, userId, pushPayloadOf(list), signal);
  if (pushed.sent === 0 && pushed.failed > 0) return;
  markPushed(
    ctx.db,
    list.map((n) => n.id),
    ctx.now,
  );
  if (pushed.sent > 0) ctx.result.notificationsPushed += list.length;
}

type DueDigest = ReturnType<typeof dueDigests>[number];

/**
 * Her daily or weekly digest in one email with a one-click unsubscribe (decision 2010). Sent: its
 * notifications are marked emailed; no address: marked too (nowhere to send, no backlog); an SMTP
 * failure marks nothing and the next pass retries.
 */
async function sendDigest(ctx: PassContext, d: DueDigest) {
  const { db, deps, now, result } = ctx;
  const ids = d.rows.map((r) => r.id);
  if (!deps.mailer) return;
  if (!d.email) return markEmailed(db, ids, now);
  const unsubscribeUrl = `${deps.appUrl}/unsubscribe/${digestUnsubscribeToken(db, ids[ids.length - 1])}`;
  const mail = digestEmail({ appUrl: deps.appUrl, frequency: d.frequency, rows: d.rows, unsubscribeUrl });
  if (await mailed(ctx, { to: d.email, ...mail, headers: unsubscribeHeaders(unsubscribeUrl) }, 'Notification digest email failed')) {
    markEmailed(db, ids, now);
    result.digests++;
  }
}

/** One user's closing-date reminders in one message per channel. */
async function sendReminders(ctx: PassContext, userId: string, list: DueReminder[], signal: AbortSignal) {
  const { db, deps, now, result } = ctx;
  const prefs = reminderPrefs(db, userId);
  let delivered = false;
  let pushFailed = false;
  if (prefs.email && list[0].email && deps.mailer) {
    if (await mailed(ctx, { to: list[0].email, ...reminderEmail({ appUrl: deps.appUrl, jobs: list }) }, 'Reminder email failed'))
      delivered = true;
  }
  if (prefs.push) {
    const payload = pushOfList(
      list,
      (job) => ({
        title: `Closing soon: ${job.title}`,
        body: `${schoolOf(job)}, ${job.borough}`,
        url: `/jobs/${job.id}`,
        tag: `reminder-${job.id}`,
      }),
      { title: `${list.length} saved jobs close soon`, url: '/dashboard', tag: 'reminders' },
      (job) => job.title,
    );
    const pushed = await pushToUser(ctx, userId, payload, signal);
    if (pushed.sent > 0) delivered = true;
    pushFailed = pushed.failed > 0;
  }
  if (!delivered) {
    // No channel yet: tried again next pass while the job is still open. A device that failed:
    // not before its back-off, so a dead endpoint is not waited for on every pass.
    if (pushFailed) {
      const failures = (db.select().from(reminderBackoff).where(eq(reminderBackoff.userId, userId)).get()?.failures ?? 0) + 1;
      const values = { userId, failures, retryAt: new Date(now.getTime() + reminderRetryDelayMs(failures)) };
      db.insert(reminderBackoff).values(values).onConflictDoUpdate({ target: reminderBackoff.userId, set: values }).run();
    }
    return;
  }
  db.transaction((tx) => {
    tx.insert(jobReminders)
      .values(list.map((j) => ({ userId, jobId: j.id, sentAt: now })))
      .onConflictDoNothing()
      .run();
    tx.delete(reminderBackoff).where(eq(reminderBackoff.userId, userId)).run();
  });
  result.reminders += list.length;
}
