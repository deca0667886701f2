// API test helpers: an app around a fresh test database, and a signed-in session cookie.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { testClient } from 'hono/testing';
import type { DB } from '../db/client';
import { users } from '../db/schema';
import { createSession } from '../api/auth/session-store';
import { api, createApp } from '../api/app';
import type { AppEnv } from '../api/context';
import type { RateLimitOptions } from '../api/platform/middleware/rate-limit';
import type { ExternalOptions } from '../api/external';
import { testDb } from './db';

export { answer, ok, queryOf } from './typed';

/** Tests never ask a real DNS server: a push endpoint's name resolves only through a resolver the test injects. */
const noDns = async (host: string): Promise<never> => {
  throw new Error(`No DNS in tests (${host})`);
};

export function testApp(
  options: {
    demo?: boolean;
    now?: Date;
    adminEmails?: string[];
    rateLimit?: RateLimitOptions | false;
    external?: ExternalOptions;
    reportHideThreshold?: number;
  } = {},
) {
  const db = testDb(options);
  const now = options.now ?? new Date();
  const external = { ...options.external, push: { resolve: noDns, ...options.external?.push } };
  const mediaDir = mkdtempSync(join(tmpdir(), 'tilt-media-'));
  const app = createApp({
    db,
    now: () => now,
    adminEmails: options.adminEmails,
    rateLimit: options.rateLimit,
    external,
    mediaDir,
    reportHideThreshold: options.reportHideThreshold,
  });
  // Tests call the API through `client` (typed by the routes); test/typed-calls.test.ts keeps an
  // untyped helper from coming back.
  return { db, app, now, mediaDir, client: typedClient(app) };
}

/** Only for its type: the app's routes where createApp mounts them (under /api). */
const _mounted = () => new Hono<AppEnv>().route('/api', api);

/**
 * hono/testing's testClient over an app from createApp, typed by the API's own routes: a call
 * checks its path, params, query and body, and `res.json()` has the route's answer type.
 * Send a session with `{ headers: { Cookie: signIn(...) } }` as the call's second argument.
 */
export function typedClient(app: ReturnType<typeof createApp>) {
  return testClient(app as unknown as ReturnType<typeof _mounted>).api;
}

/** The typed client's type: `InferResponseType<TestClient['jobs']['$get'], 200>` names an answer. */
export type TestClient = ReturnType<typeof typedClient>;

/** A typed call's second argument that sends this session: `client.me.activity.$get(undefined, withCookie(c))`. */
export const withCookie = (cookie: string) => ({ headers: { Cookie: cookie } });

/** Creates (or reuses) a user with a live session; returns the Cookie header to send. */
export function signIn(db: DB, user: { id: string; email?: string; firstName?: string; lastName?: string }): string {
  db.insert(users)
    .values({ email: null, ...user })
    .onConflictDoNothing()
    .run();
  const { token } = createSession(db, user.id);
  return `tilt_session=${token}`;
}
