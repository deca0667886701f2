// What /api/health says about replication (decision 0009): whether Litestream copies the database,
// whether it is still running, and, for a file:// replica, when it last wrote there and how far the
// local database is ahead of it. Two stat() calls and one small read, at most once a second per
// process: /api/health stays a no-op for monitors.
import { readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ReplicationStatus {
  enabled: boolean;
  /** The replica's kind (file, s3, …); never its address, which may name a bucket or a path. */
  replica?: string;
  /** Litestream is alive (it runs this server: `litestream replicate -exec`). */
  running?: boolean;
  /** Litestream's current generation (a new one starts when it lost its place, e.g. after a restore). */
  generation?: string | null;
  /** When the replica last received WAL (file:// replicas only; null: unknown or nothing yet). */
  lastSyncAt?: string | null;
  /** Seconds of local writes the replica does not have yet (0 when it caught up; null: unknown). */
  lagSeconds?: number | null;
}

interface Config {
  replicaUrl: string;
  databasePath: string;
  litestreamPid: number;
}

let config: Config | null = null;
let cached: { at: number; status: ReplicationStatus } | null = null;

/** Called once per server process that runs under Litestream. */
export function configureReplication(c: Config | null) {
  config = c;
  cached = null;
}

const mtime = (path: string): number | null => {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Litestream's local record of its generation: `.<db>-litestream/generation` beside the database. */
export function currentGeneration(databasePath: string): string | null {
  const db = resolve(databasePath);
  try {
    return readFileSync(join(dirname(db), `.${basename(db)}-litestream`, 'generation'), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/**
 * A file:// replica's last write: its generation's wal/ and snapshots/ folders change (a file is
 * renamed into them) whenever Litestream ships something, so their times are the last sync.
 */
export function fileReplicaSyncedAt(replicaDir: string, generation: string): number | null {
  const gen = join(replicaDir, 'generations', generation);
  const times = [mtime(join(gen, 'wal')), mtime(join(gen, 'snapshots'))].filter((t): t is number => t !== null);
  return times.length ? Math.max(...times) : null;
}

function measure(c: Config): ReplicationStatus {
  const kind = c.replicaUrl.slice(0, c.replicaUrl.indexOf(':'));
  const generation = currentGeneration(c.databasePath);
  const status: ReplicationStatus = { enabled: true, replica: kind, running: alive(c.litestreamPid), generation };
  if (kind !== 'file' || !generation) return { ...status, lastSyncAt: null, lagSeconds: null };
  const synced = fileReplicaSyncedAt(fileURLToPath(c.replicaUrl), generation);
  // The local database's last write: its WAL file changes with every commit.
  const wrote = mtime(`${resolve(c.databasePath)}-wal`);
  return {
    ...status,
    lastSyncAt: synced === null ? null : new Date(synced).toISOString(),
    lagSeconds: synced === null || wrote === null ? null : Math.max(0, Math.round((wrote - synced) / 100) / 10),
  };
}

export function replicationStatus(now = Date.now()): ReplicationStatus {
  if (!config) return { enabled: false };
  if (cached && now - cached.at < 1000) return cached.status;
  cached = { at: now, status: measure(config) };
  return cached.status;
}
