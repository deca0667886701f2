// Opens the SQLite file, sets the pragmas the product relies on and applies the committed
// drizzle-kit migrations. Nothing in db/ imports from api/ or web/.
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './schema';
import { registerSearchFunctions } from './search-index';

export type DB = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/**
 * Where a query runs: the database or a transaction in it (the `tx` of `db.transaction((tx) => …)`).
 * Both are drizzle's BaseSQLiteDatabase of this schema, so a function that takes a Tx runs inside
 * its caller's transaction or on its own.
 */
export type Tx = BaseSQLiteDatabase<'sync', Database.RunResult, typeof schema>;

export const MIGRATIONS_FOLDER = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  /**
   * Who checkpoints the WAL into the file: SQLite's automatic checkpoint (every 1000 pages, the
   * default), or Litestream alone when it replicates the file (decision 0009: its checkpoints
   * keep its place in the WAL; the app's automatic ones are switched off).
   */
  checkpoints?: 'sqlite' | 'litestream';
  /** Another migrations folder (tests: a broken migration in a copy). */
  migrationsFolder?: string;
}

export function openDatabase(path: string, options: OpenOptions = {}): DB {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  // Litestream takes short write locks when it checkpoints: writers wait up to 5 s (its tips' figure).
  sqlite.pragma('busy_timeout = 5000');
  if (options.checkpoints === 'litestream') sqlite.pragma('wal_autocheckpoint = 0');
  // Reads at 100x the data: a 64 MB page cache and memory-mapped reads.
  sqlite.pragma('cache_size = -64000');
  sqlite.pragma('mmap_size = 268435456');
  // The FTS triggers index search_text(...) of the columns: every connection that writes needs it.
  registerSearchFunctions(sqlite);
  const db = writeIntentTransactions(drizzle({ client: sqlite, schema }));
  migrateWithoutCascades(db, sqlite, options.migrationsFolder ?? MIGRATIONS_FOLDER);
  return db;
}

/**
 * `db.transaction(fn)` begins IMMEDIATE unless its caller names another behaviour. drizzle's default,
 * DEFERRED, takes the write lock at the first write: a transaction that reads first holds a read
 * snapshot, and if another connection writes before its own first write (Litestream's bookkeeping,
 * a second server process, a script), SQLite fails that write at once with SQLITE_BUSY, without the
 * busy wait (the start under Litestream stopped so once, in the salary batch). IMMEDIATE takes the
 * lock at BEGIN and so waits its turn there (busy_timeout). The transactions here are short and
 * synchronous, and nearly all of them write: one writer at a time costs nothing (decision 0022).
 */
function writeIntentTransactions(db: DB): DB {
  const transaction = db.transaction.bind(db);
  db.transaction = (fn, config) => transaction(fn, { behavior: 'immediate', ...config });
  return db;
}

/**
 * Applies the migrations with foreign keys off, then checks them and turns them on. drizzle runs
 * every pending migration in one transaction, where a migration's own `PRAGMA foreign_keys=OFF`
 * does nothing: rebuilding a parent table (DROP, then the new one renamed) would otherwise delete
 * its children through ON DELETE CASCADE (a review's school response when reviews is rebuilt,
 * migration 0029, decision 2027). SQLite's documented table rebuild turns them off outside the
 * transaction, as here, and checks with foreign_key_check (when any was applied) before turning
 * them back on.
 */
function migrateWithoutCascades(db: DB, sqlite: Database.Database, folder: string) {
  const applied = () =>
    sqlite.prepare("select count(*) n from sqlite_master where name = '__drizzle_migrations'").pluck().get()
      ? (sqlite.prepare('select count(*) from __drizzle_migrations').pluck().get() as number)
      : 0;
  const before = applied();
  sqlite.pragma('foreign_keys = OFF');
  try {
    migrate(db, { migrationsFolder: folder });
  } catch (error) {
    // drizzle ran the pending migrations in one transaction, now rolled back: the file is as it was.
    throw new Error(`${failingMigration(sqlite, folder)}; no migration was applied, the database is as it was`, { cause: error });
  }
  // Checked only when something was applied: a full check reads every table.
  const broken = applied() === before ? [] : (sqlite.pragma('foreign_key_check') as unknown[]);
  if (broken.length)
    throw new Error(`Migrations left ${broken.length} rows whose reference is gone: ${JSON.stringify(broken.slice(0, 5))}`);
  sqlite.pragma('foreign_keys = ON');
}

/**
 * Which pending migration fails, and why: they are run again one after another inside a
 * transaction that is always rolled back (drizzle's error names a statement, not its file).
 */
function failingMigration(sqlite: Database.Database, folder: string): string {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };
  const hasTable = sqlite.prepare("select count(*) from sqlite_master where name = '__drizzle_migrations'").pluck().get();
  const last = hasTable ? ((sqlite.prepare('select max(created_at) from __drizzle_migrations').pluck().get() as number | null) ?? 0) : 0;
  const pending = journal.entries.filter((e) => e.when > last);
  sqlite.exec('begin');
  try {
    for (const { tag } of pending) {
      const statements = readFileSync(join(folder, `${tag}.sql`), 'utf8').split('--> statement-breakpoint');
      try {
        for (const statement of statements) if (statement.trim()) sqlite.exec(statement);
      } catch (error) {
        return `Migration ${tag} failed: ${(error as Error).message}`;
      }
    }
  } finally {
    sqlite.exec('rollback');
  }
  return `Migrations failed (${pending.map((e) => e.tag).join(', ') || 'none pending'})`;
}
