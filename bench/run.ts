// Benchmarks: each route's throughput as a ratio of the server's own no-op route (/api/health)
// measured in the same run, so the numbers compare across machines. Starts the real server on a
// free port with a fresh seeded database. `npm run bench` (BENCH_SECONDS to change the duration).
import autocannon from 'autocannon';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from '../e2e/harness';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const ROUTES = [
  '/api/health',
  '/api/jobs',
  '/api/jobs?search=teacher&borough=Camden',
  '/api/schools',
  '/api/schools?limit=3&sort=rating',
  '/api/schools?educationLevel=SEND&limit=500',
  '/api/schools/1',
  '/api/salaries/stats',
  '/api/pay-scales',
  '/api/forum/threads',
  '/',
];

// One client address makes every request here: the per-IP read limit would answer 429.
const server = await startServer({ RATE_LIMIT_READS_PER_MINUTE: '0' });
const results: { route: string; rps: number; p99: number; ratio: number }[] = [];
try {
  let baseline = 0;
  for (const route of ROUTES) {
    const r = await autocannon({ url: server.url + route, connections: 20, duration: seconds, headers: { 'accept-encoding': 'gzip' } });
    const rps = r.requests.average;
    if (route === '/api/health') baseline = rps;
    results.push({ route, rps: Math.round(rps), p99: r.latency.p99, ratio: Number((rps / baseline).toFixed(3)) });
    if (r.non2xx || r.errors) throw new Error(`${route}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  }
} finally {
  await server.stop();
}
console.table(results);
const dir = join(import.meta.dirname, 'results');
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`), JSON.stringify({ seconds, results }, null, 2));
