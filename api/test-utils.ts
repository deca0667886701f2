// Test helpers: a fresh migrated and seeded SQLite file per call, and an app around it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type DB } from '../db/client';
import { seed } from '../db/seed/index';
import { users } from '../db/schema';
import { createSession } from './lib/sessions';
import { createApp } from './app';
import type { RateLimitOptions } from './middleware/rate-limit';

export function tempDbPath(): string {
  return join(mkdtempSync(join(tmpdir(), 'tilt-test-')), 'app.db');
}

export function testDb(options: { demo?: boolean; now?: Date } = {}): DB {
  const db = openDatabase(tempDbPath());
  seed(db, { demo: options.demo ?? true, now: options.now });
  return db;
}

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
