// A school's approved reviews or interviews, a page at a time, newest first: the one keyset query
// both public lists read (keyed on created_at, id; decision 1001).
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AnySQLiteColumn, SelectedFields, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { DB } from '../../db/client';
import { afterCursor, decodeCursor, pageOf } from '../platform/paging';
import { preparedOn } from '../platform/prepared';

/** A table of a school's contributions that a moderator approves (or reports hide). */
type SchoolContributions = SQLiteTable & {
  id: AnySQLiteColumn;
  schoolId: AnySQLiteColumn;
  isApproved: AnySQLiteColumn;
  createdAt: AnySQLiteColumn;
};

/** `columns` (with the row's `id`) of one page of the school's approved rows of `table`; `tag` names the list in its cursor. */
export function approvedPage<S extends SelectedFields & { id: AnySQLiteColumn }>(
  db: DB,
  table: SchoolContributions,
  columns: S,
  schoolId: number,
  { limit = 20, cursor }: { limit?: number; cursor?: string },
  tag: string,
) {
  const k = decodeCursor(cursor, tag, 'nn');
  // One query per list and kind of page (the first, or after a cursor), prepared once: `tag`
  // names the table and columns (each caller passes its own).
  const query = preparedOn(db, `approvedPage.${tag}.${k ? 'after' : 'first'}`, () =>
    db
      .select({ ...columns, at: sql<number>`${table.createdAt}` })
      .from(table)
      .where(
        and(
          eq(table.schoolId, sql.placeholder('school')),
          eq(table.isApproved, true),
          afterCursor('desc', [table.createdAt, table.id], k && [sql.placeholder('at'), sql.placeholder('id')]),
        ),
      )
      .orderBy(desc(table.createdAt), desc(table.id))
      .limit(sql.placeholder('limit'))
      .prepare(),
  );
  const rows = query.all(k ? { school: schoolId, limit: limit + 1, at: k[0], id: k[1] } : { school: schoolId, limit: limit + 1 });
  const page = pageOf(rows, limit, tag, (r) => [r.at, r.id as number]);
  return { rows: page.rows.map(({ at: _a, ...r }) => r), next: page.next };
}
