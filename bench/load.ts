// `npm run bench:load`: the load test of the hardening review. Starts the real server on a fresh seeded
// database and drives it for 60 s with 200 connections: mostly public reads, and signed-in writes
// (salaries, saves, reviews, forum threads) from many users so the per-user write limit is the
// exception, not the rule. Reports req/s, p99 latency and the count of 5xx (goal: 0).
// Options: `--seconds N` (or BENCH_SECONDS) to shorten, `--connections N` (default 200).
import autocannon from 'autocannon';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client';
import { signIn } from '../test/app';
import { startServer } from '../e2e/harness';

const { values } = parseArgs({ options: { seconds: { type: 'string' }, connections: { type: 'string' } } });
const seconds = Number(values.seconds ?? process.env.BENCH_SECONDS ?? 60);
const connections = Number(values.connections ?? 200);
/** One request in WRITE_EVERY is a signed-in write. */
const WRITE_EVERY = 7;
const USERS = 3000;

// Every connection comes from 127.0.0.1: the per-IP read limit (600 a minute) would answer 429.
const server = await startServer({ RATE_LIMIT_READS_PER_MINUTE: '0' });
const db = openDatabase(server.databasePath);
const cookies = Array.from({ length: USERS }, (_, i) => signIn(db, { id: `load:${i}`, firstName: `Load${i}` }));
const jobIds = (db.$client.prepare('select id from jobs where is_active = 1 limit 50').all() as { id: number }[]).map((r) => r.id);
const schoolIds = (db.$client.prepare('select id from schools limit 200').all() as { id: number }[]).map((r) => r.id);
const threadIds = (db.$client.prepare('select id from forum_threads where is_approved = 1 limit 20').all() as { id: number }[]).map(
  (r) => r.id,
);
const categoryId = (db.$client.prepare('select id from forum_categories limit 1').get() as { id: number }).id;
db.$client.close();

const pick = <T>(list: readonly T[], i: number) => list[i % list.length];
const READS = [
  '/api/jobs',
  '/api/jobs?search=teacher&borough=Camden',
  '/api/schools',
  '/api/schools?limit=3&sort=rating',
  ...schoolIds.slice(0, 20).map((id) => `/api/schools/${id}`),
  ...schoolIds.slice(0, 10).map((id) => `/api/schools/${id}/reviews`),
  '/api/salaries',
  '/api/salaries/stats',
  '/api/pay-scales',
  '/api/forum/threads',
  ...threadIds.map((id) => `/api/forum/threads/${id}`),
  '/api/stats',
  '/',
];

let r = 0;
let w = 0;
const review = {
  overallRating: 4,
  workLifeBalanceRating: 3,
  compensationRating: 4,
  careerOpportunitiesRating: 4,
  cultureRating: 4,
  leadershipRating: 3,
  pros: 'Supportive colleagues',
  cons: 'Busy marking weeks',
  jobTitle: 'Teacher',
  yearsAtSchool: '1-2 years',
  wouldRecommend: true,
};
function nextWrite() {
  const i = w++;
  const cookie = pick(cookies, i);
  const headers = { 'content-type': 'application/json', cookie, 'accept-encoding': 'gzip' };
  switch (i % 4) {
    case 0:
      return {
        method: 'POST' as const,
        path: '/api/salaries',
        headers,
        body: JSON.stringify({
          jobTitle: 'Primary Teacher',
          schoolType: 'Academy',
          borough: 'Camden',
          yearsExperience: '3-5 years',
          annualSalary: 30_000 + (i % 20_000),
        }),
      };
    case 1:
      return { method: 'POST' as const, path: `/api/jobs/${pick(jobIds, i)}/save`, headers };
    case 2:
      return { method: 'POST' as const, path: `/api/schools/${pick(schoolIds, i)}/reviews`, headers, body: JSON.stringify(review) };
    default:
      return {
        method: 'POST' as const,
        path: '/api/forum/threads',
        headers,
        body: JSON.stringify({ title: `Load thread ${i}`, content: 'A question asked under load', categoryId }),
      };
  }
}

console.log(
  `bench:load: ${seconds} s, ${connections} connections against ${server.url}: 1 request in ${WRITE_EVERY} a signed-in write (as ${USERS} users), the rest public reads`,
);
// One autocannon run: every connection interleaves reads and writes, so both see the same load.
let n = 0;
let result: autocannon.Result;
try {
  result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url: server.url,
        connections,
        duration: seconds,
        requests: [
          {
            setupRequest: (req) => {
              const write = n++ % WRITE_EVERY === 0;
              if (write) return { ...req, ...nextWrite() };
              return { ...req, method: 'GET', path: pick(READS, r++), headers: { 'accept-encoding': 'gzip' }, body: undefined };
            },
          },
        ],
      },
      (error, res) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(res)),
    );
  });
} finally {
  await server.stop();
}

const status: Record<string, number> = {};
for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) status[code] = stat?.count ?? 0;
const fiveXX = Object.entries(status).reduce((sum, [code, count]) => sum + (code.startsWith('5') ? count : 0), 0);
const report = {
  at: new Date().toISOString(),
  seconds,
  connections,
  writeShare: `1/${WRITE_EVERY}`,
  requests: result.requests.total,
  writesSent: w,
  reqPerSec: Math.round(result.requests.average),
  latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
  status,
  fiveXX,
  errors: result.errors,
  timeouts: result.timeouts,
};
console.log(JSON.stringify(report, null, 2));
console.log(
  `total: ${report.requests} requests (${w} writes), ${report.reqPerSec} req/s, p99 ${report.latencyMs.p99} ms, ${fiveXX} x 5xx, ${report.errors} errors (${report.timeouts} timeouts)`,
);
const dir = join(import.meta.dirname, 'results');
mkdirSync(dir, { recursive: true });
const file = join(dir, `load-${report.at.replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify(report, null, 2));
console.log(`written ${file}`);
if (fiveXX > 0) process.exitCode = 1;
