import type { RouteHandler } from '@hono/zod-openapi';
import { and, count, eq } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { alerts, reminderPreferences } from '../../db/schema';
import { writeLimited } from '../platform/middleware/rate-limit';
import { reminderPrefs } from './sender/pass';
import { verifyDigestToken, verifyUnsubscribeToken } from './sender/settings';
import { stopDigests } from '../notifications/delivery';
import { alertSummary, cleanFilters, listAlerts, MAX_ALERTS_PER_USER, ownAlert, schoolName, toAlert } from './alerts.queries';
import type * as routes from './alerts.routes';

export const list: RouteHandler<typeof routes.list> = (c) => c.json(listAlerts(c.get('db'), c.get('user').id), 200);

export const create: RouteHandler<typeof routes.create> = (c) => {
  const db = c.get('db');
  const user = c.get('user');
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
      .values({
        userId: user.id,
        name,
        filters,
        frequency: body.frequency,
        email: body.channels.email,
        push: body.channels.push,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .get();
  });
  if (!created) return c.json({ error: `You can have at most ${MAX_ALERTS_PER_USER} alerts. Delete one to add another.` }, 409);
  return c.json(
    {
      ...toAlert(created),
      matchCount: 0,
      lastSentJobs: [] as { id: number; title: string; schoolName: string | null; borough: string }[],
    },
    201,
  );
};

export const getReminders: RouteHandler<typeof routes.getReminders> = (c) => c.json(reminderPrefs(c.get('db'), c.get('user').id), 200);

export const setReminders: RouteHandler<typeof routes.setReminders> = (c) => {
  const body = c.req.valid('json');
  const userId = c.get('user').id;
  c.get('db')
    .insert(reminderPreferences)
    .values({ userId, ...body, updatedAt: c.get('now')() })
    .onConflictDoUpdate({ target: reminderPreferences.userId, set: { ...body, updatedAt: c.get('now')() } })
    .run();
  return c.json(reminderPrefs(c.get('db'), userId), 200);
};

export const linkStatus: RouteHandler<typeof routes.linkStatus> = (c) => {
  const db = c.get('db');
  const id = verifyUnsubscribeToken(db, c.req.valid('param').token);
  const row = id ? db.select().from(alerts).where(eq(alerts.id, id)).get() : undefined;
  if (!row) return c.json({ error: 'This link is not valid, or the alert was deleted' }, 404);
  return c.json({ id: row.id, name: row.name, active: row.active }, 200);
};

export const linkSet: RouteHandler<typeof routes.linkSet> = (c) => {
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
  return c.json({ id: row.id, name: row.name, active }, 200);
};

export const update: RouteHandler<typeof routes.update> = (c) => {
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
    .get();
  return c.json(listAlerts(db, row.userId).find((a) => a.id === row.id)!, 200);
};

export const remove: RouteHandler<typeof routes.remove> = (c) => {
  const alert = ownAlert(c, c.req.valid('param').id);
  c.get('db').delete(alerts).where(eq(alerts.id, alert.id)).run();
  return c.json({ deleted: true as const }, 200);
};

/**
 * RFC 8058 one-click unsubscribe: `POST {APP_URL}/unsubscribe/{token}` (mounted outside /api, so
 * no cookie, CSRF or JSON rule applies; mail providers post `List-Unsubscribe=One-Click` as a form).
 * It pauses the alert the token names. The same address opened in a browser is the web page.
 */
export function oneClickUnsubscribe(db: DB, now: () => Date = () => new Date()) {
  const handler: RouteHandler<typeof routes.oneClick> = (c) => {
    // A notification digest's link (decision 2010): stops her digests, never refused.
    const digest = verifyDigestToken(db, c.req.valid('param').token);
    if (digest) {
      if (!stopDigests(db, digest, now())) return c.json({ error: 'This link is not valid, or the alert was deleted' }, 404);
      return c.json({ paused: true as const }, 200);
    }
    const id = verifyUnsubscribeToken(db, c.req.valid('param').token);
    const row = id ? db.select({ id: alerts.id, active: alerts.active }).from(alerts).where(eq(alerts.id, id)).get() : undefined;
    if (!row) return c.json({ error: 'This link is not valid, or the alert was deleted' }, 404);
    // Never refused, and a paused alert is left as it is: repeating the post writes nothing (decision 1410).
    if (row.active)
      db.update(alerts)
        .set({ active: false, updatedAt: now() })
        .where(and(eq(alerts.id, row.id), eq(alerts.active, true)))
        .run();
    return c.json({ paused: true as const }, 200);
  };
  return handler;
}
