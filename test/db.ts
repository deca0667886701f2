// Test databases. `globalSetup` (test/global-setup.ts) migrates and seeds ONE template file per
// `vitest run` (schools register, pay scales, forum categories: the slow part); each testDb()
// copies that file and adds the demo layer for its own `now`. Imports only db/: db tests use it too.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { inject } from 'vitest';
import { openDatabase, type DB } from '../db/client';
import { listingContext, seed } from '../db/seed/index';
import { seedDemo } from '../db/seed/demo';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDbPath: string;
  }
}

export function tempDbPath(): string {
  return join(mkdtempSync(join(tmpdir(), 'tilt-test-')), 'app.db');
}

/** Migrates and seeds (without the demo layer unless asked) a database file at `path`, checkpointed so the file alone is complete. */
export function buildTemplateDb(path: string, options: { demo?: boolean } = {}): void {
  const db = openDatabase(path);
  seed(db, { demo: options.demo ?? false });
  db.$client.pragma('wal_checkpoint(TRUNCATE)');
  db.$client.close();
}

let localTemplate: string | undefined;

function templatePath(): string {
  let provided: string | undefined;
  try {
    provided = inject('templateDbPath');
  } catch {
    // not inside a vitest worker with the global setup
  }
  if (provided) return provided;
  if (!localTemplate) {
    localTemplate = tempDbPath();
    buildTemplateDb(localTemplate);
  }
  return localTemplate;
}

/** The folders of the databases testDb() made since removeTestDbs() last ran. */
const made = new Set<string>();

/**
 * Removes the folders of the databases testDb() made (test/setup-unit.ts: after each file), so a
 * run holds one file's copies at a time, not the ~1,000 of the whole run. Connections still open
 * keep reading and writing their unlinked files; the space returns when they close.
 */
export function removeTestDbs(): void {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
  made.clear();
}

/** A fresh database of its own: a copy of the seeded template, plus the demo layer (unless `demo: false`). */
export function testDb(options: { demo?: boolean; now?: Date } = {}): DB {
  const path = tempDbPath();
  made.add(dirname(path));
  copyFileSync(templatePath(), path);
  const db = openDatabase(path); // applies nothing new: the template is at the latest migration
  if (options.demo ?? true) seedDemo(db, listingContext(db), options.now ?? new Date());
  return db;
}
