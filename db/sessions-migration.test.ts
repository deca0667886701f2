// The sessions table gets its user_id from each row's JSON when a database made before that
// column is migrated: live sessions keep working, a session of a user who is gone is dropped.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';

const folder = join(import.meta.dirname, 'migrations');
const files = readdirSync(folder)
  .filter((f) => /^\d{4}_.*\.sql$/.test(f))
  .sort();
const target = files.findIndex((f) => f.endsWith('_sessions-user-id.sql'));
const run = (db: Database.Database, file: string) => {
  for (const statement of readFileSync(join(folder, file), 'utf8').split('--> statement-breakpoint')) {
    if (statement.trim()) db.exec(statement);
  }
};

describe('sessions.user_id migration', () => {
  it('fills user_id from the JSON, keeps live sessions and drops those of a user who is gone', () => {
    expect(target).toBeGreaterThan(0);
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    for (const file of files.slice(0, target)) run(db, file);
    db.prepare("insert into users (id, email, first_name) values ('u:1', 'a@example.test', 'Ada'), ('u:2', 'b@example.test', 'Bo')").run();
    const insert = db.prepare('insert into sessions (sid, sess, expire) values (?, ?, ?)');
    const sess = (userId: string) => JSON.stringify({ userId, secretHash: 'ab', createdAt: 1, lastSeenAt: 1 });
    insert.run('s1', sess('u:1'), 10);
    insert.run('s2', sess('u:1'), 20);
    insert.run('s3', sess('u:2'), 30);
    insert.run('s4', sess('u:deleted'), 40);
    run(db, files[target]);
    expect(db.prepare('select sid, user_id, expire from sessions order by sid').all()).toEqual([
      { sid: 's1', user_id: 'u:1', expire: 10 },
      { sid: 's2', user_id: 'u:1', expire: 20 },
      { sid: 's3', user_id: 'u:2', expire: 30 },
    ]);
    expect(db.prepare('pragma foreign_key_check').all()).toEqual([]);
    db.prepare("delete from users where id = 'u:1'").run();
    expect(db.prepare('select sid from sessions').all()).toEqual([{ sid: 's3' }]);
  });
});
