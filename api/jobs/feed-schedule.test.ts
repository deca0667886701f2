// The scheduled Refresh Jobs against a local Teaching Vacancies feed on 127.0.0.1 (decision 0406):
// a refresh at start-up, again every interval, and a failing feed that is logged and retried with
// a growing delay while the jobs already held stay in place.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { jobs } from '../../db/schema';
import { createApp } from '../app';
import { parseEnv, DEFAULT_TEACHING_VACANCIES_URL } from '../env';
import { leaseHolder } from '../platform/lease';
import { signIn } from '../../test/app';
import { testDb } from '../../test/db';
import { feedPage, jobPosting, localServer, type LocalServer } from '../../test/servers';
import { delayText, JOBS_REFRESH_LEASE, retryDelay, scheduleJobsRefresh } from './feed-schedule';

const NOW = new Date('2026-11-25T12:00:00Z');
const TV = 'https://teaching-vacancies.service.gov.uk/jobs/';
const HOUR = 3_600_000;

// What the local feed answers: a status and the listings of its one page.
let answer: { status: number; listings: unknown[] } = { status: 200, listings: [] };
let feed: LocalServer;
beforeAll(async () => {
  feed = await localServer((_req, res, base) => {
    if (answer.status !== 200) {
      res.writeHead(answer.status, { 'Content-Type': 'text/plain' }).end('Service Unavailable');
      return;
    }
    res
      .writeHead(200, { 'Content-Type': 'application/json' })
      .end(JSON.stringify(feedPage(base, 1, 1, answer.listings, answer.listings.length)));
  });
});
afterAll(() => feed.close());

const listing = (slug: string) =>
  jobPosting({ slug, urn: '138312', orgName: 'Westminster City School', postcode: 'SW1E 5HJ', datePosted: '2026-11-24' });
const held = (db: ReturnType<typeof testDb>, slug: string) =>
  db
    .select()
    .from(jobs)
    .where(and(eq(jobs.externalId, TV + slug), eq(jobs.isActive, true)))
    .get();

let stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
});

function start(db: ReturnType<typeof testDb>, everyMs: number, retryMs = 60_000) {
  const logs: string[] = [];
  const errors: string[] = [];
  const hitsBefore = feed.hits.length;
  stops.push(
    scheduleJobsRefresh({
      db,
      feed: { url: `${feed.url}/api/v1/jobs.json`, timeoutMs: 2000 },
      everyMs,
      retryMs,
      now: () => NOW,
      holder: `test-${Math.random()}`,
      log: (l) => logs.push(l),
      error: (l) => errors.push(l),
    }),
  );
  return { logs, errors, hits: () => feed.hits.length - hitsBefore };
}

describe('scheduled Refresh Jobs', () => {
  it('refreshes at start-up, before the first interval has passed', async () => {
    answer = { status: 200, listings: [listing('startup-maths')] };
    const db = testDb({ now: NOW });
    // An hour between runs: only the start-up run can import within this test.
    const run = start(db, HOUR);
    await expect.poll(() => held(db, 'startup-maths')?.title).toBe('Teacher of Mathematics');
    // (The demo layer's sample-feed jobs, not in this feed, are deactivated by it.)
    expect(run.logs).toHaveLength(1);
    expect(run.logs[0]).toMatch(/^Scheduled job refresh: 0 deleted, 1 imported, 0 updated, \d+ deactivated, 0 skipped$/);
    expect(run.hits()).toBe(1);
    expect(leaseHolder(db, JOBS_REFRESH_LEASE)).toMatch(/^test-/);
  });

  it('refreshes again every interval', async () => {
    answer = { status: 200, listings: [listing('first-run')] };
    const db = testDb({ now: NOW });
    const run = start(db, 300);
    await expect.poll(() => held(db, 'first-run')).toBeDefined();
    // The feed changes: a later run imports the new listing and deactivates the one gone.
    answer = { status: 200, listings: [listing('later-run')] };
    await expect.poll(() => held(db, 'later-run')).toBeDefined();
    await expect.poll(() => held(db, 'first-run')).toBeUndefined();
    expect(run.hits()).toBeGreaterThanOrEqual(2);
    expect(run.errors).toEqual([]);
  });

  it('a failing feed is logged and retried with a doubling delay; the jobs held stay in place', async () => {
    answer = { status: 200, listings: [listing('kept-listing')] };
    const db = testDb({ now: NOW });
    const first = start(db, 100);
    await expect.poll(() => held(db, 'kept-listing')).toBeDefined();
    stops.pop()!();
    expect(first.errors).toEqual([]);
    const before = db.select().from(jobs).all();

    // The feed goes down. With an hour between refreshes, only the retries reach it within this test.
    answer = { status: 503, listings: [] };
    const run = start(db, HOUR, 25);
    await expect.poll(() => run.errors.length).toBeGreaterThanOrEqual(3);
    expect(run.errors.slice(0, 3)).toEqual(
      [1, 2, 3].map(
        (n) =>
          `Scheduled job refresh failed: Teaching Vacancies feed unavailable (page 1): HTTP 503; the jobs held are kept; retry ${n} in ${delayText(25 * 2 ** (n - 1))}`,
      ),
    );
    // Nothing was written: every job, the feed's one included, is as it was.
    expect(db.select().from(jobs).all()).toEqual(before);
    expect(held(db, 'kept-listing')).toBeDefined();

    // Back up: the next retry imports, and the schedule returns to its interval.
    answer = { status: 200, listings: [listing('kept-listing'), listing('after-outage')] };
    await expect.poll(() => held(db, 'after-outage')).toBeDefined();
    await expect.poll(() => run.logs).toEqual(['Scheduled job refresh: 0 deleted, 1 imported, 0 updated, 0 deactivated, 0 skipped']);
  });

  it('one process runs the schedule: another holder of the database leaves the feed alone', async () => {
    answer = { status: 200, listings: [listing('one-runner')] };
    const db = testDb({ now: NOW });
    const a = start(db, HOUR);
    await expect.poll(() => held(db, 'one-runner')).toBeDefined();
    const b = start(db, HOUR);
    // b's start-up tick found a's lease (an hour long): no second read of the feed.
    expect(b.hits() + a.hits()).toBe(1);
    expect(b.logs).toEqual([]);
  });

  it('retry delays double from the first and never exceed the interval', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => retryDelay(n, 60_000, HOUR) / 60_000)).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
    expect(delayText(25)).toBe('0.03 s');
    expect(delayText(120_000)).toBe('2 min');
  });
});

describe('where the jobs come from', () => {
  const SECRET = 'x'.repeat(32);
  it('production reads the GOV.UK feed at start-up and every 60 minutes unless told otherwise', () => {
    expect(parseEnv({ NODE_ENV: 'production', SESSION_SECRET: SECRET })).toMatchObject({
      teachingVacanciesUrl: DEFAULT_TEACHING_VACANCIES_URL,
      JOBS_REFRESH_INTERVAL_MINUTES: 60,
    });
    expect(DEFAULT_TEACHING_VACANCIES_URL).toBe('https://teaching-vacancies.service.gov.uk/api/v1/jobs.json');
    expect(
      parseEnv({ NODE_ENV: 'production', SESSION_SECRET: SECRET, JOBS_REFRESH_INTERVAL_MINUTES: '0' }).JOBS_REFRESH_INTERVAL_MINUTES,
    ).toBe(0);
    expect(
      parseEnv({ NODE_ENV: 'production', SESSION_SECRET: SECRET, TEACHING_VACANCIES_URL: 'http://mirror.internal/jobs.json' })
        .teachingVacanciesUrl,
    ).toBe('http://mirror.internal/jobs.json');
  });

  it("development and tests have no feed and no timer unless set: the sample feed's jobs stay", () => {
    for (const NODE_ENV of ['development', 'test'])
      expect(parseEnv({ NODE_ENV })).toMatchObject({ teachingVacanciesUrl: undefined, JOBS_REFRESH_INTERVAL_MINUTES: 0 });
    expect(parseEnv({ TEACHING_VACANCIES_URL: 'http://127.0.0.1:9/jobs.json', JOBS_REFRESH_INTERVAL_MINUTES: '5' })).toMatchObject({
      teachingVacanciesUrl: 'http://127.0.0.1:9/jobs.json',
      JOBS_REFRESH_INTERVAL_MINUTES: 5,
    });
  });

  it('Refresh Jobs without a feed answers 503 and reaches nothing', async () => {
    const db = testDb({ now: NOW });
    const app = createApp({ db, now: () => NOW, adminEmails: ['admin@example.test'] });
    const hits = feed.hits.length;
    const before = db.select().from(jobs).all().length;
    const res = await app.request('/api/jobs/refresh', {
      method: 'POST',
      headers: { Cookie: signIn(db, { id: 'admin', email: 'admin@example.test' }) },
    });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: string }).error).toMatch(
      /No jobs feed is configured here: the jobs are the sample feed's\. Set TEACHING_VACANCIES_URL/,
    );
    expect(feed.hits.length).toBe(hits);
    expect(db.select().from(jobs).all().length).toBe(before);
  });
});
