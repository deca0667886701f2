// openDatabase's transactions take the write lock when they begin (decision 0022): one that reads,
// then writes is not failed by another connection (Litestream, a second server process, a script)
// writing in between; the other connection waits its turn instead.
import Database from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDb } from '../test/db';
import type { DB } from './client';

/** A database with one counter, and a second connection to it that does not wait for a lock. */
function twoConnections(): { db: DB; other: Database.Database; count: () => number } {
  const db = testDb({ demo: false });
  db.$client.exec('create table counter (n integer not null); insert into counter values (0);');
  const other = new Database(db.$client.name, { timeout: 0 });
  return { db, other, count: () => db.$client.prepare('select n from counter').pluck().get() as number };
}

/** Reads the counter, lets the other connection try to add 100, then writes what it read plus one. */
function readOtherWrite(db: DB, other: Database.Database, behavior?: 'deferred') {
  let otherError: unknown;
  db.transaction((tx) => {
    const n = tx.get<{ n: number }>(sql`select n from counter`).n;
    try {
      other.prepare('update counter set n = n + 100').run();
    } catch (error) {
      otherError = error;
    }
    tx.run(sql`update counter set n = ${n + 1}`);
  }, behavior && { behavior });
  return otherError;
}

describe('transactions (db/client.ts)', () => {
  it('begin with the write lock: another connection cannot write in the middle, and the transaction commits', () => {
    const { db, other, count } = twoConnections();
    try {
      const otherError = readOtherWrite(db, other);
      expect((otherError as { code?: string } | undefined)?.code).toBe('SQLITE_BUSY');
      expect(count()).toBe(1);
      // The other connection's turn comes after the commit.
      other.prepare('update counter set n = n + 100').run();
      expect(count()).toBe(101);
    } finally {
      other.close();
      db.$client.close();
    }
  });

  it("named deferred (drizzle's own default), the same transaction fails at its first write: why immediate is the default", () => {
    const { db, other, count } = twoConnections();
    try {
      expect(() => readOtherWrite(db, other, 'deferred')).toThrow(
        expect.objectContaining({ cause: expect.objectContaining({ code: 'SQLITE_BUSY_SNAPSHOT' }) }),
      );
      expect(count()).toBe(100);
    } finally {
      other.close();
      db.$client.close();
    }
  });

  it("a nested transaction is a savepoint inside its caller's, as before", () => {
    const { db, count } = twoConnections();
    try {
      db.transaction((tx) => {
        tx.run(sql`update counter set n = 5`);
        expect(() =>
          tx.transaction((inner) => {
            inner.run(sql`update counter set n = 6`);
            throw new Error('rolled back to the savepoint');
          }),
        ).toThrow('rolled back to the savepoint');
      });
      expect(count()).toBe(5);
    } finally {
      db.$client.close();
    }
  });
});
