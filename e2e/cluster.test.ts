// The real server with WEB_CONCURRENCY=2: two worker processes answer on one port, and a write
// through one is seen (not a stale cached answer) through the other. Also: a worker that dies is
// replaced, and the jobs refresh runs in one worker at a time, also when its schedule changes
// hands in the middle of a run (the leases, decision 1412).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openDatabase } from '../db/client';
import { signIn } from '../test/app';
import { localServer, type LocalServer } from '../test/servers';
import { startServer, type RunningServer } from './harness';
import { attemptTag } from './screens.helpers';

let server: RunningServer;
const databasePath = join(mkdtempSync(join(tmpdir(), 'tilt-e2e-')), 'app.db');
/** The feed the workers refresh from: this file's own (see below). */
let feed: LocalServer;
const serverEnv = () => ({
  WEB_CONCURRENCY: '2',
  JOBS_REFRESH_INTERVAL_MINUTES: '0.005',
  TEACHING_VACANCIES_URL: `${feed.url}/api/v1/jobs.json`,
});
/** Workers this file killed (a retried test must not expect them to be the schedule's runner). */
const killed = new Set<number>();
/** Set once the last test has stopped the server: its retry starts it again on the same file. */
let stopped = false;
let closing = false;

/** The schedule lease as the workers left it: its holder's pid and its expiry. */
function scheduleLease(): { pid: number; expiresAt: number } | null {
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare("select holder, expires_at from leases where name = 'jobs-refresh:schedule'").get() as
      | { holder: string; expires_at: number }
      | undefined;
    return row ? { pid: Number(row.holder.split(':')[1]), expiresAt: row.expires_at } : null;
  } finally {
    db.close();
  }
}

/**
 * Resolves once the schedule lease has left the worker holding it now and its new holder has
 * renewed it at least once more: each of that worker's ticks found the schedule its own and
 * tried to start a refresh.
 */
async function scheduleMovedOn(): Promise<void> {
  const from = scheduleLease()?.pid;
  // The new holder and its lease's expiry when first seen there.
  const to = { pid: 0, expiresAt: 0 };
  while (!closing) {
    await new Promise((r) => setTimeout(r, 20));
    const now = scheduleLease();
    if (!now || now.pid === from) continue;
    if (now.pid === to.pid && now.expiresAt > to.expiresAt) return;
    if (now.pid !== to.pid) Object.assign(to, now);
  }
}

/** The feed's reads: how many, how many at once now, and the most at once. */
const reads = { total: 0, inFlight: 0, most: 0 };

/** Requests over one keep-alive connection, so they all reach the same worker. */
function pinned() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const req = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: any }>((resolve, reject) => {
      const r = http.request(server.url + path, { method, agent, headers }, (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (data += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: data ? JSON.parse(data) : null }));
      });
      r.on('error', reject);
      r.setTimeout(5000, () => r.destroy(new Error('timeout')));
      r.end(body);
    });
  return { agent, req };
}

beforeAll(async () => {
  // Each run reads the feed once and fails (503), writing nothing. The answer waits until the
  // schedule has moved to the other worker (its lease, two ticks long, lapsed under the waiting
  // run) and that worker has ticked again: in every run the schedule changes hands, and the other
  // worker tries to start a refresh while this one still reads.
  feed = await localServer((_req, res) => {
    reads.total++;
    reads.most = Math.max(reads.most, ++reads.inFlight);
    let done = false;
    const end = () => !done && ((done = true), reads.inFlight--);
    res.on('finish', end).on('close', end);
    void scheduleMovedOn().then(() => res.destroyed || res.writeHead(503, { 'Content-Type': 'text/plain' }).end('Service Unavailable'));
  });
  server = await startServer(serverEnv(), databasePath);
}, 60_000);
afterAll(async () => {
  closing = true;
  await server?.stop();
  await feed?.close();
});

/** Fresh connections each time, so the kernel spreads them over the workers. */
async function health(): Promise<number> {
  const res = await fetch(`${server.url}/api/health`, { headers: { Connection: 'close' }, signal: AbortSignal.timeout(5000) });
  return ((await res.json()) as { pid: number }).pid;
}

async function pidsSeen(tries: number): Promise<Set<number>> {
  const pids = new Set<number>();
  for (let i = 0; i < tries && pids.size < 2; i++) pids.add(await health().catch(() => 0));
  pids.delete(0);
  return pids;
}

describe('WEB_CONCURRENCY=2', () => {
  it('answers from two worker processes on one port', async () => {
    await expect.poll(async () => (await pidsSeen(40)).size, { timeout: 30_000 }).toBe(2);
  }, 60_000);

  it('shows a write made through one worker on the other, without a stale cached answer', async () => {
    // Two keep-alive connections, each held by a different worker.
    const a = pinned();
    let b = pinned();
    const pidA = (await a.req('GET', '/api/health')).body.pid;
    for (let i = 0; i < 30 && (await b.req('GET', '/api/health')).body.pid === pidA; i++) {
      b.agent.destroy();
      b = pinned();
    }
    const pidB = (await b.req('GET', '/api/health')).body.pid;
    expect(pidB).not.toBe(pidA);
    expect((await a.req('GET', '/api/health')).body.pid).toBe(pidA);
    // Both workers cache the school's mood figures.
    // (The schedule's lease commits every 0.3 s here and any commit empties both caches, so
    // the hit is waited for rather than expected on the second read.)
    const before = await b.req('GET', '/api/schools/1/mood-stats');
    await expect
      .poll(async () => (await b.req('GET', '/api/schools/1/mood-stats')).headers['x-cache'], { timeout: 20_000, interval: 10 })
      .toBe('hit');
    expect((await a.req('GET', '/api/schools/1/mood-stats')).body).toEqual(before.body);
    // A signed-in teacher shares a mood through worker A.
    const db = openDatabase(server.databasePath);
    // A teacher of her own in each attempt: one mood per teacher and school, and a failed first
    // attempt may have shared hers.
    const tag = attemptTag();
    const cookie = signIn(db, { id: `test:cluster-${tag}`, email: `cluster.${tag}@example.test`, firstName: 'Cleo' });
    db.$client.close();
    const posted = await a.req(
      'POST',
      '/api/schools/1/mood',
      { Cookie: cookie, 'Content-Type': 'application/json' },
      JSON.stringify({ mood: 'happy', emoji: '😊', anonymous: true }),
    );
    expect(posted.status).toBe(201);
    // Worker B answers the new figures at once (and the session is valid there too).
    const after = await b.req('GET', '/api/schools/1/mood-stats');
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.body.totalMoods).toBe(before.body.totalMoods + 1);
    expect((await b.req('GET', '/api/schools/1/user-mood', { Cookie: cookie })).body).toMatchObject({ mood: 'happy' });
    a.agent.destroy();
    b.agent.destroy();
  }, 60_000);

  it('runs the scheduled refresh in one worker at a time, also when its schedule moves mid-run, and replaces a worker that dies', async () => {
    // Both workers have run the schedule (it moves in every run, see the feed above), three runs in all.
    const runners = () =>
      new Set(
        [...server.output().matchAll(/Scheduled job refresh failed \(worker \d+, pid (\d+)\)/g)]
          .map((m) => Number(m[1]))
          .filter((pid) => !killed.has(pid)),
      );
    await expect.poll(() => runners().size, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    await expect.poll(() => reads.total, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    // Yet never two refreshes at once: each worker that took the schedule over while the other's
    // run still read the feed found the run lease held, and left the feed alone.
    expect(reads.most).toBe(1);
    const holderPid = scheduleLease()!.pid;
    const pids = await pidsSeen(60);
    expect(pids.has(holderPid)).toBe(true);
    // Kill the holder: the primary starts another worker, and the schedule moves to a live one.
    killed.add(holderPid);
    process.kill(holderPid, 'SIGKILL');
    await expect
      .poll(
        async () => {
          const seen = await pidsSeen(40);
          return seen.size === 2 && !seen.has(holderPid);
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    // The primary says why it started another (a line can reach the test's pipe after the new worker answers: polled).
    await expect.poll(() => server.output()).toMatch(new RegExp(`Worker ${holderPid} ended \\(SIGKILL\\)`));
    await expect.poll(() => scheduleLease()?.pid !== holderPid, { timeout: 20_000 }).toBe(true);
  }, 90_000);

  it('stops every worker on SIGTERM to the primary', async () => {
    if (stopped) server = await startServer(serverEnv(), databasePath);
    const pids = await pidsSeen(60);
    expect(pids.size).toBe(2);
    stopped = true;
    await server.stop();
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    await expect.poll(() => [...pids].filter(alive), { timeout: 10_000 }).toEqual([]);
    await expect.poll(() => server.output()).toMatch(/SIGTERM: stopping 2 workers/);
  }, 30_000);
});
