// A migration that fails stops start-up naming it and leaves the file as it was (issue 39): a copy
// of the migrations with a broken one added, whose first statement works and second does not.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase } from './client';

function brokenCopy(): string {
  const folder = join(mkdtempSync(join(tmpdir(), 'tilt-migrations-')), 'migrations');
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number; when: number; tag: string }[] };
  const last = journal.entries[journal.entries.length - 1];
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: '9999_broken' });
  writeFileSync(journalFile, JSON.stringify(journal));
  writeFileSync(
    join(folder, '9999_broken.sql'),
    'CREATE TABLE `drill_new` (`id` integer);--> statement-breakpoint\nALTER TABLE `no_such_table` ADD `x` integer;',
  );
  return folder;
}

const state = (path: string) => {
  const db = new Database(path, { readonly: true });
  try {
    return {
      tables: db.prepare("select name from sqlite_master where type = 'table' order by name").pluck().all(),
      migrations: db.prepare('select count(*) from __drizzle_migrations').pluck().get(),
      settings: db.prepare('select key, value from app_settings order by key').all(),
    };
  } finally {
    db.close();
  }
};

describe('a failing migration', () => {
  it('stops with its name and leaves the database as it was', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'tilt-migrate-')), 'app.db');
    const db = openDatabase(path);
    db.$client.prepare("insert into app_settings (key, value) values ('drill', 'kept')").run();
    db.$client.close();
    const before = state(path);

    expect(() => openDatabase(path, { migrationsFolder: brokenCopy() })).toThrow(
      /^Migration 9999_broken failed: no such table: no_such_table; no migration was applied, the database is as it was$/,
    );
    expect(state(path)).toEqual(before);
    expect(before.tables).not.toContain('drill_new');
    // And it opens as before with the shipped migrations.
    openDatabase(path).$client.close();
    expect(state(path)).toEqual(before);
  });
});
