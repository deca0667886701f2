// Loaded into the server by `npm run bench:scale` and `npm run bench:crawl` only (node --import):
// measures the event loop's delay with perf_hooks.monitorEventLoopDelay and, on SIGUSR2, writes the
// figures since the last signal (milliseconds) to BENCH_LOOP_FILE and starts again. A `%p` in
// BENCH_LOOP_FILE is the process id: with WEB_CONCURRENCY > 1 the primary passes the signal on to
// its workers and each writes its own file. Beside the delay (wall time, which a loaded box
// stretches), the process's CPU time between two callbacks of a 1 ms timer (`cpu`): how much work
// one stretch without a turn of the loop holds, which other processes on the box do not stretch
// (it counts zlib's threads working meanwhile too); and its CPU time since the last signal (`cpuMs`).
import cluster from 'node:cluster';
import { writeFileSync } from 'node:fs';
import { createHistogram, monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_LOOP_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const cpu = createHistogram();
  let last = process.cpuUsage();
  let since = last;
  setInterval(() => {
    const now = process.cpuUsage();
    cpu.record(Math.max(1, now.user + now.system - last.user - last.system));
    last = now;
  }, 1).unref();
  process.on('SIGUSR2', () => {
    if (cluster.isPrimary) for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGUSR2');
    const ms = (ns: number) => Number((ns / 1e6).toFixed(1));
    writeFileSync(
      file.replace('%p', String(process.pid)),
      JSON.stringify({
        pid: process.pid,
        worker: cluster.isWorker,
        p50: ms(histogram.percentile(50)),
        p99: ms(histogram.percentile(99)),
        max: ms(histogram.max),
        cpu: { p50: ms(cpu.percentile(50) * 1000), p99: ms(cpu.percentile(99) * 1000), max: ms(cpu.max * 1000) },
        // The process's CPU time since the last signal, all its threads.
        cpuMs: ms((process.cpuUsage(since).user + process.cpuUsage(since).system) * 1000),
        at: Date.now(),
      }),
    );
    histogram.reset();
    cpu.reset();
    since = process.cpuUsage();
  });
}
