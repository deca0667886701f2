// The active schools' names and rows by id, kept in memory per database connection and read again
// when the schools data version moves (a trigger moves it on every insert, update and delete of a
// school, whoever writes: decision 1057). A search matching most of the register ("school",
// "primary") then takes only the ids from the FTS index and ranks the names held here, instead of
// reading 2,000-3,000 rows of the table per search, and a page of results reads only its figures
// that move without the schools version (ratings, open jobs) (decision 0701, Speed).
import type Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { schools } from '../../db/schema';
import { columnsOf, schoolShape } from '../../db/shapes';

const rowColumns = columnsOf(schools, schoolShape);
const readRows = (db: DB) => db.select(rowColumns).from(schools).where(eq(schools.isActive, true)).all();
export type SchoolRow = ReturnType<typeof readRows>[number];

interface Held {
  version: number;
  names: ReadonlyMap<number, string>;
  /** Read on first use after the version moved. */
  rows: ReadonlyMap<number, SchoolRow> | null;
  versionNow: Database.Statement;
  read: Database.Statement;
  ids: Map<string, Database.Statement>;
}

const held = new WeakMap<Database.Database, Held>();

function heldFor(db: DB): Held {
  let h = held.get(db.$client);
  if (!h) {
    h = {
      version: Number.NaN,
      names: new Map(),
      rows: null,
      versionNow: db.$client.prepare(`select version from data_versions where tag = 'schools'`).pluck(),
      read: db.$client.prepare('select id, name from schools where is_active = 1').raw(),
      ids: new Map(),
    };
    held.set(db.$client, h);
  }
  return h;
}

/** What is held, as the data are now (read again after any change to a school). */
function current(db: DB): Held {
  const h = heldFor(db);
  const version = (h.versionNow.get() as number | undefined) ?? 0;
  if (version !== h.version) {
    h.names = new Map(h.read.all() as [number, string][]);
    h.rows = null;
    h.version = version;
  }
  return h;
}

/** The active schools' names by id, as the data are now. */
export function activeSchoolNames(db: DB): ReadonlyMap<number, string> {
  return current(db).names;
}

/** The active schools' rows (the columns of their public shape) by id, as the data are now. */
export function activeSchoolRows(db: DB): ReadonlyMap<number, SchoolRow> {
  const h = current(db);
  h.rows ??= new Map(readRows(db).map((r) => [r.id, r]));
  return h.rows;
}

/** The rowids of an FTS table matching `match` (no column, no rank: the cheapest read of a match set). */
export function matchingIds(db: DB, table: 'schools_fts', match: string): number[] {
  const h = heldFor(db);
  let statement = h.ids.get(table);
  if (!statement) {
    statement = db.$client.prepare(`select rowid from ${table} where ${table} match ?`).pluck();
    h.ids.set(table, statement);
  }
  return statement.all(match) as number[];
}
