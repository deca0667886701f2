// Backups carry the schools' photos: `npm run backup` copies the media folder beside the database
// to `<file>.media`, and a restore puts it back (the old folder kept aside), so a restored database
// never points at photos that are not there.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { backupDatabase, backupMediaOf, mediaDirOf, restoreDatabase } from './ops';

function liveDatabase() {
  const dir = mkdtempSync(join(tmpdir(), 'tilt-ops-'));
  const path = join(dir, 'app.db');
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.exec("create table users (id text primary key); insert into users values ('a'), ('b');");
  db.close();
  return { dir, path };
}

describe('backup and restore with the photos', () => {
  it('copies the media folder beside the backup and restores it, keeping the old folder aside', async () => {
    const { dir, path } = liveDatabase();
    const media = mediaDirOf(path);
    expect(media).toBe(join(dir, 'media'));
    mkdirSync(join(media, 'schools'), { recursive: true });
    writeFileSync(join(media, 'schools', 'k1-1200.webp'), 'photo one');
    writeFileSync(join(media, 'schools', 'k1-400.webp'), 'photo one small');
    const backupFile = join(mkdtempSync(join(tmpdir(), 'tilt-ops-backup-')), 'b.db');
    const backup = await backupDatabase(path, backupFile);
    expect(backup.tables.users).toBe(2);
    expect(backup.media).toEqual({ folder: backupMediaOf(backupFile), files: 2 });
    expect(readFileSync(join(backupMediaOf(backupFile), 'schools', 'k1-1200.webp'), 'utf8')).toBe('photo one');

    // Later: a photo replaced, another added; then the backup is restored.
    writeFileSync(join(media, 'schools', 'k1-1200.webp'), 'photo changed');
    writeFileSync(join(media, 'schools', 'k2-1200.webp'), 'photo two');
    const restored = restoreDatabase(backupFile, path, new Date('2026-11-26T10:00:00Z'));
    expect(restored.media).toEqual({ files: 2, previous: `${media}.before-restore-2026-11-26T10-00-00-000Z` });
    expect(readdirSync(join(media, 'schools')).sort()).toEqual(['k1-1200.webp', 'k1-400.webp']);
    expect(readFileSync(join(media, 'schools', 'k1-1200.webp'), 'utf8')).toBe('photo one');
    expect(readdirSync(join(restored.media!.previous!, 'schools')).sort()).toEqual(['k1-1200.webp', 'k1-400.webp', 'k2-1200.webp']);
    expect(readFileSync(join(restored.media!.previous!, 'schools', 'k1-1200.webp'), 'utf8')).toBe('photo changed');
  });

  it('backs up a database without photos, and a restore from such a backup leaves the photos alone', async () => {
    const { path } = liveDatabase();
    const backupFile = join(mkdtempSync(join(tmpdir(), 'tilt-ops-backup-')), 'b.db');
    const backup = await backupDatabase(path, backupFile);
    expect(backup.media).toBeNull();
    expect(existsSync(backupMediaOf(backupFile))).toBe(false);
    mkdirSync(join(mediaDirOf(path), 'schools'), { recursive: true });
    writeFileSync(join(mediaDirOf(path), 'schools', 'k3-1200.webp'), 'photo three');
    // Litestream's record of the old file goes with it (decision 0009: a new generation next start).
    const litestream = join(dirname(path), `.${basename(path)}-litestream`);
    mkdirSync(join(litestream, 'generations'), { recursive: true });
    writeFileSync(join(litestream, 'generation'), '42ce741c8ecbb085');
    const restored = restoreDatabase(backupFile, path);
    expect(existsSync(litestream)).toBe(false);
    expect(restored.media).toBeNull();
    expect(readdirSync(join(mediaDirOf(path), 'schools'))).toEqual(['k3-1200.webp']);
  });
});
