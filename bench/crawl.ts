// `npm run bench:crawl`: a search engine walking the sitemap while teachers use the site. The
// server (one worker, NODE_ENV=production, a fresh seeded database) is asked for every URL of
// /sitemap.xml in order by 50 connections for 60 s (BENCH_SECONDS), each school and job page once
// per pass: nearly all page-cache misses. Beside it, one client at a time asks /api/health and a
// kept page (/pay-scales) every 20 ms and records how long each took. Prints pages/s, the crawl's
// latency and the p50/p99 of the two probes (goal: p99 under 100 ms). Results: bench/results/.
import autocannon from 'autocannon';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from '../e2e/harness';

const seconds = Number(process.env.BENCH_SECONDS ?? 60);
const CONNECTIONS = 50;
const PROBE_EVERY_MS = 20;

const server = await startServer({
  NODE_ENV: 'production',
  SESSION_SECRET: 'bench-'.padEnd(40, 'x'),
  WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? '1',
  SEED_DEMO: '1',
  JOBS_REFRESH_INTERVAL_MINUTES: '0',
  ALERTS_INTERVAL_MINUTES: '0',
  RATE_LIMIT_READS_PER_MINUTE: '0',
});

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

let report;
try {
  const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname + new URL(m[1]).search);
  if (paths.length === 0) throw new Error('The sitemap lists no URLs');
  // The probed page is kept before the crawl starts (a teacher's page that was already visited).
  for (let i = 0; i < 2; i++) await (await fetch(`${server.url}/pay-scales`, { headers: { 'accept-encoding': 'gzip' } })).arrayBuffer();

  const probes: Record<string, number[]> = { '/api/health': [], '/pay-scales': [] };
  let crawling = true;
  const probe = async (path: string) => {
    while (crawling) {
      const t = performance.now();
      const res = await fetch(server.url + path, { headers: { 'accept-encoding': 'gzip' } });
      await res.arrayBuffer();
      probes[path].push(performance.now() - t);
      await new Promise((r) => setTimeout(r, PROBE_EVERY_MS));
    }
  };
  let next = 0;
  const crawl = autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      { setupRequest: (req) => ({ ...req, method: 'GET', path: paths[next++ % paths.length], headers: { 'accept-encoding': 'gzip' } }) },
    ],
  });
  const probing = Promise.all(Object.keys(probes).map(probe));
  const result = await crawl;
  crawling = false;
  await probing;
  const status: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) status[code] = stat?.count ?? 0;
  report = {
    at: new Date().toISOString(),
    seconds,
    connections: CONNECTIONS,
    sitemapUrls: paths.length,
    pagesRequested: result.requests.total,
    sitemapPasses: Number((result.requests.total / paths.length).toFixed(2)),
    pagesPerSec: Math.round(result.requests.average),
    crawlLatencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    status,
    timeouts: result.timeouts,
    beside: Object.fromEntries(Object.entries(probes).map(([path, times]) => [path, summary(times)])),
  };
} finally {
  await server.stop();
}

console.log(JSON.stringify(report, null, 2));
const beside = Object.entries(report.beside)
  .map(([path, s]) => `${path} p50 ${s.p50} ms, p99 ${s.p99} ms (${s.n} asked)`)
  .join('; ');
console.log(
  `crawl: ${report.pagesPerSec} pages/s over ${report.sitemapUrls} sitemap URLs (${report.sitemapPasses} passes), crawl p99 ${report.crawlLatencyMs.p99} ms; beside it: ${beside}`,
);
const dir = join(import.meta.dirname, 'results');
mkdirSync(dir, { recursive: true });
const file = join(dir, `crawl-${report.at.replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify(report, null, 2));
console.log(`written ${file}`);
