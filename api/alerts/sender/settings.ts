// Server-side secrets generated once and kept in the database (app_settings): the VAPID key pair
// when the environment gives none, and the key that signs unsubscribe links.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { DB } from '../../../db/client';
import { appSettings } from '../../../db/schema';

export function getSetting(db: DB, key: string): string | undefined {
  return db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key)).get()?.value;
}

export function setSetting(db: DB, key: string, value: string) {
  db.insert(appSettings).values({ key, value }).onConflictDoUpdate({ target: appSettings.key, set: { value } }).run();
}

/** The stored value, or `make()` stored first (a race keeps the first writer's value). */
export function settingOrCreate(db: DB, key: string, make: () => string): string {
  const found = getSetting(db, key);
  if (found !== undefined) return found;
  db.insert(appSettings).values({ key, value: make() }).onConflictDoNothing().run();
  return getSetting(db, key)!;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID keys: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set (stored, so the API answers the
 * same key), else the pair generated and stored on first use.
 */
export function ensureVapidKeys(db: DB, fromEnv?: Partial<VapidKeys>): VapidKeys {
  if (fromEnv?.publicKey && fromEnv.privateKey) {
    setSetting(db, 'vapid', JSON.stringify({ publicKey: fromEnv.publicKey, privateKey: fromEnv.privateKey }));
  }
  return JSON.parse(settingOrCreate(db, 'vapid', () => JSON.stringify(webpush.generateVAPIDKeys()))) as VapidKeys;
}

function tokenKey(db: DB) {
  return Buffer.from(
    settingOrCreate(db, 'token_key', () => randomBytes(32).toString('base64url')),
    'base64url',
  );
}

function mac(db: DB, alertId: number) {
  return createHmac('sha256', tokenKey(db)).update(`unsubscribe:alert:${alertId}`).digest('base64url').slice(0, 32);
}

/** A signed token naming one alert: "<id>.<hmac>". */
export function unsubscribeToken(db: DB, alertId: number): string {
  return `${alertId}.${mac(db, alertId)}`;
}

/** The alert id a token names, or null when it is not one of ours. */
export function verifyUnsubscribeToken(db: DB, token: string): number | null {
  const m = /^([1-9]\d{0,15})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!m) return null;
  const id = Number(m[1]);
  const expected = Buffer.from(mac(db, id));
  const given = Buffer.from(m[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

/**
 * A signed token for the notification digest's unsubscribe link (decision 2010): "d<id>.<hmac>",
 * naming a notification of the digest, whose owner is the one unsubscribed.
 */
export function digestUnsubscribeToken(db: DB, notificationId: number): string {
  return `d${notificationId}.${digestMac(db, notificationId)}`;
}

function digestMac(db: DB, notificationId: number) {
  return createHmac('sha256', tokenKey(db)).update(`unsubscribe:digest:${notificationId}`).digest('base64url').slice(0, 32);
}

/** The notification id a digest token names, or null when it is not one of ours. */
export function verifyDigestToken(db: DB, token: string): number | null {
  const m = /^d([1-9]\d{0,15})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!m) return null;
  const id = Number(m[1]);
  const expected = Buffer.from(digestMac(db, id));
  const given = Buffer.from(m[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}
