// One pass of the alert sender: every active alert that is due gets the matching jobs it has
// never sent (posted or first imported after it was made), by email and/or push; then saved jobs
// closing within 3 days get their one reminder. `npm run alerts:send` runs one pass; the server
// runs one every ALERTS_INTERVAL_MINUTES and after each scheduled jobs refresh.
import { and, desc, eq, gt, gte, isNotNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { DB } from '../../../db/client';
import { alerts, alertSentJobs, jobReminders, jobs, pushSubscriptions, reminderPreferences, savedJobs, schools, users, type Alert } from '../../../db/schema';
import { oneMonthBefore } from '../../lib/time';
import { jobFilterConditions } from '../../queries/jobs';
import type { Mailer } from './mailer';
import type { PushPayload, PushSender } from './push';
import { alertEmail, alertListUrl, MAX_JOBS_PER_MESSAGE, reminderEmail, schoolOf, type MailJob } from './render';
import { isDue } from './schedule';
import { unsubscribeToken } from './settings';

export interface AlertsDeps {
  appUrl: string;
  /** null: email is off (production without SMTP_URL). */
  mailer: Mailer | null;
  /** null: push is off. */
  push: PushSender | null;
  log?: (line: string) => void;
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
}

export const REMINDER_WINDOW_MS = 3 * 24 * 3600 * 1000;

const mailJobColumns = {
  id: jobs.id,
  title: jobs.title,
  schoolName: schools.name,
  employerName: jobs.employerName,
  borough: jobs.borough,
  salaryMin: jobs.salaryMin,
  salaryMax: jobs.salaryMax,
  salaryText: jobs.salaryText,
  applicationDeadline: jobs.applicationDeadline,
};

/** The jobs an alert would send now, newest first: matching, on the board, new since it was made, never sent by it. */
export function matchingJobs(db: DB, alert: Pick<Alert, 'id' | 'filters' | 'createdAt'>, now: Date): MailJob[] {
  return db
    .select(mailJobColumns)
    .from(jobs)
    .leftJoin(schools, eq(jobs.schoolId, schools.id))
    .where(
      and(
        eq(jobs.isActive, true),
        gte(jobs.postedAt, oneMonthBefore(now)),
        or(gt(jobs.postedAt, alert.createdAt), gt(jobs.createdAt, alert.createdAt)),
        ...jobFilterConditions(alert.filters as Parameters<typeof jobFilterConditions>[0]),
        notExists(db.select({ one: sql`1` }).from(alertSentJobs).where(and(eq(alertSentJobs.alertId, alert.id), eq(alertSentJobs.jobId, jobs.id)))),
      ),
    )
    .orderBy(desc(jobs.postedAt), desc(jobs.id))
    .all();
}

function subscriptionsOf(db: DB, userId: string) {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).all();
}

/** Sends one payload to every device of a user; forgets devices whose push service says they are gone. */
async function pushToUser(db: DB, deps: AlertsDeps, userId: string, payload: PushPayload, result: PassResult): Promise<number> {
  if (!deps.push) return 0;
  let sent = 0;
  for (const sub of subscriptionsOf(db, userId)) {
    try {
      const r = await deps.push.send(sub, payload);
      if (r === 'gone') {
        db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id)).run();
        result.subscriptionsRemoved++;
      } else {
        sent++;
        result.pushes++;
      }
    } catch (error) {
      result.failures++;
      deps.log?.(`Push to subscription ${sub.id} failed: ${(error as Error).message}`);
    }
  }
  return sent;
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

async function pass(db: DB, deps: AlertsDeps, now: Date): Promise<PassResult> {
  const result: PassResult = { alertsDue: 0, alertsSent: 0, jobsSent: 0, emails: 0, pushes: 0, subscriptionsRemoved: 0, reminders: 0, failures: 0 };
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
    const found = matchingJobs(db, alert, now);
    if (found.length === 0) {
      db.update(alerts).set({ lastCheckedAt: now }).where(eq(alerts.id, alert.id)).run();
      continue;
    }
    let delivered = false;
    let failed = false;
    if (alert.email && email && deps.mailer) {
      const unsubscribeUrl = `${deps.appUrl}/unsubscribe/${unsubscribeToken(db, alert.id)}`;
      const mail = alertEmail({ appUrl: deps.appUrl, alertName: alert.name, filters: alert.filters, jobs: found.slice(0, MAX_JOBS_PER_MESSAGE), total: found.length, unsubscribeUrl });
      try {
        await deps.mailer.send({
          to: email,
          ...mail,
          headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        });
        result.emails++;
        delivered = true;
      } catch (error) {
        failed = true;
        result.failures++;
        deps.log?.(`Alert ${alert.id}: email failed (${(error as Error).message}); will retry next pass`);
      }
    }
    if (alert.push) {
      const first = found[0];
      const payload: PushPayload =
        found.length === 1
          ? { title: `New job: ${first.title}`, body: `${schoolOf(first)}, ${first.borough}`, url: `/jobs/${first.id}`, tag: `alert-${alert.id}` }
          : { title: `${found.length} new jobs: ${alert.name}`, body: found.slice(0, 3).map((j) => j.title).join(' · '), url: alertListUrl('', alert.filters), tag: `alert-${alert.id}` };
      if ((await pushToUser(db, deps, alert.userId, payload, result)) > 0) delivered = true;
    }
    // An email that failed is retried next pass (the jobs stay unsent); otherwise the jobs count as
    // sent, also when the user has no reachable channel, so a later device does not get a backlog.
    if (failed && !delivered) continue;
    db.transaction((tx) => {
      for (const j of found) tx.insert(alertSentJobs).values({ alertId: alert.id, jobId: j.id, sentAt: now }).onConflictDoNothing().run();
      tx.update(alerts).set({ lastCheckedAt: now, lastSentAt: now }).where(eq(alerts.id, alert.id)).run();
    });
    result.alertsSent++;
    result.jobsSent += found.length;
  }
  await sendReminders(db, deps, now, result);
  return result;
}

/** Saved jobs on the board whose closing date is within 3 days and which never had a reminder, by user. */
export function dueReminders(db: DB, now: Date) {
  return db
    .select({ userId: savedJobs.userId, email: users.email, ...mailJobColumns })
    .from(savedJobs)
    .innerJoin(users, eq(savedJobs.userId, users.id))
    .innerJoin(jobs, eq(savedJobs.jobId, jobs.id))
    .leftJoin(schools, eq(jobs.schoolId, schools.id))
    .where(
      and(
        eq(jobs.isActive, true),
        isNotNull(jobs.applicationDeadline),
        gt(jobs.applicationDeadline, now),
        lte(jobs.applicationDeadline, new Date(now.getTime() + REMINDER_WINDOW_MS)),
        notExists(db.select({ one: sql`1` }).from(jobReminders).where(and(eq(jobReminders.userId, savedJobs.userId), eq(jobReminders.jobId, jobs.id)))),
      ),
    )
    .orderBy(savedJobs.userId, jobs.applicationDeadline)
    .all();
}

export function reminderPrefs(db: DB, userId: string) {
  const row = db.select().from(reminderPreferences).where(eq(reminderPreferences.userId, userId)).get();
  return { email: row?.email ?? true, push: row?.push ?? true };
}

async function sendReminders(db: DB, deps: AlertsDeps, now: Date, result: PassResult) {
  const due = dueReminders(db, now);
  const byUser = new Map<string, typeof due>();
  for (const r of due) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r]);
  for (const [userId, list] of byUser) {
    const prefs = reminderPrefs(db, userId);
    let delivered = false;
    if (prefs.email && list[0].email && deps.mailer) {
      try {
        await deps.mailer.send({ to: list[0].email, ...reminderEmail({ appUrl: deps.appUrl, jobs: list }) });
        result.emails++;
        delivered = true;
      } catch (error) {
        result.failures++;
        deps.log?.(`Reminder email failed (${(error as Error).message}); will retry next pass`);
      }
    }
    if (prefs.push) {
      const payload: PushPayload =
        list.length === 1
          ? { title: `Closing soon: ${list[0].title}`, body: `${schoolOf(list[0])}, ${list[0].borough}`, url: `/jobs/${list[0].id}`, tag: `reminder-${list[0].id}` }
          : { title: `${list.length} saved jobs close soon`, body: list.slice(0, 3).map((j) => j.title).join(' · '), url: '/dashboard', tag: 'reminders' };
      if ((await pushToUser(db, deps, userId, payload, result)) > 0) delivered = true;
    }
    // Not delivered anywhere (no channel yet, or a failure): tried again next pass while the job is still open.
    if (!delivered) continue;
    db.insert(jobReminders)
      .values(list.map((j) => ({ userId, jobId: j.id, sentAt: now })))
      .onConflictDoNothing()
      .run();
    result.reminders += list.length;
  }
}
