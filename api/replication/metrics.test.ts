// Litestream's metrics as the pinned binary serves them (test/fixtures: captured from v0.3.13, one
// file:// replica behind its database, one s3:// replica that could not be reached), and the lag
// and last sync the server works out from successive readings.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type LagState, lagOf, metricsUrl, observe, parseLitestreamMetrics } from './metrics';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '..', '..', 'test', 'fixtures', name), 'utf8');

describe("Litestream's /metrics", () => {
  it('gives the shadow WAL index and the replica position of the database asked for', () => {
    // Captured with the shadow WAL file 0 at 222,512 bytes, the replica 206,000 bytes short of it.
    const behind = parseLitestreamMetrics(fixture('litestream-metrics-file-behind.txt'), '/tmp/lsm/f2/app.db');
    expect(behind).toEqual({ shadowIndex: 0, replica: { index: 0, offset: 16512 }, syncErrors: 0 });
    const reading = { ...behind, shadow: { index: 0, offset: 222512 } };
    expect(lagOf(observe(null, reading, 1000), 3000)).toEqual({ lagSeconds: 2, lagBytes: 206000 });
    expect(observe(null, reading, 1000).lastSyncAt).toBeNull();

    // An s3:// replica that never reached its storage has no replica gauges at all; its shadow WAL
    // was at file 1 (`_size`, 20,664, is files 0 and 1 together, not a position).
    const s3 = parseLitestreamMetrics(fixture('litestream-metrics-s3-unreachable.txt'), '/tmp/lsm/s3/app.db');
    expect(s3).toEqual({ shadowIndex: 1, replica: null, syncErrors: 0 });

    // Another database's figures are not this one's.
    expect(parseLitestreamMetrics(fixture('litestream-metrics-s3-unreachable.txt'), '/srv/other.db')).toEqual({
      shadowIndex: null,
      replica: null,
      syncErrors: null,
    });
    const errors = 'litestream_sync_error_count{db="/d.db"} 3\nlitestream_shadow_wal_index{db="/d.db"} 2';
    expect(parseLitestreamMetrics(errors, '/d.db')).toEqual({ shadowIndex: 2, replica: null, syncErrors: 3 });
  });

  it('is read on this machine when the address names no host or all of them', () => {
    expect(metricsUrl('127.0.0.1:9091')).toBe('http://127.0.0.1:9091/metrics');
    expect(metricsUrl(':9090')).toBe('http://127.0.0.1:9090/metrics');
    expect(metricsUrl('0.0.0.0:9090')).toBe('http://127.0.0.1:9090/metrics');
  });
});

describe('lag and last sync from successive readings', () => {
  const at = (index: number, offset: number) => ({ index, offset });
  const read = (prev: LagState | null, shadow: [number, number], replica: [number, number] | null, now: number) =>
    observe(prev, { shadow: at(...shadow), replica: replica && at(...replica), syncErrors: 0 }, now);

  it('counts from the first reading the replica lacked, and moves the last sync when the replica moves', () => {
    let s = read(null, [0, 100], [0, 100], 1_000);
    expect(s.lastSyncAt).toBe(1_000); // first seen level with the database
    expect(lagOf(s, 1_000)).toEqual({ lagSeconds: 0, lagBytes: 0 });
    s = read(s, [0, 500], [0, 100], 3_000); // a write the replica does not have
    expect(lagOf(s, 3_000)).toEqual({ lagSeconds: 0, lagBytes: 400 });
    s = read(s, [0, 900], [0, 100], 5_000); // more, and still nothing shipped
    expect(lagOf(s, 6_500)).toEqual({ lagSeconds: 3.5, lagBytes: 800 });
    expect(s.lastSyncAt).toBe(1_000);
    s = read(s, [1, 50], [0, 500], 7_000); // shipped up to the first write; a checkpoint started WAL file 1
    expect(s.lastSyncAt).toBe(7_000);
    expect(lagOf(s, 7_000)).toEqual({ lagSeconds: 2, lagBytes: null }); // the oldest lacking: seen at 5_000
    s = read(s, [1, 50], [1, 50], 9_000);
    expect(lagOf(s, 9_000)).toEqual({ lagSeconds: 0, lagBytes: 0 });
    expect(s.lastSyncAt).toBe(9_000);
  });

  it('with a replica that never synced: no lag until the database writes, then one that grows; a new generation starts again', () => {
    // A restart with nothing written since: Litestream ships nothing, so the replica has no gauges.
    let s = observe(null, { shadow: at(0, 4152), replica: null, syncErrors: 0 }, 0);
    s = observe(s, { shadow: at(0, 4152), replica: null, syncErrors: 0 }, 30_000);
    expect(lagOf(s, 60_000)).toEqual({ lagSeconds: 0, lagBytes: null });
    s = observe(s, { shadow: at(0, 8272), replica: null, syncErrors: 0 }, 62_000); // a write, nothing shipped
    expect(s.lastSyncAt).toBeNull();
    expect(lagOf(s, 74_000)).toEqual({ lagSeconds: 12, lagBytes: null });
    s = read(s, [0, 4152], [0, 4152], 76_000); // the shadow WAL went back: a new generation, shipped
    expect(s.pending).toEqual([]);
    expect(lagOf(s, 76_000)).toEqual({ lagSeconds: 0, lagBytes: 0 });
    expect(s.lastSyncAt).toBe(76_000);
  });

  it('keeps a bounded record while the replica stands still, never understating the lag', () => {
    let s = read(null, [0, 0], [0, 0], 0);
    for (let i = 1; i <= 1000; i++) s = read(s, [0, i * 10], [0, 0], i * 1000);
    expect(s.pending.length).toBeLessThanOrEqual(256);
    expect(lagOf(s, 1_000_000)).toEqual({ lagSeconds: 999, lagBytes: 10_000 });
    s = read(s, [0, 10_000], [0, 5_000], 1_001_000);
    // The oldest write it lacks was seen at 501 s: stated to within the merged readings' span.
    expect(lagOf(s, 1_001_000).lagSeconds).toBeGreaterThanOrEqual(1_001 - 501);
    expect(lagOf(s, 1_001_000).lagSeconds).toBeLessThan(1_001 - 501 + 70);
  });
});
