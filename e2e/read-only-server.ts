// One server per test worker for the files that only read (visitor screens, axe sweeps, first
// visits): started by the first such file, on the demo template, and kept for that worker's next
// ones. A server of its own cost each of those files its start (~0.7 CPU-s) and its first renders
// on cold code (~1 CPU-s for four screens; the same four again: ~0.1). A file that writes, signs
// in for real, stops the server or needs other settings starts its own (startServer).
// docs/decisions/1545-read-only-files-share-a-server.md.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startServer, type RunningServer } from './harness';

/** Where each worker's shared server leaves its process id (test/global-setup-e2e.ts stops any left). */
export const sharedServersFolder = () => join(tmpdir(), 'tilt-read-only-servers');

/**
 * What a file could change in the database: every table's row count and highest rowid (not the
 * leases, which the server's own schedules renew; a visitor's visit writes nothing).
 */
export function databaseFingerprint(path: string): string {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare(
        `select name, sql like '%WITHOUT ROWID%' as noRowid from sqlite_master
         where type = 'table' and name not like 'sqlite_%' and name != 'leases' and sql not like 'CREATE VIRTUAL%' order by name`,
      )
      .all() as { name: string; noRowid: number }[];
    return tables
      .map(({ name, noRowid }) => {
        const max = noRowid ? "''" : 'coalesce(max(rowid), 0)';
        const counted = db.prepare(`select count(*) || '/' || ${max} from "${name}"`).pluck().get() as string;
        return `${name}:${counted}`;
      })
      .join(' ');
  } finally {
    db.close();
  }
}

let workerServer: Promise<RunningServer> | undefined;

function startWorkerServer(): Promise<RunningServer> {
  const starting = startServer();
  starting.then(
    (server) => {
      const folder = sharedServersFolder();
      mkdirSync(folder, { recursive: true });
      const pidFile = join(folder, String(server.pid));
      writeFileSync(pidFile, '');
      // Stopped with the worker (a hard kill: the database goes with the run's folder).
      process.once('exit', () => {
        void server.kill();
        rmSync(pidFile, { force: true });
      });
    },
    () => workerServer === starting && (workerServer = undefined),
  );
  return starting;
}

/**
 * This file's server when it only reads: under vitest the worker's shared one, elsewhere (bench
 * scripts) one of its own. Its `stop()` stops nothing: it fails if the file changed the database
 * (give such a file a server of its own); `kill()` is refused.
 */
export async function readOnlyServer(): Promise<RunningServer> {
  if (!process.env.VITEST) return startServer();
  workerServer ??= startWorkerServer();
  const server = await workerServer;
  const before = databaseFingerprint(server.databasePath);
  return {
    ...server,
    stop: async () => {
      const after = databaseFingerprint(server.databasePath);
      if (after !== before) {
        const was = new Set(before.split(' '));
        const changed = after.split(' ').filter((t) => !was.has(t));
        throw new Error(
          `This file changed the shared read-only server's database (${changed.join(', ')}): give it a server of its own (startServer).`,
        );
      }
    },
    kill: () => Promise.reject(new Error('The shared read-only server is not a file’s to kill: use startServer.')),
  };
}
