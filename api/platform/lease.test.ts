import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type DB } from '../../db/client';
import { jobs } from '../../db/schema';
import { tempDbPath, testDb } from '../../test/db';
import { feedPage, jobPosting, localServer, type LocalServer } from '../../test/servers';
import { applyFeed, FeedError, REFRESH_RUN_LEASE, refreshJobsOnce, type RefreshResult } from '../jobs/feed-import';
import { scheduleJobsRefresh } from '../jobs/feed-schedule';
import { LeaseLostError, leaseHolder, releaseLease, tryLease } from './lease';

describe('tryLease', () => {
  it('gives a lease to one holder at a time, renews it for that holder, and lets another take it after expiry', () => {
    const path = tempDbPath();
    // Two connections on one file, as two worker processes would have.
    const a = openDatabase(path);
    const b = openDatabase(path);
    const t0 = 1_000_000;
    expect(tryLease(a, 'jobs-refresh', 'worker-1', 10_000, t0)).toBe(true);
    expect(tryLease(b, 'jobs-refresh', 'worker-2', 10_000, t0 + 1)).toBe(false);
    expect(leaseHolder(b, 'jobs-refresh', t0 + 1)).toBe('worker-1');
    // The holder renews before expiry; the other still cannot take it after the first term.
    expect(tryLease(a, 'jobs-refresh', 'worker-1', 10_000, t0 + 9_000)).toBe(true);
    expect(tryLease(b, 'jobs-refresh', 'worker-2', 10_000, t0 + 12_000)).toBe(false);
    // Not renewed: expired at t0 + 19 000, then worker-2 takes over and worker-1 is out.
    expect(tryLease(b, 'jobs-refresh', 'worker-2', 10_000, t0 + 19_000)).toBe(true);
    expect(leaseHolder(a, 'jobs-refresh', t0 + 19_001)).toBe('worker-2');
    expect(tryLease(a, 'jobs-refresh', 'worker-1', 10_000, t0 + 19_002)).toBe(false);
    // Other names are independent.
    expect(tryLease(a, 'alerts', 'worker-1', 10_000, t0 + 19_003)).toBe(true);
    // Release: only by the holder.
    releaseLease(a, 'jobs-refresh', 'worker-1');
    expect(leaseHolder(a, 'jobs-refresh', t0 + 19_004)).toBe('worker-2');
    releaseLease(b, 'jobs-refresh', 'worker-2');
    expect(leaseHolder(a, 'jobs-refresh', t0 + 19_005)).toBeNull();
    expect(tryLease(a, 'jobs-refresh', 'worker-1', 10_000, t0 + 19_006)).toBe(true);
    expect(a.$client.prepare('select count(*) n from leases').get()).toEqual({ n: 2 });
    a.$client.close();
    b.$client.close();
  });
});

describe('the Refresh Jobs lock across processes', () => {
  it('refuses to start while another process holds the run lease, and frees it when its own run ends', async () => {
    const path = tempDbPath();
    const a = openDatabase(path);
    const b = openDatabase(path);
    // Nothing listens there: the run fails fast with a FeedError, which is all this test needs.
    const feed = { url: 'http://127.0.0.1:9/jobs.json', allowPrivate: true, timeoutMs: 2000 };
    expect(tryLease(b, REFRESH_RUN_LEASE, 'other-worker', 60_000)).toBe(true);
    const refused = refreshJobsOnce(a, feed, new Date(), 'this-worker');
    expect(refused).toEqual({ started: false, promise: null });
    releaseLease(b, REFRESH_RUN_LEASE, 'other-worker');
    const run = refreshJobsOnce(a, feed, new Date(), 'this-worker');
    expect(run.started).toBe(true);
    expect(leaseHolder(b, REFRESH_RUN_LEASE)).toMatch(/^this-worker#[0-9a-f]{8}$/);
    expect(tryLease(b, REFRESH_RUN_LEASE, 'other-worker', 60_000)).toBe(false);
    // A second start in this process gets the running refresh.
    expect(refreshJobsOnce(a, feed, new Date(), 'this-worker').promise).toBe(run.promise);
    await expect(run.promise).rejects.toBeInstanceOf(FeedError);
    expect(leaseHolder(b, REFRESH_RUN_LEASE)).toBeNull();
    a.$client.close();
    b.$client.close();
  });
});

// A worker whose event loop stalls (a busy box, a paused machine) past its run lease: another
// worker takes the lease over and refreshes. When the stalled one wakes, its feed is older than
// the refresh that took over; it must write nothing (decision 1412). The stall is made by holding
// its feed's answer and moving the other worker's clock past the lease, not by waiting.
describe('a refresh run that outlived its lease', () => {
  const NOW = new Date('2026-11-25T12:00:00Z');
  const TV = 'https://teaching-vacancies.service.gov.uk/jobs/';
  const LATER = () => Date.now() + 6 * 60_000; // past the 5-minute run lease
  const posting = (slug: string) =>
    jobPosting({ slug, urn: '138312', orgName: 'Westminster City School', postcode: 'SW1E 5HJ', datePosted: '2026-11-24' });
  const fetched = (...slugs: string[]) => ({ listings: slugs.map(posting), pages: 1, capped: false });
  const active = (db: DB, slug: string) =>
    db
      .select({ isActive: jobs.isActive })
      .from(jobs)
      .where(eq(jobs.externalId, TV + slug))
      .get()?.isActive ?? null;

  /** A feed that answers each request only when the test says so. */
  let feed: LocalServer;
  let waiting: ((listings: unknown[]) => void)[] = [];
  beforeAll(async () => {
    feed = await localServer((_req, res, base) => {
      waiting.push((listings) =>
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(feedPage(base, 1, 1, listings, listings.length))),
      );
    });
  });
  afterAll(() => feed.close());

  /** Worker A starts a refresh and stalls with its feed read; B is another process on the same file. */
  async function stalledRun() {
    waiting = [];
    const a = testDb({ demo: false });
    const b = openDatabase(a.$client.name);
    const run = refreshJobsOnce(a, { url: `${feed.url}/api/v1/jobs.json`, allowPrivate: true, timeoutMs: 60_000 }, NOW, 'worker-a');
    expect(run.started).toBe(true);
    await expect.poll(() => waiting.length).toBe(1);
    return { a, b, run: run.promise as Promise<RefreshResult>, wake: (...slugs: string[]) => waiting[0](slugs.map(posting)) };
  }

  it('writes nothing when another worker has taken its lease over meanwhile', async () => {
    const { a, b, run, wake } = await stalledRun();
    // A's lease lapses while it stalls: B takes it and refreshes from the newer feed.
    expect(tryLease(b, REFRESH_RUN_LEASE, 'worker-b', 5 * 60_000, LATER())).toBe(true);
    applyFeed(b, fetched('still-open', 'newly-posted'), NOW);
    // A wakes with its older feed (without the new listing): it must not deactivate it, nor write anything.
    const before = b.select().from(jobs).all();
    wake('still-open');
    await expect(run).rejects.toBeInstanceOf(LeaseLostError);
    expect(active(b, 'newly-posted')).toBe(true);
    expect(b.select().from(jobs).all()).toEqual(before);
    // B's lease is still B's: A's end of run did not free it.
    expect(leaseHolder(b, REFRESH_RUN_LEASE, LATER())).toBe('worker-b');
    a.$client.close();
    b.$client.close();
  });

  it('writes nothing when another worker took its lease over and has finished (the lease is free again)', async () => {
    const { a, b, run, wake } = await stalledRun();
    expect(tryLease(b, REFRESH_RUN_LEASE, 'worker-b', 5 * 60_000, LATER())).toBe(true);
    applyFeed(b, fetched('newly-posted'), NOW);
    releaseLease(b, REFRESH_RUN_LEASE, 'worker-b');
    wake('withdrawn-since');
    await expect(run).rejects.toBeInstanceOf(LeaseLostError);
    expect(active(b, 'newly-posted')).toBe(true);
    expect(active(b, 'withdrawn-since')).toBeNull();
    expect(leaseHolder(b, REFRESH_RUN_LEASE)).toBeNull();
    a.$client.close();
    b.$client.close();
  });

  it('the schedule says so, and does not count it as a failure of the feed', async () => {
    waiting = [];
    const a = testDb({ demo: false });
    const b = openDatabase(a.$client.name);
    const logs: string[] = [];
    const errors: string[] = [];
    const stop = scheduleJobsRefresh({
      db: a,
      feed: { url: `${feed.url}/api/v1/jobs.json`, allowPrivate: true, timeoutMs: 60_000 },
      everyMs: 3_600_000,
      now: () => NOW,
      holder: 'schedule-a',
      log: (l) => logs.push(l),
      error: (l) => errors.push(l),
    });
    await expect.poll(() => waiting.length).toBe(1);
    expect(tryLease(b, REFRESH_RUN_LEASE, 'worker-b', 5 * 60_000, LATER())).toBe(true);
    waiting[0]([posting('stale-listing')]);
    await expect
      .poll(() => errors)
      .toEqual([
        'Scheduled job refresh: This refresh was held up past its lease and another server process refreshed meanwhile: its result stands, and this one changed nothing',
      ]);
    expect(logs).toEqual([]);
    expect(active(b, 'stale-listing')).toBeNull();
    stop();
    a.$client.close();
    b.$client.close();
  });

  it('applies its feed when its lease lapsed but nobody took it over (no one else refreshed)', async () => {
    const { a, b, run, wake } = await stalledRun();
    // The lease's time is past, but no other worker ran: A's token is still in the row, so A's result stands.
    expect(leaseHolder(b, REFRESH_RUN_LEASE, LATER())).toBeNull();
    wake('only-run');
    await expect(run).resolves.toMatchObject({ imported: 1 });
    expect(active(b, 'only-run')).toBe(true);
    expect(leaseHolder(b, REFRESH_RUN_LEASE)).toBeNull();
    a.$client.close();
    b.$client.close();
  });
});
