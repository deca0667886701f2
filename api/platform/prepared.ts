// Prepared queries kept per database (issue 39: a school page never asked for before). drizzle
// builds a query's SQL text and better-sqlite3 compiles it on every one-off call: about 150 µs for
// a one-row select, against 9 µs for the same select prepared once with placeholders and reused
// (measured on this box, warm). The hot reads of a page prepare theirs here once per database.
import type { DB, Tx } from '../../db/client';

const kept = new WeakMap<object, Map<string, unknown>>();

/**
 * The query `build` makes (a drizzle `.prepare()` with `sql.placeholder`s), built once per
 * database (or transaction) and `name`, then reused. `name` must say everything the query's
 * text depends on besides its placeholders.
 */
export function preparedOn<Q>(db: DB | Tx, name: string, build: () => Q): Q {
  let queries = kept.get(db);
  if (!queries) kept.set(db, (queries = new Map<string, unknown>()));
  let query = queries.get(name) as Q | undefined;
  if (query === undefined) queries.set(name, (query = build()));
  return query;
}
