// Litestream for real (the pinned binary): the configuration the server writes, a restore into a
// missing database, what /api/health reports from Litestream's metrics (a file:// replica, read
// the way an s3:// one is), and the environment's check.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { parseEnv } from '../env';
import { childExitCode, freePort, litestreamBinary, restoreIfEmpty, writeLitestreamConfig } from './litestream';
import { configureReplication, currentGeneration, pollReplicationMetrics, type ReplicationStatus, replicationStatus } from './status';

const bin = litestreamBinary();

function database(dir: string, rows: number) {
  const path = join(dir, 'app.db');
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.exec('create table t (n integer)');
  for (let i = 0; i < rows; i++) db.prepare('insert into t values (?)').run(i);
  db.close();
  return path;
}

describe('Litestream', () => {
  it('is the pinned 0.3.13 binary', () => {
    expect(spawnSync(bin, ['version'], { encoding: 'utf8' }).stdout.trim()).toBe('v0.3.13');
  });

  it('replicates to a file:// folder, and a missing database is restored from it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tilt-litestream-test-'));
    const path = database(dir, 25);
    const replica = pathToFileURL(join(dir, 'replica')).href;
    const config = writeLitestreamConfig(path, replica);
    // One short replication run: the child sleeps while the first snapshot is shipped.
    const run = spawnSync(bin, ['replicate', '-config', config, '-no-expand-env', '-exec', 'sleep 2.5'], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    const generation = currentGeneration(path);
    expect(generation).toMatch(/^[0-9a-f]{16}$/);

    expect(replicationStatus()).toEqual({ enabled: false });

    // An existing database is kept; a missing or empty one comes back from the replica.
    expect(restoreIfEmpty(bin, config, path)).toBe('kept');
    writeFileSync(path, '');
    expect(restoreIfEmpty(bin, config, path)).toBe('restored');
    const restored = new Database(path, { readonly: true });
    expect(restored.prepare('select count(*) n from t').get()).toEqual({ n: 25 });
    restored.close();

    // No replica yet: nothing restored, and no error (a first start).
    const empty = mkdtempSync(join(tmpdir(), 'tilt-litestream-test-'));
    const fresh = join(empty, 'app.db');
    expect(restoreIfEmpty(bin, writeLitestreamConfig(fresh, pathToFileURL(join(empty, 'none')).href), fresh)).toBe('no replica');
    expect(existsSync(fresh)).toBe(false);
  });

  it("reports the replica's last sync and lag from Litestream's metrics, and says when they cannot be read", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tilt-litestream-test-'));
    const path = database(dir, 10);
    const replica = pathToFileURL(join(dir, 'replica')).href;
    const addr = `127.0.0.1:${await freePort()}`;
    // The replica ships at most every 6 s: a write waits on it long enough to be seen behind.
    const config = writeLitestreamConfig(path, replica, { metricsAddr: addr, syncIntervalS: 6 });
    const litestream = spawn(bin, ['replicate', '-config', config, '-no-expand-env'], { stdio: 'ignore' });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      configureReplication({ replicaUrl: replica, databasePath: path, litestreamPid: litestream.pid!, metricsAddr: addr, log: true });
      expect(replicationStatus()).toMatchObject({ enabled: true, replica: 'file', running: true, lastSyncAt: null, lagSeconds: null });
      const until = async (done: (s: ReplicationStatus) => boolean) => {
        for (const end = Date.now() + 10_000; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
          await pollReplicationMetrics();
          const s = replicationStatus();
          if (done(s)) return s;
        }
        throw new Error(`not seen in 10 s: ${JSON.stringify(replicationStatus())}`);
      };
      const level = await until((s) => s.metrics === 'ok' && s.lastSyncAt !== null);
      expect(level).toMatchObject({ metrics: 'ok', lagSeconds: 0, lagBytes: 0, syncErrors: 0, generation: currentGeneration(path) });

      const db = new Database(path);
      db.pragma('wal_autocheckpoint = 0'); // as the server's connections under Litestream (decision 0009)
      for (let i = 0; i < 50; i++) db.prepare('insert into t values (?)').run(i);
      // 5 MB in one commit: past 1,000 WAL pages Litestream checkpoints and starts shadow WAL file 1,
      // so the replica is measured across two files (where litestream_shadow_wal_size misleads).
      db.exec('create table b (x blob)');
      db.prepare('insert into b values (randomblob(5000000))').run();
      db.close();
      const behind = await until((s) => s.lagBytes !== 0);
      expect(behind.lastSyncAt).toBe(level.lastSyncAt);
      await new Promise((r) => setTimeout(r, 1200));
      const later = await until(() => true);
      expect(later.lagSeconds).toBeGreaterThanOrEqual(behind.lagSeconds! + 1);
      expect(later.lagBytes).not.toBe(0);
      expect(later.lastSyncAt).toBe(level.lastSyncAt);

      const shipped = await until((s) => s.lagBytes === 0);
      expect(shipped.lagSeconds).toBe(0);
      expect(Date.parse(shipped.lastSyncAt!)).toBeGreaterThan(Date.parse(level.lastSyncAt!) + 2000);
      expect(existsSync(join(dir, '.app.db-litestream', 'generations', level.generation!, 'wal', '00000001.wal'))).toBe(true);

      // Litestream gone: no lag is made up, and the log says so once.
      litestream.kill('SIGKILL');
      await new Promise((r) => litestream.once('exit', r));
      await until((s) => s.metrics === 'unreachable');
      await pollReplicationMetrics();
      expect(replicationStatus(Date.now() + 1000)).toMatchObject({
        running: false,
        metrics: 'unreachable',
        lagSeconds: null,
        lagBytes: null,
      });
      const said = errors.mock.calls.map((c) => String(c[0])).filter((l) => l.includes('Replication metrics unreachable'));
      expect(said).toHaveLength(1);
      expect(said[0]).toContain(addr);
    } finally {
      configureReplication(null);
      errors.mockRestore();
      litestream.kill('SIGKILL');
    }
  }, 20_000);

  it('writes its configuration beside the database, one file however often the server starts (a killed start leaves no folder behind)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tilt-litestream-test-'));
    const path = join(dir, 'app.db');
    const ours = () => readdirSync(tmpdir()).filter((f) => f.startsWith('tilt-litestream-') && !f.startsWith('tilt-litestream-test-'));
    const before = ours();
    const first = writeLitestreamConfig(path, pathToFileURL(join(dir, 'replica')).href);
    const second = writeLitestreamConfig(path, pathToFileURL(join(dir, 'other')).href);
    expect([first, second]).toEqual([`${path}.litestream.yml`, `${path}.litestream.yml`]);
    expect(readdirSync(dir)).toEqual(['app.db.litestream.yml']);
    expect((JSON.parse(readFileSync(first, 'utf8')) as { dbs: { replicas: { url: string }[] }[] }).dbs[0].replicas[0].url).toBe(
      pathToFileURL(join(dir, 'other')).href,
    );
    expect(ours()).toEqual(before);
    // A first start: the database's folder is not there yet.
    const fresh = join(dir, 'data', 'app.db');
    expect(writeLitestreamConfig(fresh, pathToFileURL(join(dir, 'replica')).href)).toBe(`${fresh}.litestream.yml`);
    expect(existsSync(`${fresh}.litestream.yml`)).toBe(true);
  });

  it("passes on the server's exit code from Litestream's last words", () => {
    const dir = mkdtempSync(join(tmpdir(), 'tilt-litestream-test-'));
    const config = writeLitestreamConfig(database(dir, 1), pathToFileURL(join(dir, 'replica')).href);
    const run = spawnSync(bin, ['replicate', '-config', config, '-exec', "sh -c 'sleep 1; exit 3'"], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(childExitCode(run.stdout)).toBe(3);
  });
});

describe('LITESTREAM_REPLICA_URL', () => {
  it('takes file:// and object-storage addresses, and refuses others', () => {
    expect(parseEnv({}).LITESTREAM_REPLICA_URL).toBeUndefined();
    expect(parseEnv({ LITESTREAM_REPLICA_URL: '' }).LITESTREAM_REPLICA_URL).toBeUndefined();
    expect(parseEnv({ LITESTREAM_REPLICA_URL: 'file:///var/backups/tilt' }).LITESTREAM_REPLICA_URL).toBe('file:///var/backups/tilt');
    expect(parseEnv({ LITESTREAM_REPLICA_URL: 's3://bucket/tilt' }).LITESTREAM_REPLICA_URL).toBe('s3://bucket/tilt');
    expect(() => parseEnv({ LITESTREAM_REPLICA_URL: 'https://example.org/x' })).toThrow(/LITESTREAM_REPLICA_URL: must start with file/);
    expect(() => parseEnv({ LITESTREAM_REPLICA_URL: '/var/backups' })).toThrow(/LITESTREAM_REPLICA_URL/);
  });

  it('TILT_LITESTREAM_METRICS_ADDR (handed to the server by npm start) is host:port', () => {
    expect(parseEnv({}).TILT_LITESTREAM_METRICS_ADDR).toBeUndefined();
    expect(parseEnv({ TILT_LITESTREAM_METRICS_ADDR: '127.0.0.1:9091' }).TILT_LITESTREAM_METRICS_ADDR).toBe('127.0.0.1:9091');
    expect(() => parseEnv({ TILT_LITESTREAM_METRICS_ADDR: 'http://127.0.0.1:9090/metrics' })).toThrow(
      /TILT_LITESTREAM_METRICS_ADDR: must be host:port/,
    );
  });
});
