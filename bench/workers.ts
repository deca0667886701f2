// req/s with 1 and 2 worker processes (WEB_CONCURRENCY): the shared (cached) public reads against
// /api/health, 50 connections, in the same run. Starts the real server on a free port with a
// fresh seeded database for each worker count. `npm run bench:workers` (BENCH_SECONDS, default 5;
// BENCH_WORKERS, default "1,2"). autocannon runs on the same box, so on 2 cores it takes a share
// of the CPU the workers would use: the 2-worker figures understate what 2 free cores give.
import autocannon from 'autocannon';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from '../e2e/harness';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const counts = (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number);
const CONNECTIONS = 50;
const ROUTES = [
  '/api/health',
  '/api/jobs',
  '/api/schools',
  '/api/schools/1',
  '/api/schools/1/reviews',
  '/api/pay-scales',
  '/api/salaries/stats',
  '/api/forum/categories',
  '/api/forum/threads',
  '/api/stats',
];

interface Row {
  route: string;
  [column: string]: string | number;
}
const rows: Row[] = ROUTES.map((route) => ({ route }));

for (const n of counts) {
  const server = await startServer({ WEB_CONCURRENCY: String(n), LOG_REQUESTS: '0', RATE_LIMIT_READS_PER_MINUTE: '0' });
  try {
    // Wait until every worker answers (the first one up makes the harness return).
    const pids = new Set<number>();
    for (let i = 0; pids.size < n && i < 400; i++) {
      const res = await fetch(`${server.url}/api/health`, { headers: { Connection: 'close' } });
      pids.add(((await res.json()) as { pid: number }).pid);
      if (pids.size < n) await new Promise((r) => setTimeout(r, 50));
    }
    if (pids.size < n) throw new Error(`only ${pids.size} of ${n} workers answered`);
    const run = async (route: string, duration: number) => {
      const r = await autocannon({ url: server.url + route, connections: CONNECTIONS, duration, headers: { 'accept-encoding': 'gzip' } });
      if (r.non2xx || r.errors) throw new Error(`${route} with ${n} workers: ${r.non2xx} non-2xx, ${r.errors} errors`);
      return r;
    };
    // Warm up every route (JIT, caches) in every worker before measuring.
    for (const route of ROUTES) await run(route, 1);
    const measured = [];
    for (const route of ROUTES) measured.push(await run(route, seconds));
    // The baseline: /api/health measured first and again last (the box's load drifts).
    const baseline = (measured[0].requests.average + (await run('/api/health', seconds)).requests.average) / 2;
    for (const [i, r] of measured.entries()) {
      const rps = i === 0 ? baseline : r.requests.average;
      rows[i][`req/s ×${n}`] = Math.round(rps);
      rows[i][`p99 ms ×${n}`] = r.latency.p99;
      rows[i][`of health ×${n}`] = `${Math.round((rps / baseline) * 100)} %`;
    }
  } finally {
    await server.stop();
  }
}
if (counts.length > 1) {
  const [a, b] = [counts[0], counts.at(-1)!];
  for (const row of rows) row[`×${b} / ×${a}`] = Number(((row[`req/s ×${b}`] as number) / (row[`req/s ×${a}`] as number)).toFixed(2));
}
console.log(`${CONNECTIONS} connections, ${seconds} s per route, accept-encoding gzip`);
console.table(rows);
const dir = join(import.meta.dirname, 'results');
mkdirSync(dir, { recursive: true });
writeFileSync(
  join(dir, `workers-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
  JSON.stringify({ seconds, connections: CONNECTIONS, rows }, null, 2),
);
