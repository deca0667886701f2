// `npm run restore:drill` (issue 39, decision 0009): proves that Litestream's copy survives a crash.
// A seeded database; the built product started with LITESTREAM_REPLICA_URL=file://<temp folder>
// (so the server restores nothing and runs under `litestream replicate -exec`); a write load
// through the real HTTP API by signed-in users (reviews, salaries, saved jobs, forum threads and
// replies, some replayed with the same Idempotency-Key as an offline outbox does); SIGKILL of the
// whole process group (server, its workers, Litestream) in the middle; `litestream restore` into a
// new file; then the checks: integrity_check ok, the same migrations, every write acknowledged more
// than the replication window before the kill present, nothing twice.
//   npm run restore:drill [-- --seconds 20 --users 40 --remove-replica-at 5]
// --remove-replica-at S deletes the replica folder S seconds into the load: the drill must fail.
// A short version runs in `npm test` (e2e/restore-drill.test.ts).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { BOROUGHS } from '../core/boroughs';
import { EXPERIENCE_BANDS, SALARY_JOB_TITLES, SALARY_SCHOOL_TYPES, YEARS_AT_SCHOOL } from '../core/constants';
import { openDatabase } from '../db/client';
import { users } from '../db/schema';
import { seed } from '../db/seed/index';
import { createSession } from '../api/auth/session-store';
import { litestreamBinary, REPLICATION_WINDOW_S } from '../api/replication/litestream';
import { freePort } from '../e2e/harness';

const ROOT = join(import.meta.dirname, '..');
/** The server bundle (another build's with TILT_SERVER_BUNDLE). */
const SERVER = process.env.TILT_SERVER_BUNDLE ?? join(ROOT, 'dist', 'server', 'server.mjs');

export interface DrillOptions {
  /** Seconds of write load before the kill. */
  seconds: number;
  /** Signed-in users writing side by side (each stays under the 20 writes a minute limit). */
  users: number;
  /** A seeded database to start from (the browser tests' template); else one is seeded here. */
  template?: string;
  /** Deletes the replica folder this many seconds into the load (the drill must then fail). */
  removeReplicaAt?: number;
  log?: (line: string) => void;
}

type Kind = 'review' | 'salary' | 'save' | 'thread' | 'reply';
interface Write {
  kind: Kind;
  marker: string;
  /** When its answer arrived (ms since the epoch). */
  at: number;
  userId: string;
  jobId?: number;
  replayed: boolean;
}

export interface DrillResult {
  ok: boolean;
  problems: string[];
  acknowledged: number;
  /** Of the acknowledged writes, how many the restored file holds. */
  restored: number;
  /** Acknowledged more than the window before the kill: each must be in the restored file. */
  due: number;
  replays: number;
  integrity: string;
  migrations: { source: number; restored: number; shipped: number };
  /** From the earliest acknowledged write missing in the restored file to the kill (0: none missing). */
  lossWindowSeconds: number;
  windowSeconds: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The database the product starts on, with signed-in users: their session cookies. */
function prepareDatabase(path: string, template: string | undefined, count: number): { id: string; cookie: string }[] {
  if (template) copyFileSync(template, path);
  const db = openDatabase(path);
  if (!template) seed(db, { demo: true });
  const people = Array.from({ length: count }, (_, i) => {
    const id = randomUUID();
    db.insert(users)
      .values({ id, email: `drill-${i}-${id.slice(0, 8)}@example.test`, firstName: `Drill ${i}` })
      .run();
    return { id, cookie: `tilt_session=${createSession(db, id).token}` };
  });
  db.$client.close();
  return people;
}

async function startProduct(env: Record<string, string>): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  // The server bundle as `npm start` runs it (decision 0008); detached: its own process group, killed at once.
  const child = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', DEV_OIDC_PORT: String(await freePort()), ...env },
  });
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the product exited (${child.exitCode}):\n${log}`);
    const health = await fetch(`${url}/api/health`)
      .then((r) => r.json() as Promise<{ replication: { running?: boolean; lastSyncAt?: string | null } }>)
      .catch(() => null);
    // Up, and Litestream has shipped its first snapshot.
    if (health?.replication.running && health.replication.lastSyncAt) break;
    if (Date.now() > deadline) {
      process.kill(-child.pid!, 'SIGKILL');
      throw new Error(`the product did not start replicated within 90 s:\n${log}`);
    }
    await sleep(100);
  }
  return { child, url, output: () => log };
}

interface Targets {
  schools: number[];
  jobs: number[];
  threads: number[];
  categories: number[];
}

async function targets(url: string): Promise<Targets> {
  const ids = async (path: string) => ((await (await fetch(url + path)).json()) as { id: number }[]).map((r) => r.id);
  return {
    schools: await ids('/api/schools?limit=100'),
    jobs: await ids('/api/jobs?limit=100'),
    // Replies go to open threads only (a locked one answers 423).
    threads: ((await (await fetch(`${url}/api/forum/threads?limit=50`)).json()) as { id: number; isLocked?: boolean }[])
      .filter((t) => !t.isLocked)
      .map((t) => t.id),
    categories: await ids('/api/forum/categories'),
  };
}

/** The k-th write of user u: its kind, address and body (each carries a marker found again after the restore). */
function request(t: Targets, u: number, k: number, marker: string): { kind: Kind; path: string; body?: unknown; jobId?: number } {
  const kinds: Kind[] = t.threads.length ? ['review', 'salary', 'save', 'thread', 'reply'] : ['review', 'salary', 'save', 'thread'];
  const kind = kinds[(u + k) % kinds.length];
  const pick = <T>(list: readonly T[], n: number) => list[n % list.length];
  if (kind === 'review')
    return {
      kind,
      path: `/api/schools/${pick(t.schools, u * 7 + k)}/reviews`,
      body: {
        overallRating: 1 + ((u + k) % 5),
        pros: `Pros of the drill ${marker}`,
        cons: 'Cons written by the restore drill',
        jobTitle: 'Teacher',
        yearsAtSchool: YEARS_AT_SCHOOL[0],
      },
    };
  if (kind === 'salary')
    return {
      kind,
      path: '/api/salaries',
      body: {
        jobTitle: pick(SALARY_JOB_TITLES, k),
        schoolType: pick(SALARY_SCHOOL_TYPES, u),
        borough: pick(BOROUGHS, u + k),
        yearsExperience: pick(EXPERIENCE_BANDS, k),
        annualSalary: 30_000 + u * 100 + k,
        additionalBenefits: marker,
      },
    };
  if (kind === 'save') {
    const jobId = pick(t.jobs, u * 3 + k);
    return { kind, path: `/api/jobs/${jobId}/save`, jobId };
  }
  if (kind === 'thread')
    return {
      kind,
      path: '/api/forum/threads',
      body: { title: `Drill ${marker}`, content: 'A thread of the restore drill', categoryId: t.categories[0] },
    };
  return { kind, path: `/api/forum/threads/${pick(t.threads, u + k)}/posts`, body: { content: `A reply of the drill ${marker}` } };
}

/** One user's writes until `stop`: one every `everyMs`, every third one sent twice with its key (a replay). */
async function userLoad(url: string, t: Targets, u: number, cookie: string, userId: string, stop: () => boolean, acked: Write[]) {
  for (let k = 0; !stop(); k++) {
    const marker = `drill-${u}-${k}-${randomUUID().slice(0, 8)}`;
    const r = request(t, u, k, marker);
    const init: RequestInit = {
      method: 'POST',
      headers: { Cookie: cookie, 'Idempotency-Key': marker, ...(r.body ? { 'Content-Type': 'application/json' } : {}) },
      body: r.body ? JSON.stringify(r.body) : undefined,
    };
    const replay = k % 3 === 2;
    try {
      const res = await fetch(url + r.path, init);
      if (res.status >= 300) throw new Error(`${r.kind} ${r.path}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      // The outbox's replay after a lost answer: the same key and body must not write again.
      if (replay) {
        const again = await fetch(url + r.path, init);
        if (again.status >= 300) throw new Error(`replay of ${r.kind}: ${again.status}`);
        await again.arrayBuffer();
      }
      acked.push({ kind: r.kind, marker, at: Date.now(), userId, jobId: r.jobId, replayed: replay });
    } catch (error) {
      if (stop()) return; // the kill: an answer that never came is not acknowledged
      throw error;
    }
    await sleep(3200);
  }
}

/** How many rows of the restored file hold this write (1 is right; 0 lost; 2 written twice). */
function copies(db: Database.Database, w: Write): number {
  const one = (sql: string, ...args: unknown[]) =>
    (db
      .prepare(sql)
      .pluck()
      .get(...args) as number) ?? 0;
  if (w.kind === 'review') return one('select count(*) from reviews where pros = ?', `Pros of the drill ${w.marker}`);
  if (w.kind === 'salary') return one('select count(*) from salaries where additional_benefits = ?', w.marker);
  if (w.kind === 'save') return one('select count(*) from saved_jobs where user_id = ? and job_id = ?', w.userId, w.jobId);
  if (w.kind === 'thread') return one('select count(*) from forum_threads where title = ?', `Drill ${w.marker}`);
  return one('select count(*) from forum_posts where content = ?', `A reply of the drill ${w.marker}`);
}

const migrationsOf = (path: string) => {
  const db = new Database(path);
  try {
    return db.prepare('select count(*) from __drizzle_migrations').pluck().get() as number;
  } finally {
    db.close();
  }
};

function check(dir: string, source: string, acked: Write[], killAt: number): DrillResult {
  const problems: string[] = [];
  const restoredPath = join(dir, 'restored.db');
  const r = spawnSync(litestreamBinary(), ['restore', '-o', restoredPath, pathToFileURL(join(dir, 'replica')).href], { encoding: 'utf8' });
  const shipped = (JSON.parse(readFileSync(join(ROOT, 'db', 'migrations', 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] })
    .entries.length;
  const base = { acknowledged: acked.length, replays: acked.filter((w) => w.replayed).length, windowSeconds: REPLICATION_WINDOW_S };
  const due = acked.filter((w) => w.at < killAt - REPLICATION_WINDOW_S * 1000);
  if (r.status !== 0 || !existsSync(restoredPath)) {
    problems.push(`litestream restore failed (exit ${r.status}): ${(r.stdout + r.stderr).trim().split('\n').slice(-3).join(' | ')}`);
    const migrations = { source: migrationsOf(source), restored: 0, shipped };
    return { ok: false, problems, ...base, restored: 0, due: due.length, integrity: 'no file', migrations, lossWindowSeconds: NaN };
  }
  const db = new Database(restoredPath, { readonly: true });
  const integrity = (db.pragma('integrity_check') as { integrity_check: string }[]).map((x) => x.integrity_check).join('; ');
  const counted = acked.map((w) => ({ w, n: copies(db, w) }));
  db.close();
  const migrations = { source: migrationsOf(source), restored: migrationsOf(restoredPath), shipped };
  if (integrity !== 'ok') problems.push(`integrity_check: ${integrity}`);
  if (migrations.restored !== migrations.source || migrations.source !== shipped)
    problems.push(`migrations: ${migrations.restored} restored, ${migrations.source} in the source, ${shipped} shipped`);
  const lost = counted.filter((c) => c.n === 0 && due.includes(c.w));
  if (lost.length) problems.push(`${lost.length} writes acknowledged over ${REPLICATION_WINDOW_S} s before the kill are missing`);
  const twice = counted.filter((c) => c.n > 1);
  if (twice.length) problems.push(`${twice.length} writes are there more than once (${twice[0].w.kind} ${twice[0].w.marker})`);
  const missing = counted.filter((c) => c.n === 0).map((c) => c.w.at);
  return {
    ok: problems.length === 0,
    problems,
    ...base,
    restored: counted.filter((c) => c.n > 0).length,
    due: due.length,
    integrity,
    migrations,
    lossWindowSeconds: missing.length ? Math.round((killAt - Math.min(...missing)) / 100) / 10 : 0,
  };
}

export async function runDrill(options: DrillOptions): Promise<DrillResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const dir = mkdtempSync(join(tmpdir(), 'tilt-drill-'));
  const source = join(dir, 'app.db');
  const people = prepareDatabase(source, options.template, options.users);
  const replica = pathToFileURL(join(dir, 'replica')).href;
  const product = await startProduct({
    DATABASE_PATH: source,
    LITESTREAM_REPLICA_URL: replica,
    WEB_CONCURRENCY: '2',
    LOG_REQUESTS: '0',
    ALERTS_INTERVAL_MINUTES: '0',
    RATE_LIMIT_READS_PER_MINUTE: '0',
  });
  log(`Started replicated to ${replica} (${dir})`);
  try {
    const t = await targets(product.url);
    const acked: Write[] = [];
    let stopped = false;
    const loads = people.map((p, u) =>
      sleep((u * 3200) / people.length).then(() => userLoad(product.url, t, u, p.cookie, p.id, () => stopped, acked)),
    );
    const failed = Promise.all(loads).then(
      () => null,
      (e: unknown) => e as Error,
    );
    if (options.removeReplicaAt !== undefined)
      setTimeout(() => {
        rmSync(join(dir, 'replica'), { recursive: true, force: true });
        log(`Removed the replica folder ${options.removeReplicaAt} s into the load`);
      }, options.removeReplicaAt * 1000);
    const error = await Promise.race([failed, sleep(options.seconds * 1000).then(() => null)]);
    if (error) throw error;
    // SIGKILL of the whole group at once: the server, its workers and Litestream (no shutdown runs).
    const killAt = Date.now();
    stopped = true;
    process.kill(-product.child.pid!, 'SIGKILL');
    await new Promise((r) =>
      product.child.exitCode !== null || product.child.signalCode !== null ? r(null) : product.child.once('exit', r),
    );
    await Promise.allSettled(loads);
    log(`Killed (SIGKILL) after ${options.seconds} s with ${acked.length} writes acknowledged`);
    const result = check(dir, source, acked, killAt);
    // Its folder (database, replica, restored copy) removed when the drill passed, kept when not.
    if (result.ok) rmSync(dir, { recursive: true, force: true });
    else log(`The drill's files are kept in ${dir}`);
    return result;
  } catch (error) {
    if (product.child.exitCode === null && product.child.signalCode === null) process.kill(-product.child.pid!, 'SIGKILL');
    throw new Error(`${(error as Error).message}\n--- product output ---\n${product.output().slice(-3000)}`);
  }
}

export function describeResult(r: DrillResult): string {
  return [
    `Writes acknowledged: ${r.acknowledged} (${r.replays} of them replayed with their Idempotency-Key)`,
    `Writes restored:     ${r.restored} of ${r.acknowledged}; ${r.due} were acknowledged over ${r.windowSeconds} s before the kill and all must be there`,
    `Loss window:         ${r.lossWindowSeconds} s (from the earliest acknowledged write missing to the kill)`,
    `integrity_check:     ${r.integrity}; migrations ${r.migrations.restored} restored, ${r.migrations.source} in the source, ${r.migrations.shipped} shipped`,
    r.ok ? 'Restore drill passed' : `Restore drill FAILED:\n  ${r.problems.join('\n  ')}`,
  ].join('\n');
}

if (process.argv[1] === import.meta.filename) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : undefined;
  };
  const result = await runDrill({ seconds: arg('seconds') ?? 20, users: arg('users') ?? 40, removeReplicaAt: arg('remove-replica-at') });
  console.log(describeResult(result));
  process.exit(result.ok ? 0 : 1);
}
