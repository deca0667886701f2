// Runs the server under Litestream when LITESTREAM_REPLICA_URL is set (decision 0009): first a
// restore when the database is missing or empty and the replica has one (a replaced machine comes
// back with its data by itself), then `litestream replicate -exec "<this server>"`, which starts the
// server, copies every commit to the replica about once a second, forwards SIGINT/SIGTERM to the
// server and ends when it ends. This process only waits for Litestream and passes on its exit.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { basename, dirname, join, resolve } from 'node:path';
import { underLitestreamEnv } from '../env';

/** Litestream's intervals (decision 0009): it looks at the WAL and ships to the replica each second. */
export const MONITOR_INTERVAL_S = 1;
export const SYNC_INTERVAL_S = 1;
/** A write acknowledged this long before a crash is on the replica (a look at the WAL, then a sync). */
export const REPLICATION_WINDOW_S = MONITOR_INTERVAL_S + SYNC_INTERVAL_S;

/** The Litestream binary: the pinned npm package's (linux x64), else `litestream` on the PATH. */
export function litestreamBinary(): string {
  try {
    const pkg = createRequire(import.meta.url).resolve('@flydotio/litestream-linux-x64/package.json');
    const bin = join(dirname(pkg), 'litestream');
    if (existsSync(bin)) return bin;
  } catch {
    // not installed here (another platform): the PATH's
  }
  return 'litestream';
}

/**
 * Litestream's configuration, written as JSON (YAML reads it), with environment expansion off so a
 * `$` in the address stays one. A config file rather than arguments: only it sets the intervals and
 * `addr`, where Litestream serves its Prometheus metrics (the server reads them, decision 0021).
 * `syncIntervalS` is for tests that need a replica slower than the database.
 */
export function writeLitestreamConfig(
  databasePath: string,
  replicaUrl: string,
  options: { metricsAddr?: string; syncIntervalS?: number } = {},
): string {
  // Beside the database, one per database, written again at each start: a SIGKILL of the process
  // group (no exit handler runs) leaves this one file, not a new temporary folder per start.
  // (A first start's folder may not exist yet: the server makes it for the database after this.)
  const file = `${resolve(databasePath)}.litestream.yml`;
  mkdirSync(dirname(file), { recursive: true });
  const config = {
    ...(options.metricsAddr ? { addr: options.metricsAddr } : {}),
    dbs: [
      {
        path: resolve(databasePath),
        'monitor-interval': `${MONITOR_INTERVAL_S}s`,
        replicas: [{ url: replicaUrl, 'sync-interval': `${options.syncIntervalS ?? SYNC_INTERVAL_S}s` }],
      },
    ],
  };
  writeFileSync(file, JSON.stringify(config, null, 2));
  return file;
}

/**
 * Whether the server still runs: its pid file (`<db>.server.pid`, db/ops.ts) names a live process.
 * Read here rather than imported: this module is bundled into the small first process of
 * `npm start`, which loads no database package.
 */
function serverRunning(databasePath: string): boolean {
  try {
    process.kill(Number(readFileSync(`${resolve(databasePath)}.server.pid`, 'utf8').trim()), 0);
    return true;
  } catch {
    return false;
  }
}

/** Single-quoted for Litestream's shell-words split of -exec. */
const quote = (s: string) => `'${s.replaceAll("'", `'"'"'`)}'`;

/**
 * Restores the database from the replica when the file is missing or empty (0 bytes). Its WAL,
 * shared-memory file and Litestream's local folder go first (Litestream's tips: a leftover WAL would
 * be applied to the new file). Returns what it did, or throws with Litestream's exit.
 */
export function restoreIfEmpty(bin: string, configFile: string, databasePath: string): 'restored' | 'no replica' | 'kept' {
  const db = resolve(databasePath);
  if (existsSync(db) && statSync(db).size > 0) return 'kept';
  for (const f of [db, `${db}-wal`, `${db}-shm`]) rmSync(f, { force: true });
  rmSync(join(dirname(db), `.${basename(db)}-litestream`), { recursive: true, force: true });
  const r = spawnSync(bin, ['restore', '-config', configFile, '-no-expand-env', '-if-replica-exists', '-if-db-not-exists', db], {
    stdio: 'inherit',
  });
  if (r.error) throw new Error(`Cannot run Litestream (${bin}): ${r.error.message}`);
  if (r.status !== 0) throw new Error(`litestream restore failed (exit ${r.status ?? r.signal})`);
  return existsSync(db) ? 'restored' : 'no replica';
}

/** The server's own exit code, from Litestream's last words (it exits 1 whatever its child's code was). */
export const childExitCode = (log: string): number | null => {
  const m = /exit status (\d+)/.exec(log);
  return m ? Number(m[1]) : null;
};

/** A port on 127.0.0.1 that nothing listens on now (for Litestream's metrics). */
export const freePort = (): Promise<number> =>
  new Promise((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

/**
 * Restores if needed, then runs this very command (`node <entry> <args>`) under `litestream
 * replicate -exec`, and exits with the server's code. Litestream serves its metrics on a free port
 * of 127.0.0.1, and the server is told which (TILT_LITESTREAM_METRICS_ADDR, decision 0021). Never
 * settles while the server runs.
 */
export async function runUnderLitestream(databasePath: string, replicaUrl: string): Promise<void> {
  const bin = litestreamBinary();
  const addr = `127.0.0.1:${await freePort()}`;
  const configFile = writeLitestreamConfig(databasePath, replicaUrl, { metricsAddr: addr });
  const cleanUp = () => rmSync(configFile, { force: true });
  const kind = replicaUrl.slice(0, replicaUrl.indexOf(':'));
  try {
    const restored = restoreIfEmpty(bin, configFile, databasePath);
    if (restored === 'restored') console.log(`Database ${databasePath}: restored from the ${kind} replica`);
    if (restored === 'no replica') console.log(`Database ${databasePath}: none here and no ${kind} replica yet; starting a new one`);
  } catch (error) {
    cleanUp();
    console.error(`Cannot start: ${(error as Error).message}`);
    process.exit(1);
  }
  const command = [process.execPath, ...process.execArgv, ...process.argv.slice(1)].map(quote).join(' ');
  const child = spawn(bin, ['replicate', '-config', configFile, '-no-expand-env', '-exec', command], {
    stdio: ['inherit', 'pipe', 'inherit'],
    // Tells the server it runs under Litestream (Litestream 0.3.13 marks its child with nothing),
    // and where Litestream's metrics are.
    env: underLitestreamEnv(addr),
  });
  console.log(`Replicating ${databasePath} to the ${kind} replica with Litestream (pid ${child.pid}, metrics on http://${addr}/metrics)`);
  // Litestream's log (on stdout) and the server's stdout come through here: passed on, the tail kept.
  let tail = '';
  child.stdout.on('data', (d: Buffer) => {
    process.stdout.write(d);
    tail = (tail + d.toString()).slice(-4000);
  });
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      stopping = true;
      child.kill(signal);
    });
  child.on('error', (error) => {
    cleanUp();
    console.error(`Cannot run Litestream (${bin}): ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    cleanUp();
    const server = childExitCode(tail);
    if (signal || (!stopping && code !== 0))
      console.error(
        `Replication stopped: Litestream ended (${signal ?? `exit ${code}`}${server === null ? '' : `, the server's exit ${server}`}); nothing is copied to the replica until the next start.`,
      );
    if (!signal) process.exit(server ?? code ?? 1);
    // Litestream was killed: the server it ran notices (it is orphaned) and stops; its last words
    // come through our pipe, so wait for it (its pid file goes) for up to 10 s.
    const until = Date.now() + 10_000;
    const wait = setInterval(() => {
      if (serverRunning(databasePath) && Date.now() < until) return;
      clearInterval(wait);
      process.exit(1);
    }, 200);
  });
}
