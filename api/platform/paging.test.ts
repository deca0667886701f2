// The keyset condition every list builds from its cursor (issue 42): the SQL each list wrote by hand
// before, to the character, with the cursor's values bound (or a prepared query's placeholders).
import { sql } from 'drizzle-orm';
import { integer, sqliteTable, SQLiteSyncDialect, text } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { afterCursor, decodeCursor, encodeCursor } from './paging';

const rows = sqliteTable('rows', { id: integer('id').primaryKey(), at: integer('at').notNull(), name: text('name').notNull() });
const dialect = new SQLiteSyncDialect();
const query = (condition: ReturnType<typeof afterCursor>) => dialect.sqlToQuery(condition!);

describe('afterCursor', () => {
  it('is no condition on the first page', () => {
    expect(afterCursor('desc', [rows.at, rows.id], undefined)).toBeUndefined();
  });

  it('reads newest first as "before the cursor" and oldest first as "after it", over every column', () => {
    const k = decodeCursor(encodeCursor('rows', [1700000000000, 42]), 'rows', 'nn');
    expect(query(afterCursor('desc', [rows.at, rows.id], k))).toEqual({
      sql: '("rows"."at", "rows"."id") < (?, ?)',
      params: [1700000000000, 42],
      typings: ['none', 'none'],
    });
    expect(query(afterCursor('asc', [rows.name, rows.at, rows.id], ['Abbey', 3, 9]))).toMatchObject({
      sql: '("rows"."name", "rows"."at", "rows"."id") > (?, ?, ?)',
      params: ['Abbey', 3, 9],
    });
  });

  it('takes SQL expressions as columns and placeholders as values', () => {
    const key = sql<number>`coalesce(${rows.at}, 0)`;
    const condition = afterCursor('desc', [key, rows.id], [sql.placeholder('at'), sql.placeholder('id')]);
    expect(query(condition)).toMatchObject({ sql: '(coalesce("rows"."at", 0), "rows"."id") < (?, ?)' });
    expect(query(condition).params).toEqual([sql.placeholder('at'), sql.placeholder('id')]);
  });
});
