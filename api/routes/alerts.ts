// Job alerts (issue 12): saved Jobs searches (or one followed school) sent by email and/or push,
// instantly, daily at 07:00 or weekly on Sunday at 07:00 London time (services/alerts/).
// Also the unsubscribe links of the emails and the closing-date reminder preferences.
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { DB } from '../../db/client';
import { ALERT_FREQUENCIES, alerts, alertSentJobs, jobs, reminderPreferences, schools, type Alert, type AlertFilters } from '../../db/schema';
import type { AppEnv } from '../context';
import { ApiError, notFound } from '../lib/http-error';
import { idParam, validate } from '../lib/validate';
import { rateLimit, writeLimited } from '../middleware/rate-limit';
import { requireUser } from '../middleware/session';
import { reminderPrefs } from '../services/alerts/pass';
import { verifyUnsubscribeToken } from '../services/alerts/settings';
import { jobsQuery } from '../jobs/jobs.queries';
import { alertSummary } from '../../db/alert-summary';

export { alertSummary };

export const MAX_ALERTS_PER_USER = 20;

export const alertFiltersSchema = jobsQuery
  .omit({ limit: true, sort: true, cursor: true })
  .extend({ schoolId: z.number({ message: 'School must be a school id' }).int('School must be a school id').positive('School must be a school id').optional() })
  .strict();

const channelsSchema = z
  .object({ email: z.boolean().default(false), push: z.boolean().default(false) })
  .refine((c) => c.email || c.push, { message: 'Choose email, push or both', path: ['email'] });

const nameSchema = z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters');

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

const tokenParam = z.object({ token: z.string().max(100) });
const unsubscribeBody = z.object({ active: z.boolean({ message: 'Active must be true or false' }).default(false) });
export const reminderPrefsBody = z.object({ email: z.boolean({ message: 'Email must be true or false' }), push: z.boolean({ message: 'Push must be true or false' }) });

/** Drops the empty filters, so a stored alert says only what it filters on. */
function cleanFilters(f: z.output<typeof alertFiltersSchema>): AlertFilters {
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== '')) as AlertFilters;
}

function schoolName(db: DB, id: number | undefined) {
  if (!id) return null;
  const row = db.select({ name: schools.name }).from(schools).where(eq(schools.id, id)).get();
  if (!row) throw new ApiError(400, { error: 'Invalid input', fields: { 'filters.schoolId': 'School not found' } });
  return row.name;
}

function ownAlert(c: Context<AppEnv>, id: number): Alert {
  const row = c.get('db').select().from(alerts).where(and(eq(alerts.id, id), eq(alerts.userId, c.get('user')!.id))).get();
  if (!row) throw notFound('Alert');
  return row;
}

function toAlert(a: Alert) {
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
function listAlerts(db: DB, userId: string) {
  const rows = db.select().from(alerts).where(eq(alerts.userId, userId)).orderBy(desc(alerts.createdAt), desc(alerts.id)).all();
  const ids = rows.map((a) => a.id);
  const counts = new Map(
    ids.length
      ? db.select({ alertId: alertSentJobs.alertId, n: count() }).from(alertSentJobs).where(inArray(alertSentJobs.alertId, ids)).groupBy(alertSentJobs.alertId).all().map((r) => [r.alertId, r.n])
      : [],
  );
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

export const alertsRoutes = new Hono<AppEnv>()
  .get('/', requireUser, (c) => c.json(listAlerts(c.get('db'), c.get('user')!.id)))
  .post('/', requireUser, rateLimit, validate('json', createAlertBody), (c) => {
    const db = c.get('db');
    const user = c.get('user')!;
    const body = c.req.valid('json');
    const filters = cleanFilters(body.filters);
    const school = schoolName(db, filters.schoolId);
    const name = body.name ?? alertSummary(filters, school);
    const now = c.get('now')();
    const created = db.transaction((tx) => {
      const n = tx.select({ n: count() }).from(alerts).where(eq(alerts.userId, user.id)).get()!.n;
      if (n >= MAX_ALERTS_PER_USER) return null;
      return tx
        .insert(alerts)
        .values({ userId: user.id, name, filters, frequency: body.frequency, email: body.channels.email, push: body.channels.push, createdAt: now, updatedAt: now })
        .returning()
        .get();
    });
    if (!created) return c.json({ error: `You can have at most ${MAX_ALERTS_PER_USER} alerts. Delete one to add another.` }, 409);
    return c.json({ ...toAlert(created), matchCount: 0, lastSentJobs: [] as { id: number; title: string; schoolName: string | null; borough: string }[] }, 201);
  })
  .get('/reminders', requireUser, (c) => c.json(reminderPrefs(c.get('db'), c.get('user')!.id)))
  .put('/reminders', requireUser, rateLimit, validate('json', reminderPrefsBody), (c) => {
    const body = c.req.valid('json');
    const userId = c.get('user')!.id;
    c.get('db')
      .insert(reminderPreferences)
      .values({ userId, ...body, updatedAt: c.get('now')() })
      .onConflictDoUpdate({ target: reminderPreferences.userId, set: { ...body, updatedAt: c.get('now')() } })
      .run();
    return c.json(reminderPrefs(c.get('db'), userId));
  })
  // The unsubscribe page: the signed token is the only credential (no cookie needed).
  .get('/unsubscribe/:token', validate('param', tokenParam), (c) => {
    const db = c.get('db');
    const id = verifyUnsubscribeToken(db, c.req.valid('param').token);
    const row = id ? db.select().from(alerts).where(eq(alerts.id, id)).get() : undefined;
    if (!row) return c.json({ error: 'This link is not valid, or the alert was deleted' }, 404);
    return c.json({ id: row.id, name: row.name, active: row.active });
  })
  // A pause is never refused (an unsubscribe link must always work) and writes only when the alert
  // is active; a resume is a write of the alert's owner, under her write limit (decision 1410).
  .post('/unsubscribe/:token', validate('param', tokenParam), validate('json', unsubscribeBody), (c) => {
    const db = c.get('db');
    const id = verifyUnsubscribeToken(db, c.req.valid('param').token);
    const { active } = c.req.valid('json');
    const row = id ? db.select().from(alerts).where(eq(alerts.id, id)).get() : undefined;
    if (!row) return c.json({ error: 'This link is not valid, or the alert was deleted' }, 404);
    if (row.active !== active) {
      const refused = active && writeLimited(c, row.userId);
      if (refused) return refused;
      const now = c.get('now')();
      db.update(alerts)
        .set({ active, updatedAt: now, ...(active && { lastCheckedAt: now }) })
        .where(and(eq(alerts.id, row.id), eq(alerts.active, !active)))
        .run();
    }
    return c.json({ id: row.id, name: row.name, active });
  })
  .patch('/:id', requireUser, rateLimit, validate('param', idParam), validate('json', updateAlertBody), (c) => {
    const db = c.get('db');
    const alert = ownAlert(c, c.req.valid('param').id);
    const body = c.req.valid('json');
    const filters = body.filters ? cleanFilters(body.filters) : undefined;
    if (filters?.schoolId) schoolName(db, filters.schoolId);
    const row = db
      .update(alerts)
      .set({
        ...(body.name !== undefined && { name: body.name }),
        ...(filters && { filters }),
        ...(body.frequency && { frequency: body.frequency }),
        ...(body.channels && { email: body.channels.email, push: body.channels.push }),
        ...(body.active !== undefined && { active: body.active }),
        // Resumed: a daily/weekly alert waits for its next 07:00 instead of sending at once.
        ...(body.active === true && !alert.active && { lastCheckedAt: c.get('now')() }),
        updatedAt: c.get('now')(),
      })
      .where(eq(alerts.id, alert.id))
      .returning()
      .get()!;
    return c.json(listAlerts(db, row.userId).find((a) => a.id === row.id)!);
  })
  .delete('/:id', requireUser, rateLimit, validate('param', idParam), (c) => {
    const alert = ownAlert(c, c.req.valid('param').id);
    c.get('db').delete(alerts).where(eq(alerts.id, alert.id)).run();
    return c.json({ deleted: true });
  });

/**
 * RFC 8058 one-click unsubscribe: `POST {APP_URL}/unsubscribe/{token}` (mounted outside /api, so
 * no cookie, CSRF or JSON rule applies; mail providers post `List-Unsubscribe=One-Click` as a form).
 * It pauses the alert the token names. The same address opened in a browser is the web page.
 */
export function oneClickUnsubscribe(db: DB, now: () => Date = () => new Date()) {
  return (c: Context) => {
    const id = verifyUnsubscribeToken(db, c.req.param('token') ?? '');
    const row = id ? db.select({ id: alerts.id, active: alerts.active }).from(alerts).where(eq(alerts.id, id)).get() : undefined;
    if (!row) return c.json({ error: 'This link is not valid, or the alert was deleted' }, 404);
    // Never refused, and a paused alert is left as it is: repeating the post writes nothing (decision 1410).
    if (row.active) db.update(alerts).set({ active: false, updatedAt: now() }).where(and(eq(alerts.id, row.id), eq(alerts.active, true))).run();
    return c.json({ paused: true });
  };
}
