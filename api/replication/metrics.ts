// Litestream 0.3.13's Prometheus metrics (its configuration's `addr:`), which the server reads for
// /api/health (decision 0021): the index of Litestream's current shadow WAL file (its copy of the
// database's WAL) and the replica's position in the shadow WAL (what it has shipped), the same for
// file://, s3:// and every other replica. Names and labels as the binary serves them:
// test/fixtures/litestream-metrics-*.txt were captured from it. The replica's gauges appear only
// once it has shipped something since Litestream started. `litestream_shadow_wal_size` is the total
// of the shadow WAL files kept on disk, not a position: the current file's size is read from disk.

/** A place in Litestream's shadow WAL: the file's index and a byte offset (or size) in it. */
export interface WalPosition {
  index: number;
  offset: number;
}

export interface LitestreamMetrics {
  /** The current shadow WAL file's index (`litestream_shadow_wal_index`); null: none yet. */
  shadowIndex: number | null;
  /** The replica's position (`litestream_replica_wal_index`, `_offset`); null: nothing shipped since Litestream started. */
  replica: WalPosition | null;
  /** Failed syncs of the database into the shadow WAL (`litestream_sync_error_count`). */
  syncErrors: number | null;
}

/** One reading: where the shadow WAL ends (the current file's index and size) and where the replica is. */
export interface Reading {
  shadow: WalPosition | null;
  replica: WalPosition | null;
  syncErrors: number | null;
}

const SAMPLE = /^(litestream_[a-z_]+)\{([^}]*)\}\s+(\S+)$/;
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;
const unescape = (s: string) => s.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));

/** The figures of one database (its absolute path, the `db` label) from a /metrics text. */
export function parseLitestreamMetrics(text: string, databasePath: string): LitestreamMetrics {
  const values = new Map<string, number>();
  for (const line of text.split('\n')) {
    const m = SAMPLE.exec(line.trim());
    if (!m) continue;
    const labels = new Map([...m[2].matchAll(LABEL)].map((l) => [l[1], unescape(l[2])]));
    // One replica per database here (decision 0009): the first one's figures.
    if (labels.get('db') !== databasePath || values.has(m[1])) continue;
    const value = Number(m[3]);
    if (Number.isFinite(value)) values.set(m[1], value);
  }
  const index = values.get('litestream_replica_wal_index');
  const offset = values.get('litestream_replica_wal_offset');
  return {
    shadowIndex: values.get('litestream_shadow_wal_index') ?? null,
    replica: index === undefined || offset === undefined ? null : { index, offset },
    syncErrors: values.get('litestream_sync_error_count') ?? null,
  };
}

/** Where the server reads the metrics Litestream serves on `addr` (`:9090` and `0.0.0.0` mean this machine). */
export function metricsUrl(addr: string): string {
  const at = addr.lastIndexOf(':');
  const host = addr.slice(0, at);
  return `http://${host === '' || host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${addr.slice(at + 1)}/metrics`;
}

const before = (a: WalPosition, b: WalPosition) => a.index < b.index || (a.index === b.index && a.offset < b.offset);

/** What one process has seen of Litestream so far (one reading every few seconds). */
export interface LagState {
  shadow: WalPosition | null;
  replica: WalPosition | null;
  /** When the replica's position last moved (or was first seen level with the shadow WAL). */
  lastSyncAt: number | null;
  /** Shadow positions not yet on the replica, each with when it was first seen: oldest first. */
  pending: { at: number; position: WalPosition }[];
  syncErrors: number | null;
}

/** Readings kept while the replica stands still; beyond it neighbours merge in pairs (the older time, the newer position). */
const MAX_PENDING = 256;

/**
 * The state after one reading at `now` (ms). A replica with no position yet (nothing shipped since
 * Litestream started, e.g. a restart with no write since) counts as level with the shadow WAL as
 * first seen: only what the database writes after that can be lacking.
 */
export function observe(prev: LagState | null, m: Reading, now: number): LagState {
  const { shadow, replica } = m;
  const moved =
    replica !== null && prev !== null && (prev.replica === null || before(prev.replica, replica) || before(replica, prev.replica));
  const level = replica !== null && shadow !== null && !before(replica, shadow);
  const lastSyncAt = moved || (level && (prev?.lastSyncAt ?? null) === null) ? now : (prev?.lastSyncAt ?? null);
  // The first reading, or a shadow WAL that went back (a new generation: a restore, a lost place): start again.
  const last = prev?.shadow ?? null;
  const reset = last === null || (shadow !== null && before(shadow, last));
  let pending = reset ? [] : [...prev!.pending];
  if (shadow && (reset ? replica !== null : before(last, shadow))) pending.push({ at: now, position: shadow });
  if (replica) pending = pending.filter((p) => before(replica, p.position));
  // Merged, a reading keeps its time and takes its neighbour's position: the lag is never understated.
  if (pending.length > MAX_PENDING)
    pending = pending.flatMap((p, i) => (i % 2 ? [] : [{ at: p.at, position: (pending[i + 1] ?? p).position }]));
  return { shadow: shadow ?? last, replica, lastSyncAt, pending, syncErrors: m.syncErrors };
}

/** How far the replica is behind: seconds since the oldest write it lacks was seen, and bytes when in the same WAL file. */
export function lagOf(s: LagState, now: number): { lagSeconds: number | null; lagBytes: number | null } {
  if (!s.shadow) return { lagSeconds: null, lagBytes: null };
  const lagSeconds = s.pending.length ? Math.round((now - s.pending[0].at) / 100) / 10 : 0;
  if (!s.replica) return { lagSeconds, lagBytes: null };
  if (!before(s.replica, s.shadow)) return { lagSeconds, lagBytes: 0 };
  return { lagSeconds, lagBytes: s.replica.index === s.shadow.index ? s.shadow.offset - s.replica.offset : null };
}
