// `npm run bench:start` (issue 39): how long `npm start` on a built tree takes to answer
// /api/health, in production (NODE_ENV=production, a worker per CPU, visitors only), on a database
// that exists (the first start, which makes and seeds it, is reported apart), the median of
// several runs; and the same with Litestream replicating to a folder (LITESTREAM_REPLICA_URL).
// It refuses a stale build: `npm start` would build first, which is not what it measures.
//   npm run bench:start [-- --runs 5]
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildState } from '../api/scripts/build-state.mjs';
import { freePort } from '../e2e/harness';

const ROOT = join(import.meta.dirname, '..');

/**
 * CPU time (user + system, ms) the processes of a group have used so far, from /proc: on a box
 * whose other work takes the CPUs, the figure the load does not stretch (Linux only; 0 elsewhere).
 */
function groupCpuMs(pgid: number): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      // Fields after the command's closing parenthesis: state ppid pgrp … utime (14th) stime (15th).
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      if (Number(f[2]) === pgid) ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks * 10; // USER_HZ is 100
}

/** One `npm start`: wall milliseconds from the spawn to the first 200 of /api/health, and CPU ms used by then. */
async function timeStart(env: Record<string, string>): Promise<{ wall: number; cpu: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_REQUESTS: '0', ...env },
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${log}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return { wall: performance.now() - started, cpu: groupCpuMs(child.pid!) };
      if (performance.now() - started > 120_000) throw new Error(`no answer within 120 s:\n${log}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    const exited = new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
    await new Promise((r) => setTimeout(r, 300)); // the workers' ports and files released
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const state = buildState(ROOT);
if (!state.ok) {
  console.error(
    `The build is not current (${state.reason}): run \`npm run build\` first; npm start would build, which is not what this measures.`,
  );
  process.exit(1);
}
const i = process.argv.indexOf('--runs');
const runs = i > 0 ? Number(process.argv[i + 1]) : 5;
const dir = mkdtempSync(join(tmpdir(), 'tilt-bench-start-'));
const production = {
  NODE_ENV: 'production',
  ALLOW_NO_SIGN_IN: '1',
  SESSION_SECRET: 'bench-start-secret-0123456789abcdefghijkl',
  JOBS_REFRESH_INTERVAL_MINUTES: '0',
  DATABASE_PATH: join(dir, 'app.db'),
};
const replicated = {
  ...production,
  DATABASE_PATH: join(dir, 'replicated.db'),
  LITESTREAM_REPLICA_URL: pathToFileURL(join(dir, 'replica')).href,
};

const firstStart = (await timeStart(production)).wall;
const plainRuns: { wall: number; cpu: number }[] = [];
for (let r = 0; r < runs; r++) plainRuns.push(await timeStart(production));
await timeStart(replicated); // makes the replicated database and its replica
const replicatedRuns: { wall: number; cpu: number }[] = [];
for (let r = 0; r < runs; r++) replicatedRuns.push(await timeStart(replicated));
const plain = plainRuns.map((r) => r.wall);
const withLitestream = replicatedRuns.map((r) => r.wall);

const result = {
  at: new Date().toISOString(),
  cpus: availableParallelism(),
  loadBefore: loadavg()[0],
  runs,
  firstStartMs: Math.round(firstStart),
  medianMs: Math.round(median(plain)),
  allMs: plain.map(Math.round),
  cpuMedianMs: median(plainRuns.map((r) => r.cpu)),
  replicatedMedianMs: Math.round(median(withLitestream)),
  replicatedCpuMedianMs: median(replicatedRuns.map((r) => r.cpu)),
  replicatedAllMs: withLitestream.map(Math.round),
};
console.log(
  `npm start to /api/health (production, ${result.cpus} workers, existing database): median ${result.medianMs} ms of ${runs} (${result.allMs.join(', ')})`,
);
console.log(`  CPU used by then (all its processes): median ${result.cpuMedianMs} ms; load average before: ${result.loadBefore}`);
console.log(
  `  with Litestream replicating to a folder: median ${result.replicatedMedianMs} ms (${result.replicatedAllMs.join(', ')}), CPU ${result.replicatedCpuMedianMs} ms`,
);
console.log(`  first start (makes, migrates and seeds the database): ${result.firstStartMs} ms`);
rmSync(dir, { recursive: true, force: true });
mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
const file = join(ROOT, 'bench', 'results', `start-${result.at.replace(/[:.]/g, '-')}.json`);
writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
console.log(`Written to ${file}`);
