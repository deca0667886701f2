// What a pass of the alert sender finds due (api/alerts/sender/pass.ts): the jobs an alert would
// send now, the saved jobs whose closing-date reminder is due, a user's reminder channels, and how
// long a failed push-only reminder waits.
import { and, desc, eq, gt, gte, isNotNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { DB } from '../../../db/client';
import {
  alertSentJobs,
  jobReminders,
  jobs,
  reminderBackoff,
  reminderPreferences,
  savedJobs,
  schools,
  users,
  type Alert,
} from '../../../db/schema';
import { oneMonthBefore } from '../../../core/job-window';
import { jobFilterConditions } from '../../jobs/jobs.queries';
import type { MailJob } from './render';

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
        // On the board now: a school's job published for a later date waits for it (decision 2104).
        eq(jobs.isActive, true),
        gte(jobs.postedAt, oneMonthBefore(now)),
        lte(jobs.postedAt, now),
        or(gt(jobs.postedAt, alert.createdAt), gt(jobs.createdAt, alert.createdAt)),
        ...jobFilterConditions(alert.filters as Parameters<typeof jobFilterConditions>[0]),
        notExists(
          db
            .select({ one: sql`1` })
            .from(alertSentJobs)
            .where(and(eq(alertSentJobs.alertId, alert.id), eq(alertSentJobs.jobId, jobs.id))),
        ),
      ),
    )
    .orderBy(desc(jobs.postedAt), desc(jobs.id))
    .all();
}

/** A failed push-only reminder waits 15 min, then 30, 60… up to 6 hours before it is tried again. */
export function reminderRetryDelayMs(failures: number): number {
  return Math.min(6 * 3600_000, 15 * 60_000 * 2 ** Math.max(0, failures - 1));
}

/** Saved jobs on the board whose closing date is within 3 days and which never had a reminder, by user; none for a user whose failed reminder waits (reminder_backoff). */
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
        notExists(
          db
            .select({ one: sql`1` })
            .from(jobReminders)
            .where(and(eq(jobReminders.userId, savedJobs.userId), eq(jobReminders.jobId, jobs.id))),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(reminderBackoff)
            .where(and(eq(reminderBackoff.userId, savedJobs.userId), gt(reminderBackoff.retryAt, now))),
        ),
      ),
    )
    .orderBy(savedJobs.userId, jobs.applicationDeadline)
    .all();
}

export function reminderPrefs(db: DB, userId: string) {
  const row = db.select().from(reminderPreferences).where(eq(reminderPreferences.userId, userId)).get();
  return { email: row?.email ?? true, push: row?.push ?? true };
}
