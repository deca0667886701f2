import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schools } from '../../db/schema';
import { signIn, testApp } from '../../test/app';
import { caller } from '../../test/requests';
import { DEFAULT_RATE_LIMITS, RateLimiter } from './rate-limit';

describe('RateLimiter', () => {
  it('allows perMinute writes a minute and perDay a day, then answers the seconds to wait', () => {
    const limiter = new RateLimiter({ perMinute: 3, perDay: 5 });
    const t0 = Date.parse('2026-11-22T12:00:00Z');
    expect([limiter.take('a', t0), limiter.take('a', t0 + 1000), limiter.take('a', t0 + 2000)]).toEqual([null, null, null]);
    expect(limiter.take('a', t0 + 10_000)).toBe(50); // the first write leaves the minute at t0 + 60 s
    expect(limiter.take('b', t0 + 10_000)).toBeNull(); // per user
    expect(limiter.take('a', t0 + 60_001)).toBeNull();
    expect(limiter.take('a', t0 + 61_001)).toBeNull();
    // 5 in the day now: wait until the first leaves the day window
    expect(limiter.take('a', t0 + 3_600_000)).toBe(86_400 - 3_600);
    expect(limiter.take('a', t0 + 86_400_000 + 1)).toBeNull();
  });

  it('defaults to 20 a minute and 200 a day', () => {
    expect(DEFAULT_RATE_LIMITS).toEqual({ perMinute: 20, perDay: 200 });
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
