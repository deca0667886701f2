// Litestream for real (the pinned binary): the configuration the server writes, a restore into a
// missing database, what /api/health reports from a file:// replica, and the environment's check.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { childExitCode, litestreamBinary, restoreIfEmpty, writeLitestreamConfig } from './litestream';
import { configureReplication, currentGeneration, replicationStatus } from './status';

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

  it('replicates to a file:// folder, health reports it, and a missing database is restored from it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tilt-litestream-test-'));
    const path = database(dir, 25);
    const replica = pathToFileURL(join(dir, 'replica')).href;
    const config = writeLitestreamConfig(path, replica);
    // One short replication run: the child sleeps while the first snapshot is shipped.
    const run = spawnSync(bin, ['replicate', '-config', config, '-no-expand-env', '-exec', 'sleep 2.5'], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    const generation = currentGeneration(path);
    expect(generation).toMatch(/^[0-9a-f]{16}$/);

    configureReplication({ replicaUrl: replica, databasePath: path, litestreamPid: process.pid });
    const status = replicationStatus();
    expect(status).toMatchObject({ enabled: true, replica: 'file', running: true, generation, lagSeconds: 0 });
    expect(Date.now() - Date.parse(status.lastSyncAt!)).toBeLessThan(30_000);
    configureReplication(null);
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
});
