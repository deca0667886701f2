import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { tempDbPath } from '../../test/db';
import { FeedError, REFRESH_RUN_LEASE, refreshJobsOnce } from '../services/vacancies-import';
import { leaseHolder, releaseLease, tryLease } from './lease';

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
    expect(leaseHolder(b, REFRESH_RUN_LEASE)).toBe('this-worker');
    expect(tryLease(b, REFRESH_RUN_LEASE, 'other-worker', 60_000)).toBe(false);
    // A second start in this process gets the running refresh.
    expect(refreshJobsOnce(a, feed, new Date(), 'this-worker').promise).toBe(run.promise);
    await expect(run.promise).rejects.toBeInstanceOf(FeedError);
    expect(leaseHolder(b, REFRESH_RUN_LEASE)).toBeNull();
    a.$client.close();
    b.$client.close();
  });
});
