// Web Push subscriptions of this device: the VAPID public key, subscribe, unsubscribe.
// The endpoint is checked like any outgoing address (services/alerts/push.ts, decision 1407);
// at most MAX_SUBSCRIPTIONS_PER_USER devices a user; an endpoint another account holds moves only
// with its current keys (the same browser after a new sign-in); both writes count against the
// write rate limit.
import { createPublicKey } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { pushSubscriptions } from '../../db/schema';
import type { AppEnv } from '../context';
import { validate } from '../lib/validate';
import { rateLimit } from '../middleware/rate-limit';
import { requireUser } from '../middleware/session';
import { checkPushEndpoint, decodeKey, PushEndpointError } from '../services/alerts/push';
import { ensureVapidKeys } from '../services/alerts/settings';

/** Devices one user can receive notifications on (decision 1407). */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;

/** An uncompressed P-256 point (65 bytes, 0x04 first) that lies on the curve. */
function isP256Point(value: string): boolean {
  const raw = decodeKey(value, 65);
  if (!raw || raw[0] !== 4) return false;
  try {
    createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') }, format: 'jwk' });
    return true;
  } catch {
    return false;
  }
}

const key = (what: string) => z.string({ message: `${what} is required` }).max(200, `${what} is too long`);

export const pushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https$/, message: 'Endpoint must be an https URL' }).max(2000, 'Endpoint is too long'),
  keys: z.object({
    p256dh: key('p256dh').refine(isP256Point, 'p256dh must be the browser\'s P-256 public key (65 bytes, base64url)'),
    auth: key('auth').refine((v) => decodeKey(v, 16) !== null, 'auth must be the browser\'s 16-byte secret (base64url)'),
  }),
});
const endpointBody = z.object({ endpoint: z.string().max(2000) });

const invalidEndpoint = (message: string) => ({ error: 'Invalid input', fields: { endpoint: message } });

export const pushRoutes = new Hono<AppEnv>()
  .get('/key', (c) => c.json({ publicKey: ensureVapidKeys(c.get('db')).publicKey }))
  .post('/subscriptions', requireUser, rateLimit, validate('json', pushSubscriptionBody), async (c) => {
    const { endpoint, keys } = c.req.valid('json');
    let href: string;
    try {
      href = (await checkPushEndpoint(endpoint, c.get('external').push)).url.href;
    } catch (error) {
      if (error instanceof PushEndpointError) return c.json(invalidEndpoint(error.message), 400);
      throw error;
    }
    const userId = c.get('user')!.id;
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
    if (outcome === 'taken') return c.json(invalidEndpoint('This subscription cannot be used here: turn notifications off and on again on this device'), 409);
    if (outcome === 'full') {
      const message = `Notifications can be on for at most ${MAX_SUBSCRIPTIONS_PER_USER} devices: turn them off on a device you no longer use`;
      return c.json({ error: message, fields: { endpoint: message } }, 409);
    }
    return c.json({ subscribed: true }, 201);
  })
  .delete('/subscriptions', requireUser, rateLimit, validate('json', endpointBody), (c) => {
    const given = c.req.valid('json').endpoint;
    // Stored in the URL parser's spelling (rows from before that, as given): either matches.
    const spellings = [given];
    if (URL.canParse(given)) spellings.push(new URL(given).href);
    const removed = c
      .get('db')
      .delete(pushSubscriptions)
      .where(and(inArray(pushSubscriptions.endpoint, spellings), eq(pushSubscriptions.userId, c.get('user')!.id)))
      .run().changes;
    return c.json({ subscribed: false, removed });
  });
