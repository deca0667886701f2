// Rate limits counted in SQLite (shared by every process on the file): per-user writes, per-IP
// reads and sign-in starts, and thread views counted once per viewer per day.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/client';
import { forumThreads, schools } from '../../../db/schema';
import { createApp } from '../../app';
import { signIn, testApp } from '../../../test/app';
import { tempDbPath, testDb } from '../../../test/db';
import { caller } from '../../../test/requests';
import { countersOf, countOnce, DAY, DEFAULT_RATE_LIMITS, MINUTE, RateLimiter, take } from './rate-limit-store';

const T0 = Date.parse('2026-11-22T12:00:00Z');

describe('SQLite counters', () => {
  it('allows perMinute writes a minute and perDay a day, then answers the seconds to the end of the full window', () => {
    const limiter = new RateLimiter(testDb({ demo: false }), { perMinute: 3, perDay: 5 });
    expect([limiter.write('a', T0), limiter.write('a', T0 + 1000), limiter.write('a', T0 + 2000)]).toEqual([null, null, null]);
    expect(limiter.write('a', T0 + 10_000)).toBe(50); // the minute window ends at T0 + 60 s
    expect(limiter.write('b', T0 + 10_000)).toBeNull(); // per user
    expect(limiter.write('a', T0 + 60_000)).toBeNull();
    expect(limiter.write('a', T0 + 61_000)).toBeNull();
    // 5 in the day now (the refused one was not counted): wait until the day window ends (midnight UTC)
    expect(limiter.write('a', T0 + 3_600_000)).toBe(11 * 3600);
    expect(limiter.write('a', Date.parse('2026-11-23T00:00:00Z'))).toBeNull();
  });

  it('counts a request once in each window when an hour and a day start together (midnight UTC)', () => {
    // The windows were keyed by their start alone, so in the first hour of every UTC day a request
    // bumped one row twice: two writes filled a limit of three, and the second claim email of the
    // hour to one address was refused (an address may have 2 an hour).
    const limiter = new RateLimiter(testDb({ demo: false }), { perMinute: 3, perDay: 5 });
    const midnight = Date.parse('2026-12-07T00:00:30Z');
    expect([limiter.write('a', midnight), limiter.write('a', midnight + 1000), limiter.write('a', midnight + 2000)]).toEqual([
      null,
      null,
      null,
    ]);
    expect(limiter.write('a', midnight + 3000)).toBe(27);
    const link = (at: number) => limiter.emailLink('u', 5, 'jo@school.sch.uk', at, 'claims');
    expect([link(midnight), link(midnight + 1000)]).toEqual([null, null]);
    expect(link(midnight + 2000)).toMatchObject({ scope: 'address' });
  });

  it('shares the counters between two connections to one file (two worker processes)', () => {
    const path = tempDbPath();
    const one = openDatabase(path);
    const two = openDatabase(path);
    const windows = [{ ms: MINUTE, max: 4 }];
    expect([take(one, 'k', windows, T0), take(two, 'k', windows, T0), take(one, 'k', windows, T0), take(two, 'k', windows, T0)]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(take(one, 'k', windows, T0 + 30_000)).toBe(30);
    expect(take(two, 'k', windows, T0 + 30_000)).toBe(30);
    expect(countOnce(one, 'view:1:x', DAY, T0)).toBe(true);
    expect(countOnce(two, 'view:1:x', DAY, T0 + 1000)).toBe(false);
    one.$client.close();
    two.$client.close();
  });

  it('prunes expired windows', () => {
    const db = testDb({ demo: false });
    const rows = () => (countersOf(db).prepare('select count(*) n from rate_windows').get() as { n: number }).n;
    for (let i = 0; i < 5; i++) take(db, `k${i}`, [{ ms: MINUTE, max: 10 }], T0);
    expect(rows()).toBe(5);
    take(db, 'later', [{ ms: MINUTE, max: 10 }], T0 + 2 * MINUTE);
    expect(rows()).toBe(1);
  });

  it('has generous defaults', () => {
    expect(DEFAULT_RATE_LIMITS).toEqual({ perMinute: 20, perDay: 200, readsPerMinute: 600, loginsPerMinute: 30 });
  });

  it('the types live in a module that imports neither the context nor the middleware', () => {
    const source = (f: string) => readFileSync(join(import.meta.dirname, f), 'utf8');
    expect(source('rate-limit-store.ts')).not.toMatch(/from '\.\.\/context'|from '\.\/rate-limit'/);
    expect(source('../../context.ts')).not.toMatch(/middleware\/rate-limit'/);
  });
});

describe('rate limit on the write API', () => {
  it('answers 429 with Retry-After and writes nothing once over the limit; replays are not counted', async () => {
    const { db, app } = testApp({ demo: false, now: new Date('2026-11-22T12:00:00Z'), rateLimit: { perMinute: 3, perDay: 100 } });
    const call = caller(app);
    const cookie = signIn(db, { id: 'rl:1', firstName: 'Rae' });
    const other = signIn(db, { id: 'rl:2', firstName: 'Ola' });
    const salary = { jobTitle: 'SENCO', schoolType: 'Academy', borough: 'Camden', yearsExperience: '6-10 years', annualSalary: 52000 };
    const rows = () => (db.$client.prepare('select count(*) n from salaries').get() as { n: number }).n;
    const first = await call('POST', '/api/salaries', { cookie, body: salary, key: 'same' });
    expect((await call('POST', '/api/salaries', { cookie, body: salary, key: 'same' })).status).toBe(201); // replay
    expect((await call('POST', '/api/salaries', { cookie, body: salary })).status).toBe(201);
    const school = db.select().from(schools).where(eq(schools.urn, 100001)).get()!;
    expect((await call('POST', `/api/schools/${school.id}/mood`, { cookie, body: { mood: 'happy' } })).status).toBe(201);
    expect(first.status).toBe(201);
    const before = rows();
    const limited = await call('POST', '/api/salaries', { cookie, body: salary });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatch(/Too many/);
    expect(Number(limited.headers.get('retry-after'))).toBe(60);
    expect(rows()).toBe(before);
    expect((await call('POST', `/api/jobs/1/save`, { cookie })).status).toBe(429);
    expect((await call('POST', '/api/salaries', { cookie: other, body: salary })).status).toBe(201);
  });
});

describe('per-IP limits on reads and sign-in starts', () => {
  it('answers 429 with Retry-After to one address over the read limit; others, /api/health and the next minute pass', async () => {
    let clock = new Date(T0 + 15_000);
    const app = createApp({ db: testDb({ demo: false }), now: () => clock, trustProxy: true, rateLimit: { readsPerMinute: 3 } });
    const get = (path: string, ip: string) => app.request(path, { headers: { 'X-Forwarded-For': `203.0.113.9, ${ip}` } });
    for (let i = 0; i < 3; i++) expect((await get('/api/pay-scales', '198.51.100.1')).status).toBe(200);
    const limited = await get('/api/jobs', '198.51.100.1');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('45');
    expect(await limited.json()).toEqual({ error: 'Too many requests. Please wait a moment and try again.' });
    expect((await get('/api/health', '198.51.100.1')).status).toBe(200);
    expect((await get('/api/pay-scales', '198.51.100.2')).status).toBe(200);
    clock = new Date(T0 + 60_000);
    expect((await get('/api/pay-scales', '198.51.100.1')).status).toBe(200);
  });

  it('limits sign-in starts per address', async () => {
    const app = createApp({ db: testDb({ demo: false }), now: () => new Date(T0), trustProxy: true, rateLimit: { loginsPerMinute: 2 } });
    const login = (ip: string) => app.request('/api/login', { headers: { 'X-Forwarded-For': ip } });
    expect((await login('198.51.100.7')).status).toBe(503); // no provider configured: the page, not the limit
    expect((await login('198.51.100.7')).status).toBe(503);
    const limited = await login('198.51.100.7');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBe(60);
    expect((await limited.json()).error).toMatch(/Too many sign-in attempts/);
    expect((await login('198.51.100.8')).status).toBe(503);
  });

  it('on a real server: counts by socket address and ignores X-Forwarded-For without TRUST_PROXY', async () => {
    const app = createApp({ db: testDb({ demo: false }), now: () => new Date(T0 + 20_000), rateLimit: { readsPerMinute: 4 } });
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await fetch(`${base}/api/pay-scales`, { headers: { 'X-Forwarded-For': `192.0.2.${i}` } });
        statuses.push(res.status);
        if (res.status === 429) expect(res.headers.get('retry-after')).toBe('40');
        await res.arrayBuffer();
      }
      // All six share 127.0.0.1: a forged X-Forwarded-For does not make a new client.
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('the counters and the shared answer cache', () => {
  it('counting a read writes nothing to the main database, so cached answers stay hits', async () => {
    const db = testDb({ demo: true });
    const app = createApp({ db, now: () => new Date(T0), trustProxy: true, rateLimit: { readsPerMinute: 100 } });
    const get = () => app.request('/api/schools/1/mood-stats', { headers: { 'X-Forwarded-For': '198.51.100.5' } });
    const version = () => db.$client.prepare('select (select data_version from pragma_data_version) dv, total_changes() tc').get();
    expect((await get()).status).toBe(200);
    const before = version();
    for (let i = 0; i < 3; i++) expect((await get()).headers.get('x-cache')).toBe('hit');
    expect(version()).toEqual(before);
    expect((countersOf(db).prepare('select sum(count) n from rate_windows').get() as { n: number }).n).toBe(4);
  });
});

describe('thread views', () => {
  it('counts a view once per viewer (user or IP) per day', async () => {
    let clock = new Date(T0);
    const db = testDb({ demo: true });
    const app = createApp({ db, now: () => clock, trustProxy: true, rateLimit: false });
    const thread = db
      .select()
      .from(forumThreads)
      .where(and(eq(forumThreads.isApproved, true)))
      .get()!;
    const views = () => db.select({ n: forumThreads.viewCount }).from(forumThreads).where(eq(forumThreads.id, thread.id)).get()!.n;
    const start = views();
    const ada = signIn(db, { id: 'views:ada', firstName: 'Ada' });
    const bob = signIn(db, { id: 'views:bob', firstName: 'Bob' });
    // The row's count after the request: a visitor's answer is kept and shared, so the count it
    // shows may be behind (the view is counted before the cache is asked; decision 1065).
    const view = async (headers: Record<string, string>) => {
      const res = await app.request(`/api/forum/threads/${thread.id}`, { headers });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      return views();
    };
    expect(await view({ Cookie: ada, 'X-Forwarded-For': '198.51.100.1' })).toBe(start + 1);
    expect(await view({ Cookie: ada, 'X-Forwarded-For': '198.51.100.2' })).toBe(start + 1); // same user elsewhere
    expect(await view({ Cookie: bob, 'X-Forwarded-For': '198.51.100.1' })).toBe(start + 2);
    expect(await view({ 'X-Forwarded-For': '198.51.100.3' })).toBe(start + 3);
    expect(await view({ 'X-Forwarded-For': '198.51.100.3' })).toBe(start + 3);
    expect(await view({ 'X-Forwarded-For': '198.51.100.4' })).toBe(start + 4);
    expect(views()).toBe(start + 4);
    clock = new Date(T0 + DAY);
    expect(await view({ Cookie: ada })).toBe(start + 5);
    // No raw IP address or user id is stored in the counters.
    const buckets = countersOf(db).prepare('select bucket from rate_windows').all() as { bucket: string }[];
    expect(buckets.length).toBeGreaterThan(0);
    expect(buckets.map((b) => b.bucket).join(' ')).not.toMatch(/198\.51|views:ada|views:bob/);
  });
});
