// `npm run bench:crawl`: a search engine walking the sitemap while teachers use the site. The
// server (NODE_ENV=production, a fresh seeded database; one worker unless WEB_CONCURRENCY says how
// many: production's default is one per core) is asked for every URL of /sitemap.xml in order by
// 50 connections for 60 s (BENCH_SECONDS), each school and job page once per pass: nearly all
// page-cache misses. Beside it, one client at a time asks /api/health and a kept page
// (/pay-scales) every 20 ms and records how long each took. The probes run in a process of their
// own (bench/crawl-probes.ts), as a teacher's phone is not inside the crawler: with
// BENCH_PROBES=inprocess they share the crawler's event loop as before (its own delay is then part
// of their times). The server's event-loop delay during the crawl is measured in each worker
// (bench/loop-probe.ts). Prints pages/s, the crawl's latency, the p50/p99 of the two probes (goal:
// p99 under 100 ms) and the loop delay. Results: bench/results/.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { startServer } from '../e2e/harness';

const seconds = Number(process.env.BENCH_SECONDS ?? 60);
const CONNECTIONS = 50;
const PROBE_EVERY_MS = 20;
const PROBED = ['/api/health', '/pay-scales'];
const probesInProcess = process.env.BENCH_PROBES === 'inprocess';
const loopDir = mkdtempSync(join(tmpdir(), 'tilt-crawl-loop-'));

const server = await startServer({
  NODE_ENV: 'production',
  ALLOW_NO_SIGN_IN: '1',
  SESSION_SECRET: 'bench-'.padEnd(40, 'x'),
  WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? '1',
  SEED_DEMO: '1',
  JOBS_REFRESH_INTERVAL_MINUTES: '0',
  ALERTS_INTERVAL_MINUTES: '0',
  RATE_LIMIT_READS_PER_MINUTE: '0',
  // The loop probe needs the TypeScript loader, which NODE_OPTIONS loads before the command line's.
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import tsx --import ${join(import.meta.dirname, 'loop-probe.ts')}`.trim(),
  BENCH_LOOP_FILE: join(loopDir, 'loop-%p.json'),
});

/** The server's event-loop delay since the last call, per process (the primary's too with workers). */
const loopDelay = async () => {
  for (const f of readdirSync(loopDir)) rmSync(join(loopDir, f));
  process.kill(server.pid, 'SIGUSR2');
  const workers = Number(process.env.WEB_CONCURRENCY ?? '1');
  const expected = workers > 1 ? workers + 1 : 1;
  for (let i = 0; i < 100 && readdirSync(loopDir).length < expected; i++) await new Promise((r) => setTimeout(r, 100));
  await new Promise((r) => setTimeout(r, 100));
  return readdirSync(loopDir).map(
    (f) =>
      JSON.parse(readFileSync(join(loopDir, f), 'utf8')) as {
        pid: number;
        worker: boolean;
        p50: number;
        p99: number;
        max: number;
        cpu: { p50: number; p99: number; max: number };
        cpuMs: number;
      },
  );
};

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: Number(pct(sorted, 50).toFixed(1)),
    p99: Number(pct(sorted, 99).toFixed(1)),
    max: Number((sorted.at(-1) ?? 0).toFixed(1)),
  };
};

/** The probes in this process (sharing the crawler's event loop). */
function probesHere() {
  const probes: Record<string, number[]> = Object.fromEntries(PROBED.map((p) => [p, []]));
  let probing = true;
  const probe = async (path: string) => {
    while (probing) {
      const t = performance.now();
      const res = await fetch(server.url + path, { headers: { 'accept-encoding': 'gzip' } });
      await res.arrayBuffer();
      probes[path].push(performance.now() - t);
      await new Promise((r) => setTimeout(r, PROBE_EVERY_MS));
    }
  };
  const runs = Promise.all(PROBED.map(probe));
  return async () => {
    probing = false;
    await runs;
    return probes;
  };
}

/** The probes in a process of their own: started, then told to go and to stop. */
async function probesApart() {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'crawl-probes.ts'), server.url, ...PROBED], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  if ((await lines.next()).value !== 'ready') throw new Error('The probes did not start');
  child.stdin.write('go\n');
  return async () => {
    child.stdin.write('stop\n');
    const { value } = await lines.next();
    return JSON.parse(value as string) as Record<string, number[]>;
  };
}

let report;
try {
  const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname + new URL(m[1]).search);
  if (paths.length === 0) throw new Error('The sitemap lists no URLs');
  // The probed page is kept before the crawl starts (a teacher's page that was already visited;
  // with several workers each keeps its own copy, so it is asked a few times).
  for (let i = 0; i < 8; i++) await (await fetch(`${server.url}/pay-scales`, { headers: { 'accept-encoding': 'gzip' } })).arrayBuffer();

  await loopDelay(); // from here on
  const loadBefore = loadavg()[0];
  const stopProbes = probesInProcess ? probesHere() : await probesApart();
  let next = 0;
  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      { setupRequest: (req) => ({ ...req, method: 'GET', path: paths[next++ % paths.length], headers: { 'accept-encoding': 'gzip' } }) },
    ],
  });
  const probes = await stopProbes();
  const loop = await loopDelay();
  const status: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) status[code] = stat?.count ?? 0;
  report = {
    at: new Date().toISOString(),
    seconds,
    connections: CONNECTIONS,
    workers: Number(process.env.WEB_CONCURRENCY ?? '1'),
    probes: probesInProcess ? 'in the crawler process' : 'own process',
    loadAverage: { before: Number(loadBefore.toFixed(2)), after: Number(loadavg()[0].toFixed(2)) },
    sitemapUrls: paths.length,
    pagesRequested: result.requests.total,
    sitemapPasses: Number((result.requests.total / paths.length).toFixed(2)),
    pagesPerSec: Math.round(result.requests.average),
    crawlLatencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    status,
    timeouts: result.timeouts,
    beside: Object.fromEntries(Object.entries(probes).map(([path, times]) => [path, summary(times)])),
    // The server's CPU time per page answered (all its processes): what a page costs, which a
    // loaded box does not stretch as it does pages/s.
    serverCpuMsPerPage: Number((loop.reduce((sum, l) => sum + l.cpuMs, 0) / Math.max(1, result.requests.total)).toFixed(1)),
    serverLoopDelayMs: loop
      .filter((l) => l.worker || loop.length === 1)
      .map(({ p50, p99, max, cpu }) => ({ p50, p99, max, cpuPerStretch: cpu })),
  };
} finally {
  await server.stop();
  if (existsSync(loopDir)) rmSync(loopDir, { recursive: true, force: true });
}

console.log(JSON.stringify(report, null, 2));
const beside = Object.entries(report.beside)
  .map(([path, s]) => `${path} p50 ${s.p50} ms, p99 ${s.p99} ms (${s.n} asked)`)
  .join('; ');
const loops = report.serverLoopDelayMs
  .map((l) => `p50 ${l.p50} / p99 ${l.p99} / max ${l.max} ms (CPU per stretch p99 ${l.cpuPerStretch.p99} / max ${l.cpuPerStretch.max} ms)`)
  .join('; ');
console.log(
  `crawl: ${report.pagesPerSec} pages/s over ${report.sitemapUrls} sitemap URLs (${report.sitemapPasses} passes), crawl p99 ${report.crawlLatencyMs.p99} ms; beside it (probes: ${report.probes}): ${beside}; server event-loop delay ${loops}; server CPU ${report.serverCpuMsPerPage} ms per page; load average ${report.loadAverage.before} -> ${report.loadAverage.after}`,
);
const dir = join(import.meta.dirname, 'results');
mkdirSync(dir, { recursive: true });
const file = join(dir, `crawl-${report.at.replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify(report, null, 2));
console.log(`written ${file}`);
