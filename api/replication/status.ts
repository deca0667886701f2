// What /api/health says about replication (decisions 0009, 0021): whether Litestream copies the
// database, whether it still runs, and, from the metrics it serves on 127.0.0.1, when the replica
// last moved and how far it is behind, for file:// and s3:// alike. A timer reads the metrics every
// few seconds (unref'd, a short timeout); the status itself only reads what was last seen, so
// /api/health stays a no-op for monitors. The primary process also says in its log when the
// metrics cannot be read, when the replica falls behind (replication stopped) and when it catches up.
import { readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { lagOf, type LagState, metricsUrl, observe, parseLitestreamMetrics, type WalPosition } from './metrics';

export interface ReplicationStatus {
  enabled: boolean;
  /** The replica's kind (file, s3, …); never its address, which may name a bucket or a path. */
  replica?: string;
  /** Litestream is alive (it runs this server: `litestream replicate -exec`). */
  running?: boolean;
  /** Litestream's current generation (a new one starts when it lost its place, e.g. after a restore). */
  generation?: string | null;
  /** Litestream's metrics: read ("ok"), not read yet ("waiting"), or not answering ("unreachable"). */
  metrics?: 'ok' | 'waiting' | 'unreachable';
  /** When the replica's position last moved (or was first seen level with the local WAL); null: not yet. */
  lastSyncAt?: string | null;
  /** Seconds since the oldest local write the replica lacks was seen (0: caught up; null: unknown). */
  lagSeconds?: number | null;
  /** Bytes of WAL the replica lacks (0: caught up; null: unknown, or more than the current WAL file). */
  lagBytes?: number | null;
  /** Litestream's failed syncs since it started (`litestream_sync_error_count`). */
  syncErrors?: number | null;
}

interface Config {
  replicaUrl: string;
  databasePath: string;
  litestreamPid: number;
  /** Where Litestream serves its metrics (TILT_LITESTREAM_METRICS_ADDR, set by `npm start`). */
  metricsAddr?: string;
  /** This process writes the log lines (the primary: one set of lines however many workers). */
  log?: boolean;
}

/** Litestream's metrics are read this often, each reading given this long. */
export const POLL_MS = 2000;
const TIMEOUT_MS = 1000;
/**
 * At start Litestream may not listen yet: failed readings before this stay "waiting", unsaid. And
 * one failed reading is not enough (a reading times out when this process's event loop was busy,
 * e.g. the primary migrating and seeding): two in a row are.
 */
const START_GRACE_MS = 5000;
const FAILURES = 2;
/** Behind for longer than this (seconds), the replica counts as stopped: said once in the log. */
export const LAG_ALERT_S = 10;

let config: Config | null = null;
let configuredAt = 0;
let cached: { at: number; status: ReplicationStatus } | null = null;
let timer: NodeJS.Timeout | null = null;
interface Seen {
  metrics: 'waiting' | 'ok' | 'unreachable';
  state: LagState | null;
  at: number;
  /** Failed readings in a row. */
  failures: number;
  errorsLoggedAt: number;
  /** Since when the replica has been behind past LAG_ALERT_S (null: it is not). */
  behind: number | null;
}
let seen: Seen = fresh();

function fresh(): Seen {
  return { metrics: 'waiting', state: null, at: 0, failures: 0, errorsLoggedAt: 0, behind: null };
}

/** Called once per server process that runs under Litestream (null: stops reading its metrics). */
export function configureReplication(c: Config | null) {
  config = c;
  configuredAt = Date.now();
  cached = null;
  seen = fresh();
  if (timer) clearInterval(timer);
  timer = null;
  if (!c) return;
  void pollReplicationMetrics();
  timer = setInterval(() => void pollReplicationMetrics(), POLL_MS);
  timer.unref();
}

const log = (line: string, level: 'log' | 'error' = 'log') => {
  if (config?.log) console[level](line);
};

const kindOf = (url: string) => url.slice(0, url.indexOf(':'));

let inFlight = false;

/** Reads Litestream's metrics once (the timer's work; tests call it to read at once). */
export async function pollReplicationMetrics(now = () => Date.now()): Promise<void> {
  const c = config;
  if (!c || inFlight) return;
  inFlight = true;
  try {
    const url = c.metricsAddr ? metricsUrl(c.metricsAddr) : null;
    let text: string;
    try {
      if (!url) throw new Error('TILT_LITESTREAM_METRICS_ADDR is not set');
      const r = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      text = await r.text();
    } catch (error) {
      if (config !== c) return;
      seen.failures++;
      if (seen.failures < FAILURES || (seen.metrics === 'waiting' && Date.now() - configuredAt < START_GRACE_MS)) return;
      if (seen.metrics !== 'unreachable')
        log(
          `Replication metrics unreachable: cannot read Litestream's metrics at ${url ?? '(no address)'} (${(error as Error).message}); /api/health reports replication.metrics "unreachable" with no lag until they answer.`,
          'error',
        );
      seen.metrics = 'unreachable';
      cached = null;
      return;
    }
    if (config !== c) return;
    if (seen.metrics === 'unreachable') log(`Replication metrics readable again at ${url}`);
    const at = now();
    const m = parseLitestreamMetrics(text, resolve(c.databasePath));
    const state = observe(seen.state, { ...m, shadow: shadowEnd(c.databasePath, m.shadowIndex) }, at);
    report(c, seen.state, state, at);
    seen = { ...seen, metrics: 'ok', state, at, failures: 0 };
    cached = null;
  } finally {
    inFlight = false;
  }
}

/** The log lines a reading calls for: the replica stopped or caught up, sync errors that grew. */
function report(c: Config, prev: LagState | null, state: LagState, at: number) {
  const kind = kindOf(c.replicaUrl);
  const { lagSeconds } = lagOf(state, at);
  if (lagSeconds !== null && lagSeconds > LAG_ALERT_S && seen.behind === null) {
    seen.behind = state.pending[0]?.at ?? at;
    const last = state.lastSyncAt
      ? `its last sync was at ${new Date(state.lastSyncAt).toISOString()}`
      : 'it has had no sync since this server started';
    log(
      `Replication stopped: the ${kind} replica has been behind the database for ${lagSeconds} s (${last}); writes since are not copied. Litestream's level=ERROR lines say why.`,
      'error',
    );
  } else if (lagSeconds === 0 && seen.behind !== null) {
    log(`Replication caught up: the ${kind} replica has every write again (it was behind for ${Math.round((at - seen.behind) / 1000)} s).`);
    seen.behind = null;
  }
  const errors = state.syncErrors ?? 0;
  const before = prev?.syncErrors ?? 0;
  if (errors > before && at - seen.errorsLoggedAt >= 60_000) {
    seen.errorsLoggedAt = at;
    log(
      `Replication errors: Litestream has failed ${errors} sync(s) since it started (${errors - before} new); see its level=ERROR lines.`,
      'error',
    );
  }
}

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
 * Where Litestream's shadow WAL ends: its current file (`.<db>-litestream/generations/<generation>/
 * wal/<index, 8 hex digits>.wal`, on this disk whatever the replica) and that file's size.
 */
export function shadowEnd(databasePath: string, index: number | null): WalPosition | null {
  const generation = currentGeneration(databasePath);
  if (index === null || !generation) return null;
  const db = resolve(databasePath);
  const file = join(
    dirname(db),
    `.${basename(db)}-litestream`,
    'generations',
    generation,
    'wal',
    `${index.toString(16).padStart(8, '0')}.wal`,
  );
  try {
    return { index, offset: statSync(file).size };
  } catch {
    return null;
  }
}

function measure(c: Config, now: number): ReplicationStatus {
  const status = {
    enabled: true,
    replica: kindOf(c.replicaUrl),
    running: alive(c.litestreamPid),
    generation: currentGeneration(c.databasePath),
  };
  const state = seen.state;
  const lastSyncAt = state?.lastSyncAt ? new Date(state.lastSyncAt).toISOString() : null;
  const figures = seen.metrics === 'ok' && state ? lagOf(state, now) : { lagSeconds: null, lagBytes: null };
  return { ...status, metrics: seen.metrics, lastSyncAt, ...figures, syncErrors: state?.syncErrors ?? null };
}

/** The status as last seen: no reading, one kill(0) and one small file read at most once a second. */
export function replicationStatus(now = Date.now()): ReplicationStatus {
  if (!config) return { enabled: false };
  if (cached && now - cached.at < 1000) return cached.status;
  cached = { at: now, status: measure(config, now) };
  return cached.status;
}
