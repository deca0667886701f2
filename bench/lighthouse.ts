// Lighthouse 13 (mobile, simulated throttling) over the main pages of the built app, with
// references measured in the same run (issue 40, bench/README.md says how to read them):
//   app           the page as served (performance, accessibility, best-practices, seo)
//   app@<dir>     the same page from another build (LH_COMPARE=<checkout with a built dist/>)
//   ref:static    the same HTML and CSS with every script removed
//   ref:hydrate   the same markup hydrated by React alone (bench/ref-hydrate.tsx)
// Runs are interleaved (run 1 of every variant, then run 2...) so the box's and the browser's
// drift reaches all of them alike; the table gives the median of LH_RUNS (default 3) and the
// host's benchmark index (Lighthouse's own CPU measure). The first run of each variant keeps its
// trace for a main-thread breakdown (bench/lighthouse-trace.ts): what Lighthouse's "Other" is.
// `npm run bench:lighthouse` builds nothing: run `npm run build` first. It starts the real server
// on a free port with a fresh seeded database, unless LH_URL points at a running one. LH_REFS=0
// leaves the references out; LH_PAGES=/forum,job,school,thread picks pages; LH_VERBOSE=1 lists
// every audit that is not passing. Reports go to bench/results/ (git-ignored).
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { CHROMIUM, startServer, type RunningServer } from '../e2e/harness';
import { breakdown, type Breakdown } from './lighthouse-trace';
import {
  checkHydrates,
  hydrateBundle,
  hydrateOnly,
  startOtherBuild,
  startRefServer,
  withoutScripts,
  type RefServer,
} from './lighthouse-refs';
import { median } from './stats';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const CHROME_FLAGS =
  '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
} as const;

interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
}
interface LhReport {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
  environment?: { benchmarkIndex?: number };
  runtimeError?: { message: string };
}
interface Variant {
  label: string;
  url: (page: string, name: string) => string;
  /** The references score performance only. */
  categories: readonly string[];
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

async function lighthouse(url: string, outputPath: string, categories: readonly string[], trace: boolean): Promise<LhReport> {
  const args = ['--yes', 'lighthouse@13', url, '--form-factor=mobile', `--only-categories=${categories.join(',')}`];
  args.push(`--chrome-flags=${CHROME_FLAGS}`, '--output=json', `--output-path=${outputPath}`, '--quiet');
  if (trace) args.push('--save-assets');
  await run('npx', args, { ...process.env, CHROME_PATH: CHROMIUM });
  const report = JSON.parse(readFileSync(outputPath, 'utf8')) as LhReport;
  if (report.runtimeError) throw new Error(`${url}: ${report.runtimeError.message}`);
  return report;
}

/** The trace's breakdown, then the trace and devtools log themselves removed (tens of MB). */
function traceOf(outputPath: string): Breakdown | undefined {
  const stem = outputPath.replace(/\.json$/, '');
  try {
    return breakdown(`${stem}-0.trace.json`);
  } catch {
    return undefined;
  } finally {
    rmSync(`${stem}-0.trace.json`, { force: true });
    rmSync(`${stem}-0.devtoolslog.json`, { force: true });
  }
}

const dir = join(import.meta.dirname, 'results');
mkdirSync(dir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const SERVER_ENV = {
  NODE_ENV: 'production',
  ALLOW_NO_SIGN_IN: '1',
  SESSION_SECRET: 'lighthouse-bench-'.padEnd(40, 'x'),
  SEED_DEMO: 'true',
  WEB_CONCURRENCY: '1',
};

let server: RunningServer | undefined;
let other: { url: string; stop: () => void } | undefined;
let refs: RefServer | undefined;
// Measured as deployed: NODE_ENV=production (React's production build renders the pages), one process.
const base = process.env.LH_URL ?? (server = await startServer(SERVER_ENV)).url;
const RUNS = Number(process.env.LH_RUNS ?? 3);

async function pagesToMeasure(): Promise<string[]> {
  // A school page with content (the first school of the list sorted by rating), a job, a thread.
  const first = async (path: string) => ((await (await fetch(base + path)).json()) as { id: number }[])[0].id;
  const schoolId = process.env.LH_SCHOOL_ID ?? (await first('/api/schools?limit=1&sort=rating'));
  const jobId = process.env.LH_JOB_ID ?? (await first('/api/jobs'));
  const threadId = process.env.LH_THREAD_ID ?? (await first('/api/forum/threads'));
  const all = [
    '/',
    '/jobs',
    `/jobs/${jobId}`,
    '/schools',
    `/schools/${schoolId}`,
    '/pay-scales',
    '/salaries',
    '/forum',
    `/forum/threads/${threadId}`,
  ];
  const named: Record<string, string> = { thread: `/forum/threads/${threadId}`, job: `/jobs/${jobId}`, school: `/schools/${schoolId}` };
  const wanted = process.env.LH_PAGES?.split(',').map((p) => named[p] ?? p);
  return wanted ? all.filter((p) => wanted.includes(p)) : all;
}

async function variants(pages: string[]): Promise<Variant[]> {
  const list: Variant[] = [{ label: 'app', url: (page) => base + page, categories: CATEGORIES }];
  if (process.env.LH_COMPARE) {
    other = await startOtherBuild(process.env.LH_COMPARE, SERVER_ENV);
    const o = other;
    list.push({ label: `app@${basename(process.env.LH_COMPARE)}`, url: (page) => o.url + page, categories: CATEGORIES });
  }
  if (process.env.LH_REFS === '0') return list;
  refs = await startRefServer(base, { '/ref-assets/hydrate.js': await hydrateBundle() });
  for (const page of pages) {
    const html = await (await fetch(base + page)).text();
    refs.set(`${nameOf(page)}-static`, withoutScripts(html));
    refs.set(`${nameOf(page)}-hydrate`, await hydrateOnly(html, '/ref-assets/hydrate.js'));
  }
  const r = refs;
  for (const page of pages) await checkHydrates(`${r.url}/ref/${nameOf(page)}-hydrate`);
  list.push({ label: 'ref:static', url: (_, name) => `${r.url}/ref/${name}-static`, categories: ['performance'] });
  list.push({ label: 'ref:hydrate', url: (_, name) => `${r.url}/ref/${name}-hydrate`, categories: ['performance'] });
  return list;
}

const nameOf = (page: string) => (page === '/' ? 'home' : page.slice(1).replace(/\//g, '-'));

type Row = Record<string, string | number>;

function rowOf(page: string, variant: Variant, reports: LhReport[]): Row {
  const row: Row = { page, variant: variant.label };
  for (const c of CATEGORIES)
    row[c] = variant.categories.includes(c) ? Math.round(median(reports.map((r) => (r.categories[c]?.score ?? 0) * 100))) : '';
  for (const [label, id] of Object.entries(METRICS)) row[label] = median(reports.map((r) => r.audits[id]?.numericValue ?? 0));
  return row;
}

const shown = (label: string, v: string | number) =>
  typeof v !== 'number' || !(label in METRICS || label === 'TBT cpu')
    ? v
    : label === 'CLS'
      ? v.toFixed(3)
      : label.startsWith('TBT')
        ? `${Math.round(v)} ms`
        : `${(v / 1000).toFixed(1)} s`;

/** Issue 40's bar: TBT <= 200 ms and performance >= 95 (or TBT within 150 ms of ref:hydrate), LCP <= 1.2 s, CLS <= 0.05. */
function verdict(row: Row, hydrate: Row | undefined): string {
  const tbt = row.TBT as number;
  const overRef = hydrate ? tbt - (hydrate.TBT as number) : undefined;
  const fast = (tbt <= 200 && (row.performance as number) >= 95) || (overRef !== undefined && overRef <= 150);
  const ok = fast && (row.LCP as number) <= 1200 && (row.CLS as number) <= 0.05;
  const signed = (n: number) => `${n >= 0 ? '+' : ''}${Math.round(n)} ms`;
  const cpu = hydrate ? `, cpu ${signed((row['TBT cpu'] as number) - (hydrate['TBT cpu'] as number))}` : '';
  return `${ok ? 'meets' : 'misses'}${overRef === undefined ? '' : ` (TBT ${signed(overRef)}${cpu} over ref:hydrate)`}`;
}

type Traced = { page: string; label: string; trace: Breakdown & { scripts?: string; lcp?: string } };

function printTraces(traces: Traced[]) {
  console.log('\nMain thread, first run of each (this box, unthrottled ms; Lighthouse x4): groups, then what "Other" is');
  for (const { page, label, trace } of traces) {
    const groups = Object.entries(trace.groups)
      .sort((a, b) => b[1] - a[1])
      .map(([g, ms]) => `${g} ${Math.round(ms)}`)
      .join(', ');
    const other = trace.other
      .slice(0, 5)
      .map(([n, ms]) => `${n} ${Math.round(ms)}`)
      .join(', ');
    const cpu = `tasks ${Math.round(trace.taskWall)} ms wall, ${Math.round(trace.taskCpu)} ms on a core`;
    console.log(`${page} ${label}: ${groups}; ${cpu}; tasks >= 50 ms: ${trace.longTasks}\n    other: ${other}`);
    const painted = `first paint ${Math.round(trace.fcpAt)} ms, last LCP candidate ${Math.round(trace.lcpAt)} ms after navigation here`;
    console.log(`    LCP: ${trace.lcp ?? '?'}; ${painted}`);
    if (trace.scripts) console.log(`    scripts: ${trace.scripts}`);
    for (const b of trace.blockers ?? [])
      console.log(
        `    blocks at ${Math.round(b.at)} ms: ${Math.round(b.cpu)} ms on a core (x4 ${Math.round(4 * b.cpu)}), ${Math.round(b.wall)} wall: ${b.what}`,
      );
  }
}

/** The LCP element Lighthouse names, and its parts (time to first byte, render delay...). */
function lcpOf(report: LhReport): string | undefined {
  type Item = { type: string; nodeLabel?: string; selector?: string; items?: { label: string; duration: number }[] };
  const items = (report.audits['lcp-breakdown-insight'] as Audit & { details?: { items?: Item[] } })?.details?.items;
  const node = items?.find((i) => i.type === 'node');
  const parts = items?.find((i) => i.type === 'table')?.items?.map((p) => `${p.label.toLowerCase()} ${Math.round(p.duration)} ms`);
  return node ? `${node.selector} "${(node.nodeLabel ?? '').slice(0, 40)}"${parts ? ` (${parts.join(', ')})` : ''}` : undefined;
}

/** Lighthouse's JavaScript execution time per script (x4), the largest three. */
function scriptsOf(report: LhReport): string | undefined {
  const items = (
    report.audits['bootup-time'] as Audit & { details?: { items?: { url: string; scripting: number; scriptParseCompile: number }[] } }
  )?.details?.items;
  if (!items?.length) return undefined;
  return items
    .slice(0, 3)
    .map((i) => `${i.url.replace(/^https?:\/\/[^/]+/, '')} ${Math.round(i.scripting)}+${Math.round(i.scriptParseCompile)} ms`)
    .join(', ');
}

function printRows(rows: Row[], failing: Set<string>) {
  const cols = ['page', 'variant', ...CATEGORIES, 'LCP', 'CLS', 'TBT', 'TBT cpu', 'FCP', 'SI', 'issue 40'];
  console.log(`\n| ${cols.join(' | ')} |\n| ${cols.map(() => '---').join(' | ')} |`);
  for (const row of rows) {
    const hydrate = rows.find((r) => r.page === row.page && r.variant === 'ref:hydrate');
    const cells = cols.map((c) =>
      c === 'page'
        ? `\`${row.page}\``
        : c === 'issue 40'
          ? String(row.variant).startsWith('app')
            ? verdict(row, hydrate)
            : ''
          : shown(c, row[c]),
    );
    console.log(`| ${cells.join(' | ')} |`);
  }
  if (process.env.LH_VERBOSE) console.log(failing.size ? [...failing].join('\n') : 'No failing audits.');
  else if (failing.size) console.log(`${failing.size} audits below 90 (LH_VERBOSE=1 lists them).`);
}

function failingAudits(page: string, report: LhReport, failing: Set<string>) {
  for (const [c, category] of Object.entries(report.categories)) {
    for (const ref of category.auditRefs) {
      const a = report.audits[ref.id];
      if (a && a.score !== null && a.score < 0.9 && !['informative', 'notApplicable', 'manual'].includes(a.scoreDisplayMode)) {
        failing.add(`${page} [${c}] ${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
      }
    }
  }
}

async function measure() {
  const pages = await pagesToMeasure();
  const list = await variants(pages);
  const rows: Row[] = [];
  const failing = new Set<string>();
  const traces: Traced[] = [];
  const indexes: number[] = [];
  for (const page of pages) {
    const reports = new Map<Variant, LhReport[]>(list.map((v) => [v, []]));
    const cpuTbt = new Map<Variant, number[]>(list.map((v) => [v, []]));
    for (let i = 0; i < RUNS; i++) {
      for (const v of list) {
        const out = join(dir, `lighthouse-${nameOf(page)}-${v.label.replace(/[^a-z0-9]+/gi, '_')}-${stamp}-${i + 1}.json`);
        // Lighthouse sometimes fails to record a trace (NO_NAVSTART) on a busy box: one more try.
        const go = () => lighthouse(v.url(page, nameOf(page)), out, v.categories, true);
        const report = await go().catch(go);
        reports.get(v)!.push(report);
        indexes.push(report.environment?.benchmarkIndex ?? 0);
        if (v.label.startsWith('app')) failingAudits(`${page} ${v.label}`, report, failing);
        const trace = traceOf(out);
        if (trace) cpuTbt.get(v)!.push(trace.blockingCpu);
        if (trace && i === 0) traces.push({ page, label: v.label, trace: { ...trace, scripts: scriptsOf(report), lcp: lcpOf(report) } });
      }
    }
    for (const v of list) rows.push({ ...rowOf(page, v, reports.get(v)!), 'TBT cpu': median(cpuTbt.get(v)!) });
  }
  const sorted = [...indexes].sort((a, b) => a - b);
  console.log(
    `Host benchmark index (Lighthouse): median ${Math.round(median(indexes))}, ${sorted[0]}-${sorted[sorted.length - 1]} over ${indexes.length} runs`,
  );
  printRows(rows, failing);
  printTraces(traces);
  const summary = { stamp, runs: RUNS, benchmarkIndex: indexes, rows, traces };
  writeFileSync(join(dir, `lighthouse-summary-${stamp}.json`), JSON.stringify(summary, null, 1));
}

try {
  await measure();
} finally {
  other?.stop();
  await refs?.close();
  await server?.stop();
}
