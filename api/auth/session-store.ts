// Server-side sessions (product §3 `sessions`). The cookie carries "sid.secret"; the database keeps
// the sid and only the SHA-256 of the secret, so a leaked database gives no live session.
// Idle expiry 30 days (refreshed at most hourly), absolute lifetime 90 days.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { sessions, users, type User } from '../../db/schema';

export const IDLE_TIMEOUT_MS = 30 * 86_400_000;
export const ABSOLUTE_LIFETIME_MS = 90 * 86_400_000;
export const REFRESH_INTERVAL_MS = 3_600_000;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const random = (bytes: number) => randomBytes(bytes).toString('base64url');

export interface ValidSession {
  sid: string;
  user: User;
  expire: Date;
  /** true when this validation moved the expiry on (the cookie should be re-sent). */
  refreshed: boolean;
}

/** Creates a session for the user and returns the token to put in the cookie. */
export function createSession(db: DB, userId: string, now = new Date()): { token: string; expire: Date } {
  const sid = random(18);
  const secret = random(32);
  const at = now.getTime();
  const expire = new Date(at + IDLE_TIMEOUT_MS);
  db.transaction((tx) => {
    tx.delete(sessions).where(lt(sessions.expire, now)).run();
    tx.insert(sessions)
      .values({ sid, userId, sess: { userId, secretHash: sha256(secret), createdAt: at, lastSeenAt: at }, expire })
      .run();
  });
  return { token: `${sid}.${secret}`, expire };
}

export function validateSession(db: DB, token: string | undefined, now = new Date()): ValidSession | null {
  if (!token) return null;
  const dot = token.indexOf('.');
  if (dot < 1 || token.length > 200) return null;
  const sid = token.slice(0, dot);
  const secret = token.slice(dot + 1);
  const row = db.select().from(sessions).where(eq(sessions.sid, sid)).get();
  if (!row) return null;
  const expected = Buffer.from(row.sess.secretHash, 'hex');
  const given = Buffer.from(sha256(secret), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const at = now.getTime();
  if (row.expire.getTime() <= at || at - row.sess.createdAt >= ABSOLUTE_LIFETIME_MS) {
    db.delete(sessions).where(eq(sessions.sid, sid)).run();
    return null;
  }
  const user = db.select().from(users).where(eq(users.id, row.userId)).get();
  if (!user) return null;
  let expire = row.expire;
  let refreshed = false;
  if (at - row.sess.lastSeenAt >= REFRESH_INTERVAL_MS) {
    expire = new Date(Math.min(at + IDLE_TIMEOUT_MS, row.sess.createdAt + ABSOLUTE_LIFETIME_MS));
    db.update(sessions)
      .set({ sess: { ...row.sess, lastSeenAt: at }, expire })
      .where(eq(sessions.sid, sid))
      .run();
    refreshed = true;
  }
  return { sid, user, expire, refreshed };
}

export function invalidateSession(db: DB, sid: string) {
  db.delete(sessions).where(eq(sessions.sid, sid)).run();
}
