import { createPublicKey } from 'node:crypto';
import { z } from '@hono/zod-openapi';
import { resourceRoutes, errors, jsonBody, jsonOf } from '../platform/route';
import { decodeKey } from '../alerts/sender/push';
import { TEXT_MAX } from '../../core/constants';

const route = resourceRoutes('Push');

/** An uncompressed P-256 point (65 bytes, 0x04 first) that lies on the curve. */
function isP256Point(value: string): boolean {
  const raw = decodeKey(value, 65);
  if (!raw || raw[0] !== 4) return false;
  try {
    createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

const keyText = (what: string) => z.string({ message: `${what} is required` }).max(TEXT_MAX.pushKey, `${what} is too long`);

export const pushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https$/, message: 'Endpoint must be an https URL' }).max(TEXT_MAX.url, 'Endpoint is too long'),
  keys: z.object({
    p256dh: keyText('p256dh').refine(isP256Point, "p256dh must be the browser's P-256 public key (65 bytes, base64url)"),
    auth: keyText('auth').refine((v) => decodeKey(v, 16) !== null, "auth must be the browser's 16-byte secret (base64url)"),
  }),
});
export const endpointBody = z.object({ endpoint: z.string().max(TEXT_MAX.url) });

export const key = route.get('/push/key', {
  summary: "The server's VAPID public key, to subscribe a device",
  policy: { access: 'public' },
  responses: { 200: jsonOf(z.object({ publicKey: z.string() }), 'The key') },
});

export const subscribe = route.post('/push/subscriptions', {
  summary: "Subscribes this device to the user's notifications (at most 10 devices)",
  policy: { access: 'user', limit: 'write' },
  request: { body: jsonBody(pushSubscriptionBody) },
  responses: { 201: jsonOf(z.object({ subscribed: z.literal(true) }), 'Subscribed'), ...errors(400, 409) },
});

export const unsubscribe = route.delete('/push/subscriptions', {
  summary: 'Unsubscribes a device of the user',
  policy: { access: 'user', limit: 'write' },
  request: { body: jsonBody(endpointBody) },
  responses: {
    200: jsonOf(z.object({ subscribed: z.literal(false), removed: z.number().int() }), 'Unsubscribed'),
    ...errors(400),
  },
});
