// Opens the SQLite file, sets the pragmas the product relies on and applies the committed
// drizzle-kit migrations. Nothing in db/ imports from api/ or web/.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './schema';
import { registerSearchFunctions } from './search-text';

export type DB = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export const MIGRATIONS_FOLDER = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export function openDatabase(path: string): DB {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  // Reads at 100x the data: a 64 MB page cache and memory-mapped reads.
  sqlite.pragma('cache_size = -64000');
  sqlite.pragma('mmap_size = 268435456');
  // The FTS triggers index search_text(...) of the columns: every connection that writes needs it.
  registerSearchFunctions(sqlite);
  const db = drizzle({ client: sqlite, schema });
  migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return db;
}
