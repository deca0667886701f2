// Web Push subscriptions of this device (issue 12): the VAPID public key, subscribe, unsubscribe.
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { pushSubscriptions } from '../../db/schema';
import type { AppEnv } from '../context';
import { validate } from '../lib/validate';
import { requireUser } from '../middleware/session';
import { ensureVapidKeys } from '../services/alerts/settings';

const b64url = (what: string) => z.string({ message: `${what} is required` }).regex(/^[A-Za-z0-9_-]+=*$/, `${what} must be base64url`).max(200, `${what} is too long`);

export const pushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https$/, message: 'Endpoint must be an https URL' }).max(2000, 'Endpoint is too long'),
  keys: z.object({ p256dh: b64url('p256dh'), auth: b64url('auth') }),
});
const endpointBody = z.object({ endpoint: z.string().max(2000) });

export const pushRoutes = new Hono<AppEnv>()
  .get('/key', (c) => c.json({ publicKey: ensureVapidKeys(c.get('db')).publicKey }))
  // The same endpoint again (a new sign-in on this device) moves to the current user.
  .post('/subscriptions', requireUser, validate('json', pushSubscriptionBody), (c) => {
    const { endpoint, keys } = c.req.valid('json');
    const userId = c.get('user')!.id;
    const values = { userId, endpoint, p256dh: keys.p256dh, auth: keys.auth };
    c.get('db').insert(pushSubscriptions).values(values).onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values }).run();
    return c.json({ subscribed: true }, 201);
  })
  .delete('/subscriptions', requireUser, validate('json', endpointBody), (c) => {
    const removed = c
      .get('db')
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.endpoint, c.req.valid('json').endpoint), eq(pushSubscriptions.userId, c.get('user')!.id)))
      .run().changes;
    return c.json({ subscribed: false, removed });
  });
