// Counts per key in one query (a group-by count): how many sends each alert made, how many saves
// each job has. The lists that show them look each row's up in the map.
import { count, inArray } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { DB } from '../../db/client';

/** How many rows of `column`'s table hold each of `ids` in `column`; an id no row holds is not in the map. */
export function countsBy(db: DB, column: AnySQLiteColumn, ids: readonly number[]): Map<number, number> {
  if (ids.length === 0) return new Map();
  const rows = db
    .select({ key: column, n: count() })
    .from(column.table)
    .where(inArray(column, [...ids]))
    .groupBy(column)
    .all();
  return new Map(rows.map((r) => [r.key as number, r.n]));
}
