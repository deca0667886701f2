import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import type { AppEnv } from '../context';
import {
  ABSOLUTE_LIFETIME_MS,
  createSession,
  IDLE_TIMEOUT_MS,
  invalidateSession,
  REFRESH_INTERVAL_MS,
  validateSession,
} from './session-store';
import { testDb } from '../../test/db';
import { csrf } from '../platform/middleware/csrf';
import { requireAdmin, requireUser } from '../platform/access';
import { session } from './session';

const db = testDb({ demo: false });
db.$client
  .prepare("insert into users (id, email, first_name) values ('t:1', 'Ada@Example.test', 'Ada'), ('t:2', 'bob@example.test', 'Bob')")
  .run();

function appAt(now: Date) {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('db', db);
    c.set('now', () => now);
    await next();
  });
  app.use(session({ settings: { name: 'tilt_session', secure: false }, adminEmails: ['ada@example.test'] }));
  app.use(csrf());
  app.get('/me', requireUser, (c) => c.json({ id: c.get('user')!.id, isAdmin: c.get('user')!.isAdmin }));
  app.get('/admin', requireAdmin, (c) => c.json({ ok: true }));
  app.post('/write', (c) => c.json({ ok: true }));
  return app;
}

describe('sessions', () => {
  it('stores only the hash of the secret', () => {
    const { token } = createSession(db, 't:1');
    const [sid, secret] = token.split('.');
    const row = db.select().from(sessions).where(eq(sessions.sid, sid)).get()!;
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row.sess.secretHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps whose session it is in a real column: her sessions by index, deleted with her account', () => {
    db.$client.prepare("insert into users (id, email, first_name) values ('t:gone', 'gone@example.test', 'Gone')").run();
    const tokens = [createSession(db, 't:gone'), createSession(db, 't:gone'), createSession(db, 't:2')];
    const sids = tokens.map((t) => t.token.split('.')[0]);
    expect(sids.map((sid) => db.select({ u: sessions.userId }).from(sessions).where(eq(sessions.sid, sid)).get()?.u)).toEqual([
      't:gone',
      't:gone',
      't:2',
    ]);
    const plan = db.$client.prepare("explain query plan select sid from sessions where user_id = 't:gone'").all() as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' ')).toContain('sessions_user_idx');
    // The foreign key cascades: no session outlives its user.
    db.$client.prepare("delete from users where id = 't:gone'").run();
    expect(db.select().from(sessions).where(eq(sessions.userId, 't:gone')).all()).toHaveLength(0);
    expect(validateSession(db, tokens[0].token)).toBeNull();
    expect(validateSession(db, tokens[2].token)?.user.id).toBe('t:2');
    // And none can be made for nobody.
    expect(() => createSession(db, 't:nobody')).toThrow(/FOREIGN KEY/);
  });

  it('refuses a wrong secret, an unknown sid and garbage', () => {
    const { token } = createSession(db, 't:1');
    const [sid] = token.split('.');
    expect(validateSession(db, `${sid}.wrong`)).toBeNull();
    expect(validateSession(db, `nope.${token.split('.')[1]}`)).toBeNull();
    expect(validateSession(db, 'garbage')).toBeNull();
    expect(validateSession(db, token)?.user.id).toBe('t:1');
  });

  it('expires after 30 idle days, refreshes at most hourly, and never outlives 90 days', () => {
    const start = new Date('2026-01-01T00:00:00Z');
    const { token } = createSession(db, 't:1', start);
    const t = (ms: number) => new Date(start.getTime() + ms);
    expect(validateSession(db, token, t(REFRESH_INTERVAL_MS - 1))?.refreshed).toBe(false);
    expect(validateSession(db, token, t(REFRESH_INTERVAL_MS))?.refreshed).toBe(true);
    // Keep using it every 20 days: alive until the absolute lifetime.
    for (let day = 20; day < 90; day += 20) expect(validateSession(db, token, t(day * 86_400_000))).not.toBeNull();
    expect(validateSession(db, token, t(ABSOLUTE_LIFETIME_MS))).toBeNull();
    const idle = createSession(db, 't:1', start).token;
    expect(validateSession(db, idle, t(IDLE_TIMEOUT_MS))).toBeNull();
  });

  it('is gone once invalidated', () => {
    const { token } = createSession(db, 't:1');
    invalidateSession(db, token.split('.')[0]);
    expect(validateSession(db, token)).toBeNull();
  });
});

describe('session middleware, roles and csrf', () => {
  const now = new Date();
  const app = appAt(now);
  const cookie = (id: string) => `tilt_session=${createSession(db, id, now).token}`;

  it('401 without a session, the user with one', async () => {
    const anon = await app.request('/me');
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({ error: 'Unauthorized' });
    const res = await app.request('/me', { headers: { Cookie: cookie('t:2') } });
    expect(await res.json()).toEqual({ id: 't:2', isAdmin: false });
  });

  it('401 for an expired session', async () => {
    const old = `tilt_session=${createSession(db, 't:2', new Date(now.getTime() - IDLE_TIMEOUT_MS - 1000)).token}`;
    expect((await app.request('/me', { headers: { Cookie: old } })).status).toBe(401);
  });

  it('requireAdmin: 403 for a non-admin, 200 for ADMIN_EMAILS (case-insensitive)', async () => {
    expect((await app.request('/admin', { headers: { Cookie: cookie('t:2') } })).status).toBe(403);
    expect((await app.request('/admin', { headers: { Cookie: cookie('t:1') } })).status).toBe(200);
    expect((await app.request('/admin')).status).toBe(401);
  });

  it('refuses cross-origin writes, bodyless ones too, and non-JSON bodies', async () => {
    expect((await app.request('/write', { method: 'POST', headers: { Origin: 'https://evil.example' } })).status).toBe(403);
    expect((await app.request('/write', { method: 'POST', headers: { 'Sec-Fetch-Site': 'cross-site' } })).status).toBe(403);
    expect((await app.request('/write', { method: 'POST', headers: { 'Sec-Fetch-Site': 'same-site' } })).status).toBe(403);
    expect(
      (
        await app.request('http://localhost/write', {
          method: 'POST',
          headers: { Origin: 'http://localhost', 'Sec-Fetch-Site': 'same-origin' },
        })
      ).status,
    ).toBe(200);
    const form = await app.request('/write', {
      method: 'POST',
      body: 'a=1',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': '3' },
    });
    expect(form.status).toBe(415);
    const json = await app.request('/write', {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json', 'Content-Length': '2' },
    });
    expect(json.status).toBe(200);
  });
});
