// `npm run bench:search-speed`: the search routes alone at ~100x, in process, with no answer cache
// ("uncached": every request runs its queries) and with it ("cached"), p50/p99 of SAMPLES requests
// each after 3 warm-ups. A quicker, targeted look than `npm run bench:scale` (which times every
// route over HTTP). The grown database is made once (seeded, then bench/grow.ts) and kept at
// SEARCH_BENCH_DB (default: a file in the system's temp folder) for the next run, without ANALYZE's
// statistics (the product never has them).
import { copyFileSync, existsSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { createApp } from '../api/app';
import { warmSearchVocabulary } from '../api/search';
import { openDatabase } from '../db/client';
import { seed } from '../db/seed/index';
import { growDatabase } from './grow';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 25);
const path = process.env.SEARCH_BENCH_DB ?? join(tmpdir(), 'tilt-search-speed-100x.db');

export const SEARCHES = [
  // Common words: most of a list matches.
  '/api/schools?search=school',
  '/api/schools?search=primary',
  '/api/jobs?search=teacher',
  '/api/forum/threads?search=question',
  '/api/forum/threads?search=behaviour',
  // A common word with a filter.
  '/api/jobs?search=teacher&borough=Camden',
  '/api/schools?search=primary&borough=Camden&educationLevel=Primary',
  '/api/jobs?search=teacher&subject=Mathematics',
  '/api/jobs?search=teacher&educationLevel=Primary',
  '/api/jobs?search=teacher&contractType=Permanent',
  '/api/jobs?search=teacher&keyStage=Secondary',
  '/api/jobs?search=teacher&borough=Camden&sort=closing',
  '/api/jobs?borough=Camden&sort=closing',
  // The Schools screen's own request: a page of 50.
  '/api/schools?search=school&limit=50',
  // Fewer matches, a typo, a name as typed.
  '/api/schools?search=st%20marys',
  '/api/schools?search=graveny',
  '/api/schools?search=cofe%20primary%20hackney',
  '/api/jobs?search=physics',
  // A word few enough to sort, sorted: led by its matches (without statistics SQLite walked every open job).
  '/api/jobs?search=physics&sort=newest',
  '/api/jobs?search=mathematcs',
  '/api/jobs?search=mathematics',
  '/api/jobs?search=mathematics%20teacher',
  '/api/jobs?search=head%20of%20music',
  '/api/forum/threads?search=ofsted',
  '/api/forum/threads?search=safeguarding%20training',
];

if (!existsSync(path)) {
  const base = `${path}.seeded`;
  console.log(`Seeding and growing ${path} (once) ...`);
  const db = openDatabase(base);
  seed(db, { demo: true });
  db.$client.pragma('wal_checkpoint(TRUNCATE)');
  db.$client.close();
  copyFileSync(base, path);
  console.log('Grown in', growDatabase(path, Date.now(), undefined, { analyze: false }).ms, 'ms');
}

// The product never runs ANALYZE: time the plans SQLite picks without statistics, as in production.
// A copy grown before (bench/grow.ts analysed it) loses them here, unless SEARCH_BENCH_STATS=1.
if (process.env.SEARCH_BENCH_STATS !== '1') {
  const raw = new Database(path);
  const stats = raw.prepare(`select name from sqlite_master where name like 'sqlite_stat%'`).pluck().all() as string[];
  for (const table of stats) raw.exec(`drop table ${table}`);
  raw.close();
  if (stats.length) console.log(`Dropped ${stats.join(', ')} from ${path}: the product runs without ANALYZE's statistics`);
}

const db = openDatabase(path);
warmSearchVocabulary(db);
console.log(
  'load average at start',
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' '),
);
const counts = db.$client
  .prepare('select (select count(*) from jobs) jobs, (select count(*) from forum_threads) threads, (select count(*) from schools) schools')
  .get();
console.log(
  path,
  counts,
  db.$client.prepare(`select count(*) from sqlite_master where name = 'sqlite_stat1'`).pluck().get()
    ? 'with ANALYZE statistics'
    : 'without statistics',
);

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const apps = {
  uncached: createApp({ db, rateLimit: false, answerCache: false, pageCache: false }),
  cached: createApp({ db, rateLimit: false, pageCache: false }),
};
// The apps build their vocabulary on the next tick: let that happen before timing.
await new Promise((r) => setTimeout(r, 100));

const rows: Record<string, unknown>[] = [];
// SEARCH_BENCH_ONLY: only the routes holding this text.
for (const route of SEARCHES.filter((r) => r.includes(process.env.SEARCH_BENCH_ONLY ?? ''))) {
  const row: Record<string, unknown> = { route };
  for (const [label, app] of Object.entries(apps)) {
    const times: number[] = [];
    const cpu: number[] = [];
    let res: Response | undefined;
    for (let i = 0; i < SAMPLES + 3; i++) {
      const c = process.cpuUsage();
      const t = performance.now();
      res = await app.request(route, { headers: { 'accept-encoding': 'gzip' } });
      await res.arrayBuffer();
      if (i >= 3) {
        times.push(performance.now() - t);
        const used = process.cpuUsage(c);
        cpu.push((used.user + used.system) / 1000);
      }
    }
    if (!res!.ok) throw new Error(`${route} answered ${res!.status}`);
    times.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    // The fastest run too: on a shared box the p50 moves with the other work (say the load average).
    row[`${label} min`] = Number(times[0].toFixed(2));
    row[`${label} p50`] = Number(pct(times, 50).toFixed(2));
    row[`${label} p99`] = Number(pct(times, 99).toFixed(2));
    // The process's CPU time per request (all its threads): what the work costs, less moved by
    // waiting for a core than the wall-clock times above.
    if (label === 'uncached') row[`${label} cpu p50`] = Number(pct(cpu, 50).toFixed(2));
    row.total = `${res!.headers.get('x-total-count')}${res!.headers.get('x-total-count-capped') ? '+' : ''}`;
  }
  console.log(JSON.stringify(row));
  rows.push(row);
}
console.table(rows);
console.log(
  'load average',
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' '),
);
db.$client.close();
