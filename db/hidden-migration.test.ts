// Interviews and moods hidden by reports before is_approved existed (a hidden_content row) are
// migrated to is_approved = 0; every other row is 1, the kept counts do not move, and the CHECK refuses 2.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { registerSearchFunctions } from './search-index';

const folder = join(import.meta.dirname, 'migrations');
const files = readdirSync(folder)
  .filter((f) => /^\d{4}_.*\.sql$/.test(f))
  .sort();
const target = files.findIndex((f) => f.endsWith('_interviews-moods-approved.sql'));
const run = (db: Database.Database, file: string) => {
  for (const statement of readFileSync(join(folder, file), 'utf8').split('--> statement-breakpoint')) {
    if (statement.trim()) db.exec(statement);
  }
};

describe('interviews and moods is_approved migration', () => {
  it('marks the rows hidden today as not approved, and only those', () => {
    expect(target).toBeGreaterThan(0);
    expect(files[target + 1]).toMatch(/_hidden-backfill\.sql$/);
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    registerSearchFunctions(db);
    for (const file of files.slice(0, target)) run(db, file);
    db.prepare("insert into schools (id, urn, name, borough) values (1, 900001, 'A School', 'Camden')").run();
    const interview = db.prepare(
      "insert into interview_experiences (id, school_id, job_title, process_description) values (?, 1, 'Teacher', 'Panel')",
    );
    const mood = db.prepare(
      "insert into school_moods (id, school_id, user_id, emoji, mood, comment) values (?, 1, ?, '😫', 'stressed', 'A comment')",
    );
    for (const id of [1, 2, 3]) interview.run(id);
    for (const id of [1, 2]) mood.run(id, null);
    // Hidden today: interview 2, mood 1; a review mark with the id of interview 3 hides no interview.
    const hide = db.prepare('insert into hidden_content (kind, target_id, hidden_at) values (?, ?, 1)');
    hide.run('interview', 2);
    hide.run('mood', 1);
    hide.run('review', 3);
    const stats = () => db.prepare('select interview_count, stressed_count from school_stats where school_id = 1').get();
    const before = stats();
    expect(before).toEqual({ interview_count: 3, stressed_count: 2 });
    run(db, files[target]);
    run(db, files[target + 1]);
    expect(db.prepare('select id, is_approved from interview_experiences order by id').all()).toEqual([
      { id: 1, is_approved: 1 },
      { id: 2, is_approved: 0 },
      { id: 3, is_approved: 1 },
    ]);
    expect(db.prepare('select id, is_approved from school_moods order by id').all()).toEqual([
      { id: 1, is_approved: 0 },
      { id: 2, is_approved: 1 },
    ]);
    expect(stats()).toEqual(before);
    expect(db.prepare('select count(*) n from hidden_content').get()).toEqual({ n: 3 });
    expect(() => db.prepare('update interview_experiences set is_approved = 2 where id = 1').run()).toThrow(/interviews_is_approved_bool/);
    expect(() => db.prepare('update school_moods set is_approved = 2 where id = 1').run()).toThrow(/school_moods_is_approved_bool/);
    // The tables were not rebuilt: their triggers are still there.
    const triggers = db
      .prepare("select count(*) n from sqlite_master where type = 'trigger' and tbl_name in ('interview_experiences', 'school_moods')")
      .get();
    expect(triggers).toEqual({ n: 12 });
  });
});
