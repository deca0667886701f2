// API test helpers: an app around a fresh test database, and a signed-in session cookie.
import type { DB } from '../db/client';
import { users } from '../db/schema';
import { createSession } from '../api/lib/sessions';
import { createApp } from '../api/app';
import type { RateLimitOptions } from '../api/middleware/rate-limit';
import { testDb } from './db';

export function testApp(options: { demo?: boolean; now?: Date; adminEmails?: string[]; rateLimit?: RateLimitOptions | false } = {}) {
  const db = testDb(options);
  const now = options.now ?? new Date();
  const app = createApp({ db, now: () => now, adminEmails: options.adminEmails, rateLimit: options.rateLimit });
  const get = async (path: string) => {
    const res = await app.request(path);
    return { status: res.status, headers: res.headers, body: (await res.json()) as any };
  };
  return { db, app, get, now };
}

/** Creates (or reuses) a user with a live session; returns the Cookie header to send. */
export function signIn(db: DB, user: { id: string; email?: string; firstName?: string; lastName?: string }): string {
  db.insert(users).values({ email: null, ...user }).onConflictDoNothing().run();
  const { token } = createSession(db, user.id);
  return `tilt_session=${token}`;
}
