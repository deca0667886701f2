// Operator tools for the SQLite file (decision 1423): an online backup of a live database, a
// restore that refuses while the server runs and checks the backup first, and the server's pid
// file that tells them apart. Nothing here imports from api/ or web/.
import { copyFileSync, cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';

/** Uploaded files (the schools' photos, decision 2110) live in a folder beside the database file. */
export const mediaDirOf = (databasePath: string) => join(dirname(resolve(databasePath)), 'media');
/** A backup's copy of that folder sits beside the backup file. */
export const backupMediaOf = (backupFile: string) => `${resolve(backupFile)}.media`;

/** How many files a folder holds, all levels down (0 when it does not exist). */
function fileCount(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}

/** The server writes its pid here while it runs (api/server.ts). */
export const pidFileOf = (databasePath: string) => `${resolve(databasePath)}.server.pid`;

export function writePidFile(databasePath: string) {
  writeFileSync(pidFileOf(databasePath), String(process.pid));
}

export function removePidFile(databasePath: string) {
  const file = pidFileOf(databasePath);
  if (existsSync(file) && readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file);
}

/** The pid of a live server using this database, or null (a stale file from a killed server is ignored). */
export function runningServerPid(databasePath: string): number | null {
  const file = pidFileOf(databasePath);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/** `PRAGMA integrity_check` of a file, opened read-only: 'ok' or the problems found. */
export function integrityCheck(path: string): string {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    return rows.map((r) => r.integrity_check).join('; ');
  } finally {
    db.close();
  }
}

export interface BackupResult {
  file: string;
  bytes: number;
  pages: number;
  integrity: string;
  tables: Record<string, number>;
  /** The media folder copied beside the backup (`<file>.media`) and how many files it holds. */
  media: { folder: string; files: number } | null;
}

const COUNTED = [
  'users',
  'reviews',
  'interview_experiences',
  'salaries',
  'school_moods',
  'forum_threads',
  'forum_posts',
  'saved_jobs',
  'jobs',
  'schools',
];

function rowCounts(path: string): Record<string, number> {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const present = new Set(
      (db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map((t) => t.name),
    );
    return Object.fromEntries(
      COUNTED.filter((t) => present.has(t)).map((t) => [t, (db.prepare(`select count(*) n from ${t}`).get() as { n: number }).n]),
    );
  } finally {
    db.close();
  }
}

/**
 * SQLite's online backup API (through better-sqlite3) from a live database, in one step so that
 * writes by the server cannot restart it; written to a temporary file, checked, then renamed.
 */
export async function backupDatabase(databasePath: string, destination: string): Promise<BackupResult> {
  if (!existsSync(databasePath)) throw new Error(`No database at ${databasePath}`);
  const file = resolve(destination);
  if (!existsSync(dirname(file))) throw new Error(`The folder ${dirname(file)} does not exist`);
  const tmp = `${file}.partial-${process.pid}`;
  rmSync(tmp, { force: true });
  const source = new Database(databasePath, { fileMustExist: true });
  source.pragma('busy_timeout = 5000');
  let pages = 0;
  try {
    const progress = await source.backup(tmp, { progress: () => 0x7fffffff });
    pages = progress.totalPages;
  } finally {
    source.close();
  }
  // The copy is a self-contained file (no -wal): switch it out of WAL so it travels as one file.
  const copy = new Database(tmp);
  copy.pragma('journal_mode = DELETE');
  copy.close();
  const integrity = integrityCheck(tmp);
  if (integrity !== 'ok') {
    rmSync(tmp, { force: true });
    throw new Error(`The backup failed its integrity check: ${integrity}`);
  }
  renameSync(tmp, file);
  // The photos the database points at: copied after the database, so every photo it names is
  // there (a photo uploaded in between is an extra file, harmless).
  let media: BackupResult['media'] = null;
  const mediaDir = mediaDirOf(databasePath);
  if (existsSync(mediaDir)) {
    const folder = backupMediaOf(file);
    const partial = `${folder}.partial-${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    cpSync(mediaDir, partial, { recursive: true });
    rmSync(folder, { recursive: true, force: true });
    renameSync(partial, folder);
    media = { folder, files: fileCount(folder) };
  }
  return { file, bytes: statSync(file).size, pages, integrity, tables: rowCounts(file), media };
}

export interface RestoreResult {
  restored: string;
  from: string;
  previous: string | null;
  tables: Record<string, number>;
  /** The photos put back from `<backup>.media` (the old folder kept aside), or null when the backup has none. */
  media: { files: number; previous: string | null } | null;
}

/**
 * Replaces the database with a backup. Refuses while a server runs on it, and refuses a backup
 * that fails integrity_check. The current file is kept beside it as `<db>.before-restore-<time>`.
 */
export function restoreDatabase(backupPath: string, databasePath: string, now = new Date()): RestoreResult {
  const pid = runningServerPid(databasePath);
  if (pid !== null) throw new Error(`The server (pid ${pid}) is running on ${databasePath}: stop it first, then restore.`);
  if (!existsSync(backupPath)) throw new Error(`No backup at ${backupPath}`);
  const integrity = integrityCheck(backupPath);
  if (integrity !== 'ok') throw new Error(`The backup failed its integrity check, nothing changed: ${integrity}`);
  const target = resolve(databasePath);
  const tmp = `${target}.restoring-${process.pid}`;
  copyFileSync(backupPath, tmp);
  let previous: string | null = null;
  if (existsSync(target)) {
    // Fold any WAL into the old file before moving it aside, so the kept copy is complete.
    const old = new Database(target);
    old.pragma('wal_checkpoint(TRUNCATE)');
    old.close();
    previous = `${target}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    renameSync(target, previous);
  }
  for (const suffix of ['-wal', '-shm']) rmSync(target + suffix, { force: true });
  // Litestream's local record of the old file (its shadow WAL): a replaced database starts a new
  // generation on the next start, as Litestream's tips ask (decision 0009).
  rmSync(join(dirname(target), `.${basename(target)}-litestream`), { recursive: true, force: true });
  renameSync(tmp, target);
  // The backup's photos, when it has them; a backup made without a media folder leaves the current one.
  let media: RestoreResult['media'] = null;
  const saved = backupMediaOf(backupPath);
  if (existsSync(saved)) {
    const mediaDir = mediaDirOf(target);
    let aside: string | null = null;
    if (existsSync(mediaDir)) {
      aside = `${mediaDir}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
      renameSync(mediaDir, aside);
    }
    cpSync(saved, mediaDir, { recursive: true });
    media = { files: fileCount(mediaDir), previous: aside };
  }
  return { restored: target, from: resolve(backupPath), previous, tables: rowCounts(target), media };
}
