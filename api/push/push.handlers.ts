import type { RouteHandler } from '@hono/zod-openapi';
import { and, count, eq, inArray } from 'drizzle-orm';
import { pushSubscriptions } from '../../db/schema';
import { checkPushEndpoint, PushEndpointError } from '../alerts/sender/push';
import { ensureVapidKeys } from '../alerts/sender/settings';
import type * as routes from './push.routes';

/** Devices one user can receive notifications on (decision 1407). */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;

const invalidEndpoint = (message: string) => ({ error: 'Invalid input', fields: { endpoint: message } });

export const key: RouteHandler<typeof routes.key> = (c) => c.json({ publicKey: ensureVapidKeys(c.get('db')).publicKey }, 200);

export const subscribe: RouteHandler<typeof routes.subscribe> = async (c) => {
  const { endpoint, keys } = c.req.valid('json');
  let href: string;
  try {
    href = (await checkPushEndpoint(endpoint, c.get('external').push)).url.href;
  } catch (error) {
    if (error instanceof PushEndpointError) return c.json(invalidEndpoint(error.message), 400);
    throw error;
  }
  const userId = c.get('user').id;
  const db = c.get('db');
  const outcome = db.transaction((tx): 'saved' | 'taken' | 'full' => {
    const held = tx.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, href)).get();
    // Someone else's endpoint: only the browser that holds it knows its current keys (a new
    // sign-in on the same device); anyone else would be taking another person's notifications.
    if (held && held.userId !== userId && (held.p256dh !== keys.p256dh || held.auth !== keys.auth)) return 'taken';
    if (!held || held.userId !== userId) {
      const mine = tx.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).get()!.n;
      if (mine >= MAX_SUBSCRIPTIONS_PER_USER) return 'full';
    }
    const values = { userId, endpoint: href, p256dh: keys.p256dh, auth: keys.auth, failures: 0, lastFailureAt: null };
    tx.insert(pushSubscriptions).values(values).onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values }).run();
    return 'saved';
  });
  if (outcome === 'taken')
    return c.json(invalidEndpoint('This subscription cannot be used here: turn notifications off and on again on this device'), 409);
  if (outcome === 'full') {
    const message = `Notifications can be on for at most ${MAX_SUBSCRIPTIONS_PER_USER} devices: turn them off on a device you no longer use`;
    return c.json({ error: message, fields: { endpoint: message } }, 409);
  }
  return c.json({ subscribed: true as const }, 201);
};

export const unsubscribe: RouteHandler<typeof routes.unsubscribe> = (c) => {
  const given = c.req.valid('json').endpoint;
  // Stored in the URL parser's spelling (rows from before that, as given): either matches.
  const spellings = [given];
  if (URL.canParse(given)) spellings.push(new URL(given).href);
  const removed = c
    .get('db')
    .delete(pushSubscriptions)
    .where(and(inArray(pushSubscriptions.endpoint, spellings), eq(pushSubscriptions.userId, c.get('user').id)))
    .run().changes;
  return c.json({ subscribed: false as const, removed }, 200);
};
