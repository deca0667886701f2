// The probes of `npm run bench:crawl` in a process of their own (a teacher's phone is not inside
// the crawler): asks each path given on the command line, one request at a time per path, every
// PROBE_EVERY_MS, from "go" on stdin until "stop"; then prints every time (ms) as JSON.
import { createInterface } from 'node:readline';

const [base, ...paths] = process.argv.slice(2);
const PROBE_EVERY_MS = 20;
const times: Record<string, number[]> = Object.fromEntries(paths.map((p) => [p, []]));
let probing = false;
let runs: Promise<unknown> = Promise.resolve();

const probe = async (path: string) => {
  while (probing) {
    const t = performance.now();
    const res = await fetch(base + path, { headers: { 'accept-encoding': 'gzip' } });
    await res.arrayBuffer();
    times[path].push(performance.now() - t);
    await new Promise((r) => setTimeout(r, PROBE_EVERY_MS));
  }
};

process.stdout.write('ready\n');
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'go') {
    probing = true;
    runs = Promise.all(paths.map(probe));
  } else if (line === 'stop') {
    probing = false;
    await runs;
    process.stdout.write(`${JSON.stringify(times)}\n`);
    process.exit(0);
  }
}
