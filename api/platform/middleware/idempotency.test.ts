import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { idempotencyKeys, users } from '../../../db/schema';
import type { AppEnv } from '../../context';
import { testDb } from '../../../test/db';
import { caller } from '../../../test/requests';
import { ABANDONED_MS, cleanIdempotencyKeys, idempotency, KEEP_MS, requestHash } from './idempotency';
import { requireUser } from '../access';

const db = testDb({ demo: false });
db.insert(users)
  .values([{ id: 'u:1' }, { id: 'u:2' }])
  .run();
let clock = new Date('2026-11-22T12:00:00Z');

/** A tiny app: the user comes from a header; /slow waits for a release before writing. */
let writes = 0;
let release: () => void = () => {};
const app = new Hono<AppEnv>();
app.use(async (c, next) => {
  c.set('db', db);
  c.set('now', () => clock);
  const id = c.req.header('X-User');
  c.set('user', id ? ({ id, isAdmin: false } as never) : null);
  await next();
});
app.post('/write', requireUser, idempotency, (c) => c.json({ n: ++writes }, 201));
app.post('/other', requireUser, idempotency, (c) => c.json({ n: ++writes }, 201));
app.post('/refuse', requireUser, idempotency, (c) => c.json({ error: 'No', n: ++writes }, 400));
app.post('/crash', requireUser, idempotency, () => {
  throw new Error('boom');
});
app.post('/slow', requireUser, idempotency, async (c) => {
  await new Promise<void>((resolve) => (release = resolve));
  return c.json({ n: ++writes }, 201);
});
app.onError((_e, c) => c.json({ error: 'Internal server error' }, 500));
const call = caller(app);
const as = (user: string, key?: string) => ({ headers: { 'X-User': user }, key });
const keyRow = (user: string, key: string) =>
  db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, user), eq(idempotencyKeys.key, key)))
    .get();

describe('idempotency middleware', () => {
  it('replays the first 2xx answer for the same user and key, running the handler once', async () => {
    const a = await call('POST', '/write', as('u:1', 'k1'));
    const b = await call('POST', '/write', as('u:1', 'k1'));
    expect(a).toMatchObject({ status: 201, body: { n: writes } });
    expect(b.status).toBe(201);
    expect(b.body).toEqual(a.body);
    expect(b.headers.get('idempotent-replayed')).toBe('true');
    expect(keyRow('u:1', 'k1')).toMatchObject({ status: 201, method: 'POST', path: '/write', body: JSON.stringify(a.body) });
    const c = await call('POST', '/write', as('u:2', 'k1'));
    expect(c.body.n).toBe(a.body.n + 1);
  });

  it('without a key every request runs', async () => {
    const a = await call('POST', '/write', as('u:1'));
    const b = await call('POST', '/write', as('u:1'));
    expect(b.body.n).toBe(a.body.n + 1);
  });

  it('refuses a key reused for another path (422) and a malformed key (400)', async () => {
    await call('POST', '/write', as('u:1', 'k2'));
    const n = writes;
    expect((await call('POST', '/other', as('u:1', 'k2'))).status).toBe(422);
    expect((await call('POST', '/write', as('u:1', 'x'.repeat(201)))).status).toBe(400);
    expect((await call('POST', '/write', as('u:1', 'bad key'))).status).toBe(400);
    expect(writes).toBe(n);
  });

  it('keeps nothing for a refusal or a fault: the key is released and a retry runs again', async () => {
    const a = await call('POST', '/refuse', as('u:1', 'k3'));
    expect(a.status).toBe(400);
    expect(keyRow('u:1', 'k3')).toBeUndefined();
    const b = await call('POST', '/refuse', as('u:1', 'k3'));
    expect(b.body.n).toBe(a.body.n + 1);
    expect((await call('POST', '/crash', as('u:1', 'k4'))).status).toBe(500);
    expect(keyRow('u:1', 'k4')).toBeUndefined();
  });

  it('a repeat while the first is in flight waits for it and gets its answer', async () => {
    const n = writes;
    const first = call('POST', '/slow', as('u:1', 'k5'));
    await new Promise((r) => setTimeout(r, 20));
    expect(keyRow('u:1', 'k5')).toMatchObject({ status: null });
    const second = call('POST', '/slow', as('u:1', 'k5'));
    await new Promise((r) => setTimeout(r, 50));
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(a.status).toBe(201);
    expect(b).toMatchObject({ status: 201, body: a.body });
    expect(writes).toBe(n + 1);
  });

  it('takes over a claim abandoned by a dead process', async () => {
    db.insert(idempotencyKeys)
      .values({
        userId: 'u:1',
        key: 'k6',
        method: 'POST',
        path: '/write',
        status: null,
        createdAt: new Date(clock.getTime() - ABANDONED_MS),
      })
      .run();
    const a = await call('POST', '/write', as('u:1', 'k6'));
    expect(a.status).toBe(201);
    expect(keyRow('u:1', 'k6')?.status).toBe(201);
  });

  it('keeps keys 7 days, then cleans them', async () => {
    await call('POST', '/write', as('u:2', 'old'));
    clock = new Date(clock.getTime() + KEEP_MS - 1000);
    expect(cleanIdempotencyKeys(db, clock, true)).toBe(0);
    expect((await call('POST', '/write', as('u:2', 'old'))).headers.get('idempotent-replayed')).toBe('true');
    clock = new Date(clock.getTime() + 2000);
    expect(cleanIdempotencyKeys(db, clock, true)).toBeGreaterThan(0);
    expect(keyRow('u:2', 'old')).toBeUndefined();
  });
});

describe('a key reused with another body', () => {
  it('answers 422 {error}, writes nothing and keeps the first answer for the first body', async () => {
    const { testApp, signIn } = await import('../../../test/app');
    const { app, db: appDb } = testApp({ demo: false, rateLimit: false });
    const api = caller(app);
    const cookie = signIn(appDb, { id: 'body:1', firstName: 'Bea' });
    const rows = () =>
      (appDb.$client.prepare("select annual_salary s from salaries where user_id = 'body:1' order by id").all() as { s: number }[]).map(
        (r) => r.s,
      );
    const salary = { jobTitle: 'SENCO', schoolType: 'Academy', borough: 'Brent', yearsExperience: '3-5 years', annualSalary: 41000 };
    const first = await api('POST', '/api/salaries', { cookie, body: salary, key: 'bk1' });
    expect(first.body).toMatchObject({ annualSalary: 41000 });
    expect(first.status).toBe(201);
    expect(rows()).toEqual([41000]);
    const other = await api('POST', '/api/salaries', { cookie, body: { ...salary, annualSalary: 45000 }, key: 'bk1' });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ error: 'This Idempotency-Key was already used for a different request (another address or body)' });
    expect(rows()).toEqual([41000]);
    // The same body again is still a replay of the first answer.
    const again = await api('POST', '/api/salaries', { cookie, body: salary, key: 'bk1' });
    expect(again).toMatchObject({ status: 201, body: first.body });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(rows()).toEqual([41000]);
    // The stored hash binds method, path and body; the body itself is not stored.
    const row = appDb
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, 'body:1'), eq(idempotencyKeys.key, 'bk1')))
      .get()!;
    expect(row.requestHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.requestHash).toBe(requestHash('POST', '/api/salaries', JSON.stringify(salary)));
    // A different body while the first is in flight is refused too (not queued behind it).
    const n = writes;
    const slow = call('POST', '/slow', { ...as('u:1', 'k-inflight'), body: { a: 1 } });
    await new Promise((r) => setTimeout(r, 20));
    expect((await call('POST', '/slow', { ...as('u:1', 'k-inflight'), body: { a: 2 } })).status).toBe(422);
    release();
    expect((await slow).status).toBe(201);
    expect(writes).toBe(n + 1);
  });
});

describe('idempotency over real HTTP', () => {
  it('five concurrent submissions with one key make one row and five identical answers', async () => {
    const { serve } = await import('@hono/node-server');
    const { testApp, signIn } = await import('../../../test/app');
    const { app, db: appDb } = testApp({ demo: false, rateLimit: false });
    const cookie = signIn(appDb, { id: 'http:1', firstName: 'Hal' });
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const body = JSON.stringify({
        jobTitle: 'Headteacher',
        schoolType: 'Academy',
        borough: 'Brent',
        yearsExperience: '16+ years',
        annualSalary: 110000,
      });
      const send = () =>
        fetch(`http://127.0.0.1:${port}/api/salaries`, {
          method: 'POST',
          headers: { Cookie: cookie, 'Content-Type': 'application/json', 'Idempotency-Key': 'http-key' },
          body,
        }).then(async (r) => ({ status: r.status, text: await r.text() }));
      const answers = await Promise.all([send(), send(), send(), send(), send()]);
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(answers.map((a) => a.text)).size).toBe(1);
      expect((appDb.$client.prepare("select count(*) n from salaries where user_id = 'http:1'").get() as { n: number }).n).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
