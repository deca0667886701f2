// Litestream 0.3.13's Prometheus metrics (its configuration's `addr:`), which the server reads for
// /api/health (decision 0021): where Litestream's shadow WAL is (what it has read of the database's
// WAL) and where the replica is in it (what it has shipped), the same for file://, s3:// and every
// other replica. Names and labels as the binary serves them: test/fixtures/litestream-metrics-*.txt
// were captured from it. The replica's gauges appear only after its first successful sync.

/** A place in Litestream's shadow WAL: the file's index and a byte offset (or size) in it. */
export interface WalPosition {
  index: number;
  offset: number;
}

export interface LitestreamMetrics {
  /** The shadow WAL's index and size (`litestream_shadow_wal_index`, `_size`); null: none yet. */
  shadow: WalPosition | null;
  /** The replica's position (`litestream_replica_wal_index`, `_offset`); null: never synced. */
  replica: WalPosition | null;
  /** Failed syncs of the database into the shadow WAL (`litestream_sync_error_count`). */
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
  const position = (index: string, offset: string): WalPosition | null => {
    const i = values.get(index);
    const o = values.get(offset);
    return i === undefined || o === undefined ? null : { index: i, offset: o };
  };
  return {
    shadow: position('litestream_shadow_wal_index', 'litestream_shadow_wal_size'),
    replica: position('litestream_replica_wal_index', 'litestream_replica_wal_offset'),
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

/** The state after one reading of the metrics at `now` (ms). */
export function observe(prev: LagState | null, m: LitestreamMetrics, now: number): LagState {
  const { shadow, replica } = m;
  const moved =
    replica !== null && prev !== null && (prev.replica === null || before(prev.replica, replica) || before(replica, prev.replica));
  const level = replica !== null && shadow !== null && !before(replica, shadow);
  const lastSyncAt = moved || (level && (prev?.lastSyncAt ?? null) === null) ? now : (prev?.lastSyncAt ?? null);
  // A shadow WAL that went back is a new generation (a restore, a lost place): start again.
  let pending = prev && shadow && prev.shadow && !before(shadow, prev.shadow) ? [...prev.pending] : [];
  if (shadow && (!prev?.shadow || before(prev.shadow, shadow) || pending.length === 0)) pending.push({ at: now, position: shadow });
  if (replica) pending = pending.filter((p) => before(replica, p.position));
  // Merged, a reading keeps its time and takes its neighbour's position: the lag is never understated.
  if (pending.length > MAX_PENDING)
    pending = pending.flatMap((p, i) => (i % 2 ? [] : [{ at: p.at, position: (pending[i + 1] ?? p).position }]));
  return { shadow, replica, lastSyncAt, pending, syncErrors: m.syncErrors };
}

/** How far the replica is behind: seconds since the oldest write it lacks was seen, and bytes when in the same WAL file. */
export function lagOf(s: LagState, now: number): { lagSeconds: number | null; lagBytes: number | null } {
  if (!s.shadow) return { lagSeconds: null, lagBytes: null };
  const lagSeconds = s.pending.length ? Math.round((now - s.pending[0].at) / 100) / 10 : 0;
  if (!s.replica) return { lagSeconds, lagBytes: null };
  if (!before(s.replica, s.shadow)) return { lagSeconds, lagBytes: 0 };
  return { lagSeconds, lagBytes: s.replica.index === s.shadow.index ? s.shadow.offset - s.replica.offset : null };
}
