// Migration 0029 (decision 2027) on a database made before it: rebuilding reviews keeps every
// review and the school's responses to them (openDatabase applies migrations with foreign keys
// off), its triggers come back null-aware, and each sub-rating's count is filled from the reviews.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase } from './client';
import { recountMismatches } from './kept-figures';
import { registerSearchFunctions } from './search-index';

type Journal = { entries: { idx: number; tag: string }[] };
const dir = mkdtempSync(join(tmpdir(), 'ratings-migration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A database file migrated up to (not including) the named migration, as an older release left it. */
function databaseBefore(tag: string): string {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as Journal;
  const upTo = journal.entries.findIndex((e) => e.tag === tag);
  expect(upTo).toBeGreaterThan(0);
  const folder = join(dir, 'migrations');
  mkdirSync(join(folder, 'meta'), { recursive: true });
  const entries = journal.entries.slice(0, upTo);
  for (const e of entries) copyFileSync(join(MIGRATIONS_FOLDER, `${e.tag}.sql`), join(folder, `${e.tag}.sql`));
  writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  const file = join(dir, 'old.sqlite');
  const sqlite = new Database(file);
  registerSearchFunctions(sqlite);
  sqlite.pragma('foreign_keys = ON');
  migrate(drizzle({ client: sqlite }), { migrationsFolder: folder });
  sqlite.exec(`
    insert into users (id, email, first_name) values ('u:1', 'a@example.test', 'Ada'), ('u:2', 'b@example.test', 'Bo');
    insert into schools (id, urn, name, borough) values (1, 900001, 'A School', 'Camden');
    insert into reviews (id, school_id, user_id, overall_rating, work_life_balance_rating, compensation_rating,
      career_opportunities_rating, culture_rating, leadership_rating, pros, cons, would_recommend, is_approved)
    values (1, 1, 'u:1', 4, 2, 3, 4, 5, 1, 'good pros here', 'some cons here', 1, 1),
           (2, 1, 'u:2', 2, 4, 3, 2, 1, 5, 'good pros here', 'some cons here', 0, 1);
    insert into review_responses (review_id, school_id, body, is_approved, published_body)
    values (1, 1, 'Thank you for writing.', 1, 'Thank you for writing.');
  `);
  sqlite.close();
  return file;
}

describe('migration 0029: sub-ratings may be left unrated', () => {
  it('keeps reviews and their responses, recreates the triggers and fills the counts', () => {
    const db = openDatabase(databaseBefore('0029_ratings-left-unrated'));
    const s = db.$client;
    expect(s.prepare('select review_id, published_body from review_responses').all()).toEqual([
      { review_id: 1, published_body: 'Thank you for writing.' },
    ]);
    expect(s.prepare('select count(*) from reviews').pluck().get()).toBe(2);
    const triggers = s
      .prepare("select name from sqlite_master where type = 'trigger' and tbl_name = 'reviews' order by name")
      .pluck()
      .all();
    expect(triggers).toEqual([
      'reviews_dv_delete',
      'reviews_dv_insert',
      'reviews_dv_update',
      'reviews_kept_delete',
      'reviews_kept_insert',
      'reviews_kept_update_new',
      'reviews_kept_update_old',
    ]);
    const stats = () =>
      s
        .prepare(
          'select review_count, overall_sum, work_life_balance_sum, work_life_balance_count, leadership_sum, leadership_count from school_stats where school_id = 1',
        )
        .get();
    expect(stats()).toEqual({
      review_count: 2,
      overall_sum: 6,
      work_life_balance_sum: 6,
      work_life_balance_count: 2,
      leadership_sum: 6,
      leadership_count: 2,
    });
    // A review with only the overall rating counts in the overall figures and in no sub-rating's.
    s.prepare(
      `insert into reviews (school_id, user_id, overall_rating, pros, cons, would_recommend, is_approved)
       values (1, 'u:1', 5, 'only overall here', 'only overall here', 1, 1)`,
    ).run();
    expect(stats()).toEqual({
      review_count: 3,
      overall_sum: 11,
      work_life_balance_sum: 6,
      work_life_balance_count: 2,
      leadership_sum: 6,
      leadership_count: 2,
    });
    // A moderator hides a review that rated work-life balance: its count and sum leave together.
    s.prepare('update reviews set is_approved = 0 where id = 1').run();
    expect(stats()).toMatchObject({ review_count: 2, work_life_balance_sum: 4, work_life_balance_count: 1 });
    expect(recountMismatches(db)).toEqual([]);
    expect(s.pragma('foreign_keys', { simple: true })).toBe(1);
  });
});
