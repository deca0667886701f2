// Operate (hardening and privacy): the real server is killed with SIGKILL while acknowledged writes are in
// flight; after a restart on the same file, integrity_check is ok and every write the server
// acknowledged (201) is present. Also: backup of the live database under write load, restore
// refused while the server runs, restore after it stops, and the restored server serves the data.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { integrityCheck, pidFileOf } from '../db/ops';
import { signIn } from '../test/app';
import { ROOT, startServer, type RunningServer } from './harness';

const servers: RunningServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop();
});

/** Sessions for `n` users written straight into the server's database file (WAL: two processes). */
function sessions(databasePath: string, prefix: string, n: number): string[] {
  const db = openDatabase(databasePath);
  try {
    return Array.from({ length: n }, (_, i) => signIn(db, { id: `${prefix}${i}` }));
  } finally {
    db.$client.close();
  }
}

const salary = (i: number) => ({
  jobTitle: 'Primary Teacher',
  schoolType: 'Academy',
  borough: 'Camden',
  yearsExperience: '3-5 years',
  annualSalary: 30_000 + i,
});

/**
 * Keeps `parallel` writers busy until stop() is called; each user writes at most 15 times (under
 * the per-user limit of 20 a minute). Returns the ids the server acknowledged with 201.
 */
function writeLoad(url: string, cookies: string[], parallel: number) {
  const acknowledged: number[] = [];
  const failures: string[] = [];
  let stopped = false;
  let next = 0;
  const one = async (): Promise<void> => {
    while (!stopped) {
      const i = next++;
      const cookie = cookies[Math.floor(i / 15)];
      if (!cookie) return;
      try {
        const res = await fetch(`${url}/api/salaries`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Cookie: cookie },
          body: JSON.stringify(salary(i)),
        });
        if (res.status === 201) acknowledged.push(((await res.json()) as { id: number }).id);
        else if (!stopped) failures.push(`${res.status} ${await res.text()}`);
      } catch {
        // the connection died with the server: not acknowledged
      }
    }
  };
  const workers = Array.from({ length: parallel }, one);
  return {
    acknowledged,
    failures,
    stop: async () => {
      stopped = true;
      await Promise.all(workers);
    },
  };
}

const waitFor = async (check: () => boolean, what: string, ms = 60_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('kill -9 during acknowledged writes', () => {
  it('keeps every acknowledged write and a sound file, twice', { timeout: 240_000 }, async () => {
    const databasePath = join(mkdtempSync(join(tmpdir(), 'tilt-kill-')), 'app.db');
    for (const round of [1, 2]) {
      const server = await startServer({}, databasePath);
      servers.push(server);
      const cookies = sessions(databasePath, `kill${round}:`, 80);
      const load = writeLoad(server.url, cookies, 16);
      await waitFor(() => load.acknowledged.length >= 300, '300 acknowledged writes');
      await server.kill(); // SIGKILL while 16 writes are in flight
      await load.stop();
      expect(load.failures).toEqual([]);
      expect(existsSync(pidFileOf(databasePath))).toBe(true); // a killed server leaves its pid file…

      const restarted = await startServer({}, databasePath); // …which is stale, so it starts again
      servers.push(restarted);
      expect(integrityCheck(databasePath)).toBe('ok');
      const db = new Database(databasePath, { readonly: true });
      const present = new Set((db.prepare('select id from salaries').all() as { id: number }[]).map((r) => r.id));
      db.close();
      const missing = load.acknowledged.filter((id) => !present.has(id));
      expect(load.acknowledged.length).toBeGreaterThanOrEqual(300);
      expect(missing).toEqual([]);
      console.log(
        `kill -9 round ${round}: ${load.acknowledged.length}/${load.acknowledged.length} acknowledged writes present, integrity_check ok`,
      );
      await restarted.stop();
    }
  });
});

const npm = (args: string[], env: Record<string, string>) => {
  const r = spawnSync('npm', ['run', '--silent', ...args], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
};

describe('npm run backup / npm run restore', () => {
  it('backs up a live database under write load, refuses to restore while the server runs, restores after', {
    timeout: 240_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tilt-backup-'));
    const databasePath = join(dir, 'app.db');
    const backupPath = join(dir, 'backup.db');
    const server = await startServer({}, databasePath);
    servers.push(server);
    const cookies = sessions(databasePath, 'bk:', 80);
    const load = writeLoad(server.url, cookies, 8);
    await waitFor(() => load.acknowledged.length >= 100, '100 acknowledged writes');
    const ackedBefore = [...load.acknowledged];

    // The backup runs in its own process, as an operator would, while writes continue.
    const backup = await new Promise<{ status: number | null; out: string }>((resolve) => {
      const r = spawnSync('npm', ['run', '--silent', 'backup', '--', backupPath], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_PATH: databasePath },
        encoding: 'utf8',
      });
      resolve({ status: r.status, out: `${r.stdout}${r.stderr}` });
    });
    const ackedDuring = load.acknowledged.length;
    await waitFor(() => load.acknowledged.length >= ackedDuring + 50, '50 more writes after the backup');
    await load.stop();
    expect(load.failures).toEqual([]);
    expect(backup.status, backup.out).toBe(0);
    expect(backup.out).toMatch(/integrity ok/);
    expect(integrityCheck(backupPath)).toBe('ok');
    const idsIn = (path: string) => {
      const db = new Database(path, { readonly: true });
      try {
        return new Set((db.prepare('select id from salaries').all() as { id: number }[]).map((r) => r.id));
      } finally {
        db.close();
      }
    };
    const inBackup = idsIn(backupPath);
    expect(ackedBefore.filter((id) => !inBackup.has(id))).toEqual([]); // everything acknowledged before the backup
    const inLive = idsIn(databasePath);
    const later = load.acknowledged.filter((id) => !inBackup.has(id));
    expect(later.length).toBeGreaterThanOrEqual(50); // writes after the backup are not in it

    // Restore is refused while the server runs on the database, and nothing changes.
    const refused = npm(['restore', '--', backupPath], { DATABASE_PATH: databasePath });
    expect(refused.status).toBe(1);
    expect(refused.out).toMatch(/Restore refused: The server \(pid \d+\) is running/);
    expect(idsIn(databasePath).size).toBe(inLive.size);

    // A corrupt backup is refused too.
    await server.stop();
    const broken = join(dir, 'broken.db');
    writeFileSync(broken, 'SQLite format 3\0 not really a database');
    const bad = npm(['restore', '--', broken], { DATABASE_PATH: databasePath });
    expect(bad.status).toBe(1);
    expect(bad.out).toMatch(/Restore refused/);

    const restored = npm(['restore', '--', backupPath], { DATABASE_PATH: databasePath });
    expect(restored.status, restored.out).toBe(0);
    expect(restored.out).toMatch(/previous database is kept at/);
    expect(idsIn(databasePath)).toEqual(inBackup);
    expect(integrityCheck(databasePath)).toBe('ok');

    const again = await startServer({}, databasePath);
    servers.push(again);
    const health = await fetch(`${again.url}/api/health`);
    expect(health.status).toBe(200);
    const user = await fetch(`${again.url}/api/auth/user`, { headers: { Cookie: cookies[0] } });
    expect(user.status).toBe(200); // sessions came back with the data
    await again.stop();
  });
});
