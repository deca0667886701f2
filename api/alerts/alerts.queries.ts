// Job alerts: saved Jobs searches (or one followed school) sent by email and/or push,
// instantly, daily at 07:00 or weekly on Sunday at 07:00 London time (alerts/sender/).
// Also the unsubscribe links of the emails and the closing-date reminder preferences.
import { and, desc, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { z } from 'zod';
import type { DB } from '../../db/client';
import { ALERT_FREQUENCIES, alerts, alertSentJobs, jobs, schools, type Alert, type AlertFilters } from '../../db/schema';
import { countsBy } from '../platform/counts';
import { ApiError, notFound } from '../platform/http-error';
import type { SignedInEnv } from '../platform/route';
import { jobsQuery } from '../jobs/jobs.queries';
import { alertSummary } from '../../core/alert-summary';
import { TEXT_MAX } from '../../core/constants';

export { alertSummary };

export const MAX_ALERTS_PER_USER = 20;

export const alertFiltersSchema = jobsQuery
  .omit({ limit: true, sort: true, cursor: true, exact: true })
  .extend({
    schoolId: z
      .number({ message: 'School must be a school id' })
      .int('School must be a school id')
      .positive('School must be a school id')
      .optional(),
  })
  .strict();

const channelsSchema = z
  .object({ email: z.boolean().default(false), push: z.boolean().default(false) })
  .refine((c) => c.email || c.push, { message: 'Choose email, push or both', path: ['email'] });

const nameSchema = z.string().trim().min(1, 'Name is required').max(TEXT_MAX.label, `Name must be at most ${TEXT_MAX.label} characters`);

export const createAlertBody = z.object({
  name: nameSchema.optional(),
  filters: alertFiltersSchema.prefault({}),
  frequency: z.enum(ALERT_FREQUENCIES, { message: 'Frequency must be instant, daily or weekly' }),
  channels: channelsSchema,
});

export const updateAlertBody = z
  .object({
    name: nameSchema,
    filters: alertFiltersSchema,
    frequency: z.enum(ALERT_FREQUENCIES, { message: 'Frequency must be instant, daily or weekly' }),
    channels: channelsSchema,
    active: z.boolean({ message: 'Active must be true or false' }),
  })
  .partial();

export const tokenParam = z.object({ token: z.string().max(TEXT_MAX.token) });
export const unsubscribeBody = z.object({ active: z.boolean({ message: 'Active must be true or false' }).default(false) });
export const reminderPrefsBody = z.object({
  email: z.boolean({ message: 'Email must be true or false' }),
  push: z.boolean({ message: 'Push must be true or false' }),
});

/** Drops the empty filters, so a stored alert says only what it filters on. */
export function cleanFilters(f: z.output<typeof alertFiltersSchema>): AlertFilters {
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== ''));
}

export function schoolName(db: DB, id: number | undefined) {
  if (!id) return null;
  const row = db.select({ name: schools.name }).from(schools).where(eq(schools.id, id)).get();
  if (!row) throw new ApiError(400, { error: 'Invalid input', fields: { 'filters.schoolId': 'School not found' } });
  return row.name;
}

export function ownAlert(c: Context<SignedInEnv>, id: number): Alert {
  const row = c
    .get('db')
    .select()
    .from(alerts)
    .where(and(eq(alerts.id, id), eq(alerts.userId, c.get('user').id)))
    .get();
  if (!row) throw notFound('Alert');
  return row;
}

export function toAlert(a: Alert) {
  return {
    id: a.id,
    name: a.name,
    filters: a.filters,
    frequency: a.frequency,
    channels: { email: a.email, push: a.push },
    active: a.active,
    createdAt: a.createdAt,
    lastSentAt: a.lastSentAt,
  };
}

/** The user's alerts with how many jobs each has sent and the jobs of its last send. */
export function listAlerts(db: DB, userId: string) {
  const rows = db.select().from(alerts).where(eq(alerts.userId, userId)).orderBy(desc(alerts.createdAt), desc(alerts.id)).all();
  const ids = rows.map((a) => a.id);
  const counts = countsBy(db, alertSentJobs.alertId, ids);
  return rows.map((a) => {
    const last = a.lastSentAt
      ? db
          .select({ id: jobs.id, title: jobs.title, schoolName: schools.name, borough: jobs.borough })
          .from(alertSentJobs)
          .innerJoin(jobs, eq(alertSentJobs.jobId, jobs.id))
          .leftJoin(schools, eq(jobs.schoolId, schools.id))
          .where(and(eq(alertSentJobs.alertId, a.id), eq(alertSentJobs.sentAt, a.lastSentAt)))
          .orderBy(desc(jobs.postedAt))
          .limit(20)
          .all()
      : [];
    return { ...toAlert(a), matchCount: counts.get(a.id) ?? 0, lastSentJobs: last };
  });
}
