// `npm run bench:load`: the load test of issue 14. Starts the real server on a fresh seeded
// database and drives it for 60 s with 200 connections: mostly public reads, and signed-in writes
// (salaries, saves, reviews, forum threads) from many users so the per-user write limit is the
// exception, not the rule. Reports req/s, p99 latency and the count of 5xx (goal: 0).
// Options: `--seconds N` (or BENCH_SECONDS) to shorten, `--connections N` (default 200).
import autocannon from 'autocannon';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client';
import { signIn } from '../api/test-utils';
import { startServer } from '../e2e/harness';

const { values } = parseArgs({ options: { seconds: { type: 'string' }, connections: { type: 'string' } } });
const seconds = Number(values.seconds ?? process.env.BENCH_SECONDS ?? 60);
const connections = Number(values.connections ?? 200);
const writeConnections = Math.max(1, Math.round(connections * 0.15));
const readConnections = connections - writeConnections;
const USERS = 3000;

const server = await startServer();
const db = openDatabase(server.databasePath);
const cookies = Array.from({ length: USERS }, (_, i) => signIn(db, { id: `load:${i}`, firstName: `Load${i}` }));
const jobIds = (db.$client.prepare('select id from jobs where is_active = 1 limit 50').all() as { id: number }[]).map((r) => r.id);
const schoolIds = (db.$client.prepare('select id from schools limit 200').all() as { id: number }[]).map((r) => r.id);
const threadIds = (db.$client.prepare('select id from forum_threads where is_approved = 1 limit 20').all() as { id: number }[]).map((r) => r.id);
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
const review = { overallRating: 4, workLifeBalanceRating: 3, compensationRating: 4, careerOpportunitiesRating: 4, cultureRating: 4, leadershipRating: 3, pros: 'Supportive colleagues', cons: 'Busy marking weeks', jobTitle: 'Teacher', yearsAtSchool: '1-2 years', wouldRecommend: true };
function nextWrite() {
  const i = w++;
  const cookie = pick(cookies, i);
  const headers = { 'content-type': 'application/json', cookie, 'accept-encoding': 'gzip' };
  switch (i % 4) {
    case 0:
      return { method: 'POST' as const, path: '/api/salaries', headers, body: JSON.stringify({ jobTitle: 'Primary Teacher', schoolType: 'Academy', borough: 'Camden', yearsExperience: '3-5 years', annualSalary: 30_000 + (i % 20_000) }) };
    case 1:
      return { method: 'POST' as const, path: `/api/jobs/${pick(jobIds, i)}/save`, headers };
    case 2:
      return { method: 'POST' as const, path: `/api/schools/${pick(schoolIds, i)}/reviews`, headers, body: JSON.stringify(review) };
    default:
      return { method: 'POST' as const, path: '/api/forum/threads', headers, body: JSON.stringify({ title: `Load thread ${i}`, content: 'A question asked under load', categoryId }) };
  }
}

console.log(`bench:load: ${seconds} s, ${connections} connections (${readConnections} reading, ${writeConnections} writing as ${USERS} users) against ${server.url}`);
type Result = autocannon.Result;
const run = (opts: autocannon.Options) =>
  new Promise<Result>((resolve, reject) => {
    autocannon(opts, (error, result) => (error ? reject(error) : resolve(result)));
  });
let reads: Result;
let writes: Result;
try {
  [reads, writes] = await Promise.all([
    run({
      url: server.url,
      connections: readConnections,
      duration: seconds,
      headers: { 'accept-encoding': 'gzip' },
      requests: [{ setupRequest: (req) => ({ ...req, method: 'GET', path: pick(READS, r++) }) }],
    }),
    run({ url: server.url, connections: writeConnections, duration: seconds, requests: [{ setupRequest: (req) => ({ ...req, ...nextWrite() }) }] }),
  ]);
} finally {
  await server.stop();
}

const codes = (res: Result) => {
  const out: Record<string, number> = {};
  for (const [code, stat] of Object.entries(res.statusCodeStats ?? {})) out[code] = stat?.count ?? 0;
  return out;
};
const fiveXX = (res: Result) => Object.entries(codes(res)).reduce((n, [code, count]) => n + (code.startsWith('5') ? count : 0), 0);
const summary = (res: Result) => ({
  requests: res.requests.total,
  reqPerSec: Math.round(res.requests.average),
  p50ms: res.latency.p50,
  p99ms: res.latency.p99,
  maxMs: res.latency.max,
  errors: res.errors,
  timeouts: res.timeouts,
  status: codes(res),
  fiveXX: fiveXX(res),
});
const report = {
  at: new Date().toISOString(),
  seconds,
  connections,
  total: {
    requests: reads.requests.total + writes.requests.total,
    reqPerSec: Math.round(reads.requests.average + writes.requests.average),
    p99ms: Math.max(reads.latency.p99, writes.latency.p99),
    fiveXX: fiveXX(reads) + fiveXX(writes),
    errors: reads.errors + writes.errors,
  },
  reads: summary(reads),
  writes: summary(writes),
};
console.table({ reads: report.reads, writes: report.writes });
console.log(`total: ${report.total.requests} requests, ${report.total.reqPerSec} req/s, p99 ${report.total.p99ms} ms, ${report.total.fiveXX} x 5xx, ${report.total.errors} connection errors`);
const dir = join(import.meta.dirname, 'results');
mkdirSync(dir, { recursive: true });
const file = join(dir, `load-${report.at.replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify(report, null, 2));
console.log(`written ${file}`);
if (report.total.fiveXX > 0) process.exitCode = 1;
