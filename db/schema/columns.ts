// The column helpers every table uses: timestamps, CHECK constraints (lengths, lists, ratings), booleans,
// and the author-edit and moderation columns.
import { sql } from 'drizzle-orm';
import { check, integer, text, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { RATING_MAX, RATING_MIN } from '../../core/constants';

export const nowMs = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
export const createdAt = () => integer('created_at', { mode: 'timestamp_ms' }).notNull().default(nowMs);
export const updatedAt = () => integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(nowMs);

/** CHECK that a text column is at most n characters long. */
export function maxLen(table: string, column: AnySQLiteColumn, n: number) {
  return check(`${table}_${column.name}_len`, sql`length(${column}) <= ${sql.raw(String(n))}`);
}
export function oneOf(table: string, column: AnySQLiteColumn, values: readonly string[]) {
  const list = sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '));
  return check(`${table}_${column.name}_enum`, sql`${column} in (${list})`);
}
/** A number literal in a CHECK (a bound parameter is not allowed there). */
export const num = (n: number) => sql.raw(String(n));
export function rating(table: string, column: AnySQLiteColumn): ReturnType<typeof check> {
  return check(`${table}_${column.name}_range`, sql`${column} between ${num(RATING_MIN)} and ${num(RATING_MAX)}`);
}
export const bool = (name: string) => integer(name, { mode: 'boolean' });

/** A forum thread's or reply's own changes by its author (decision 2020): shown as "edited"; a deletion leaves a placeholder. */
export const authorEdits = {
  editedAt: integer('edited_at', { mode: 'timestamp_ms' }),
  deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
};

export const moderation = {
  /** Set when a moderator refuses the item; the author sees the reason. */
  rejectedAt: integer('rejected_at', { mode: 'timestamp_ms' }),
  rejectionReason: text('rejection_reason'),
};
