// Lighthouse 13 (mobile, simulated throttling) over the main pages of the built app:
// performance, accessibility, best-practices and seo, plus the page-load metrics, as a table.
// `npm run bench:lighthouse` builds nothing: run `npm run build` first. It starts the real server
// on a free port with a fresh seeded database, unless LH_URL points at a running one
// (e.g. LH_URL=http://localhost:3456). Lighthouse comes through `npx --yes lighthouse@13`
// (downloaded into the npx cache, not the project). LH_VERBOSE=1 also lists every audit that
// is not passing. Reports go to bench/results/ (git-ignored).
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM, startServer, type RunningServer } from '../e2e/harness';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
} as const;

interface Audit { id: string; title: string; score: number | null; scoreDisplayMode: string; displayValue?: string }
interface LhReport {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
  runtimeError?: { message: string };
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited ${code}:\n${err.slice(-2000)}`))));
  });
}

async function lighthouse(url: string, outputPath: string): Promise<LhReport> {
  await run(
    'npx',
    [
      '--yes', 'lighthouse@13', url,
      '--form-factor=mobile',
      `--only-categories=${CATEGORIES.join(',')}`,
      `--chrome-flags=${CHROME_FLAGS}`,
      '--output=json', `--output-path=${outputPath}`, '--quiet',
    ],
    { ...process.env, CHROME_PATH: CHROMIUM },
  );
  const report = JSON.parse(readFileSync(outputPath, 'utf8')) as LhReport;
  if (report.runtimeError) throw new Error(`${url}: ${report.runtimeError.message}`);
  return report;
}

const dir = join(import.meta.dirname, 'results');
mkdirSync(dir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');

let server: RunningServer | undefined;
const base = process.env.LH_URL ?? (server = await startServer()).url;
try {
  // A school page with content: the first school of the list sorted by rating.
  const schoolId = process.env.LH_SCHOOL_ID ?? (await (await fetch(`${base}/api/schools?limit=1&sort=rating`)).json() as { id: number }[])[0].id;
  const pages = ['/', '/jobs', '/schools', '/pay-scales', `/schools/${schoolId}`];
  const rows: Record<string, string | number>[] = [];
  const failing: string[] = [];
  for (const page of pages) {
    const name = page === '/' ? 'home' : page.slice(1).replace(/\//g, '-');
    const report = await lighthouse(base + page, join(dir, `lighthouse-${name}-${stamp}.json`));
    const row: Record<string, string | number> = { page };
    for (const c of CATEGORIES) row[c] = Math.round((report.categories[c]?.score ?? 0) * 100);
    for (const [label, id] of Object.entries(METRICS)) row[label] = report.audits[id]?.displayValue ?? '';
    rows.push(row);
    for (const c of CATEGORIES) {
      for (const ref of report.categories[c].auditRefs) {
        const a = report.audits[ref.id];
        if (a && a.score !== null && a.score < 0.9 && !['informative', 'notApplicable', 'manual'].includes(a.scoreDisplayMode)) {
          failing.push(`${page} [${c}] ${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
        }
      }
    }
  }
  console.table(rows);
  if (process.env.LH_VERBOSE) console.log(failing.length ? failing.join('\n') : 'No failing audits.');
  else if (failing.length) console.log(`${failing.length} audits below 90 (LH_VERBOSE=1 lists them).`);
} finally {
  await server?.stop();
}
