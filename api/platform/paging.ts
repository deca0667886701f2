// Keyset paging shared by every list (a hundred times the data): an opaque cursor that carries the sort key of
// the last row answered, `X-Total-Count` and `Link: <...>; rel="next"`. Never OFFSET: a page
// costs the same however deep it is, and rows inserted meanwhile never shift what comes next.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Context } from 'hono';
import { z } from 'zod';
import { ApiError } from './http-error';
import { TEXT_MAX } from '../../core/constants';

export type CursorValue = number | string;

/** The `cursor` query parameter: any short string; its meaning is checked by decodeCursor. */
export const cursorParam = z.string().max(TEXT_MAX.cursor, 'Invalid cursor').optional();

const badCursor = () => new ApiError(400, { error: 'Invalid query', fields: { cursor: 'Invalid cursor' } });

/** An opaque cursor: base64url of [tag, ...values]; the tag names the list and sort it belongs to. */
export function encodeCursor(tag: string, values: readonly CursorValue[]): string {
  return Buffer.from(JSON.stringify([tag, ...values])).toString('base64url');
}

/**
 * The values of a cursor made by encodeCursor for this tag, checked against their expected kinds
 * ('n' number, 's' string); any other cursor answers 400, never a 500.
 */
export function decodeCursor(cursor: string | undefined, tag: string, kinds: string): CursorValue[] | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw badCursor();
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parsed) || parsed[0] !== tag || parsed.length !== kinds.length + 1) throw badCursor();
  const values = parsed.slice(1) as unknown[];
  values.forEach((v, i) => {
    const ok = kinds[i] === 'n' ? typeof v === 'number' && Number.isFinite(v) : typeof v === 'string' && v.length <= 300;
    if (!ok) throw badCursor();
  });
  return values as CursorValue[];
}

/**
 * SQL condition: the rows after a cursor's `values` in the keyset order of `columns`, all sorted
 * `dir` ('desc': `(a, b) < (x, y)`; 'asc': `(a, b) > (x, y)`); none on the first page (no values).
 * The values may be `sql.placeholder`s of a prepared query.
 */
export function afterCursor(dir: 'asc' | 'desc', columns: readonly SQLWrapper[], values: readonly unknown[] | undefined): SQL | undefined {
  if (!values) return undefined;
  const tuple = (parts: readonly unknown[]) =>
    sql.join(
      parts.map((p) => sql`${p}`),
      sql`, `,
    );
  return sql`(${tuple(columns)}) ${sql.raw(dir === 'desc' ? '<' : '>')} (${tuple(values)})`;
}

/**
 * Takes one row too many to know whether a next page exists: answers the page's rows and the
 * cursor for the next one (or null).
 */
export function pageOf<T>(rows: T[], limit: number, tag: string, key: (row: T) => readonly CursorValue[]) {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  return { rows: page, next: more ? encodeCursor(tag, key(page[page.length - 1])) : null };
}

/** A total counted no further than a cap (a common word's matches): answered with `X-Total-Count-Capped: true`. */
export interface CappedTotal {
  atLeast: number;
}

/** Sets X-Total-Count (and X-Total-Count-Capped for a capped total) and, when there is a next page, a Link to it (same URL, new cursor). */
export function pageHeaders(c: Context, total: number | CappedTotal, next: string | null) {
  if (typeof total === 'number') c.header('X-Total-Count', String(total));
  else {
    c.header('X-Total-Count', String(total.atLeast));
    c.header('X-Total-Count-Capped', 'true');
  }
  if (next) {
    const url = new URL(c.req.url);
    url.searchParams.set('cursor', next);
    c.header('Link', `<${url.pathname}${url.search}>; rel="next"`);
  }
}
