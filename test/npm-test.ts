// `npm test`: every check and every test, side by side where they do not need each other
// (docs/decisions/1533-test-suite-time.md). The route policy module is written first (type check,
// build and the web tests read it); then the format check, type check, lint, build and the unit +
// web tests run at once: lint is one long single-threaded job and the box's other core does the
// rest meanwhile. The browser tests need the build and run last, on their own, as before.
// Each job's output is printed whole when it ends, so logs do not interleave; any failure fails
// the run, and the browser tests do not start after one.
import { spawn } from 'node:child_process';
import { useRunTmp } from './run-tmp';

interface Job {
  name: string;
  command: string;
}

const ROOT = new URL('..', import.meta.url).pathname;

function run({ name, command }: Job, stream: boolean): Promise<boolean> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, { cwd: ROOT, shell: true, stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      if (!stream) process.stdout.write(`\n── ${name}: ${command}\n${output.trimEnd()}\n`);
      process.stdout.write(`── ${name} ${ok ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s\n`);
      resolve(ok);
    });
  });
}

async function stage(jobs: Job[]): Promise<boolean> {
  if (jobs.length === 1) return run(jobs[0], true);
  process.stdout.write(`── started side by side: ${jobs.map((j) => j.name).join(', ')}\n`);
  const results = await Promise.all(jobs.map((job) => run(job, false)));
  return results.every(Boolean);
}

const STAGES: Job[][] = [
  [{ name: 'route policy', command: 'npm run --silent routes:policy' }],
  [
    { name: 'format', command: 'npm run --silent format:check' },
    { name: 'typecheck', command: 'npm run --silent typecheck' },
    { name: 'lint', command: 'npm run --silent lint' },
    { name: 'build', command: 'npm run --silent build' },
    { name: 'unit + web tests', command: 'npx vitest run --project unit --project web' },
  ],
  [{ name: 'browser tests', command: 'npx vitest run --project e2e' }],
];

const started = Date.now();
// Every job's temporary files in one folder, removed at the end (test/run-tmp.ts).
const removeRunTmp = useRunTmp();
process.on('exit', removeRunTmp);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));
for (const jobs of STAGES) {
  if (!(await stage(jobs))) {
    process.stdout.write(`\nnpm test failed after ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
    process.exit(1);
  }
}
process.stdout.write(`\nnpm test passed in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
