// Her rows of a resource that belongs to a school (reviews, interviews, moods, memberships,
// claims), each with the school's name: the one "owned by" query the dashboard's activity list
// (me.queries.ts) and the privacy export (privacy.service.ts) read them with.
import { eq } from 'drizzle-orm';
import type { AnySQLiteColumn, SelectedFields, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { DB } from '../../db/client';
import { schools } from '../../db/schema';

/** A table of rows that are a user's and a school's. */
type SchoolOwned = SQLiteTable & { userId: AnySQLiteColumn; schoolId: AnySQLiteColumn };

/** `columns` of the user's rows of `table`, with `schoolName`; the caller orders and runs it. */
export function ownedWithSchool<T extends SchoolOwned, S extends SelectedFields>(db: DB, table: T, userId: string, columns: S) {
  return db
    .select({ ...columns, schoolName: schools.name })
    .from(table as SQLiteTable)
    .innerJoin(schools, eq(table.schoolId, schools.id))
    .where(eq(table.userId, userId));
}
