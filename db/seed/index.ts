// Seeds the database: the real data (London schools register, teacher pay scales, forum
// categories) and, unless switched off, a demo layer. Idempotent: a second run changes nothing.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, count, desc, eq, getTableColumns, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { DB } from '../client';
import { FORUM_CATEGORIES, INNER_LONDON_BOROUGHS } from '../../core/constants';
import { appSettings, forumCategories, payScales, schools, type NewSchool } from '../schema';
import type { ListingContext } from '../../core/teaching-vacancies';
import { parseCsvRecords } from './csv';
import { optimizeSearchIndexes } from '../search-index';
import { seedDemo } from './demo';
import { SEED_DIR } from './paths';
import { mapRegisterRow, mapWorkforceRow, NO_WORKFORCE, REGISTER_FIELDS } from './schools';

export { SEED_DIR };

export interface SeedResult {
  schools: number;
  payScales: number;
  forumCategories: number;
  demo: boolean;
}

interface PayScaleRecord {
  paySpine: string;
  point: number | null;
  pointLabel?: string;
  annualSalary: number;
  region: string;
  effectiveDate: string;
  description?: string;
  source?: string;
  /** The source's own warning when its figures are not final (e.g. an award in consultation). */
  caveat?: string;
}

/** The shipped data files the real data is seeded from (the fingerprint covers each). */
export const SCHOOLS_FILE = 'london-schools.csv';
export const WORKFORCE_FILE = 'london-schools-workforce-2018.csv';
export const PAY_SCALES_FILE = 'pay-scales.json';

// Register columns an existing row takes from the shipped file only where it holds nothing: a
// fresher register import (npm run schools:import) is never overwritten by the older snapshot. The
// register's own (name and borough are never blank), and the file's staff number and coordinates.
const FILL_BLANK: readonly (keyof NewSchool)[] = [
  ...REGISTER_FIELDS.filter((name) => name !== 'name' && name !== 'borough'),
  'numberOfStaff',
  'latitude',
  'longitude',
];

/**
 * The register and its staff figures. New schools are added; a school already held gets the
 * register values it lacks (blanks only) and the shipped census figures (the file is their only
 * source, so they are replaced, or cleared when the file no longer has the school). Decision 0306.
 */
/** Schools in one insert: ~45 columns each, well under SQLite's 32,766 bound parameters. */
const SCHOOLS_PER_STATEMENT = 200;

export function seedSchools(db: DB): number {
  const rows = parseCsvRecords(readFileSync(join(SEED_DIR, SCHOOLS_FILE), 'utf8'));
  const workforce = new Map(
    parseCsvRecords(readFileSync(join(SEED_DIR, WORKFORCE_FILE), 'utf8'))
      .map(mapWorkforceRow)
      .filter((w) => w !== null)
      .map((w) => [w.urn, w.workforce]),
  );
  const mapped = rows.map(mapRegisterRow).filter((s) => s !== null);
  const col = (name: keyof NewSchool) => sql.raw(`"${getTableColumns(schools)[name].name}"`);
  const set: Record<string, SQL> = {};
  for (const name of FILL_BLANK) set[name] = sql`coalesce(${schools}.${col(name)}, excluded.${col(name)})`;
  for (const name of Object.keys(NO_WORKFORCE) as (keyof NewSchool)[]) set[name] = sql`excluded.${col(name)}`;
  db.transaction((tx) => {
    // A DfE number another school holds (a register import moved it) is left out, not a unique-index failure.
    const dfeOwner = new Map(
      tx
        .select({ urn: schools.urn, dfe: schools.dfeNumber })
        .from(schools)
        .where(isNotNull(schools.dfeNumber))
        .all()
        .map((r) => [r.dfe!, r.urn]),
    );
    const rows = mapped.map((school) => {
      if (school.dfeNumber && (dfeOwner.get(school.dfeNumber) ?? school.urn) !== school.urn) school.dfeNumber = null;
      return { ...school, ...(workforce.get(school.urn) ?? NO_WORKFORCE) };
    });
    // Many rows a statement: drizzle builds and SQLite prepares one statement per batch, not per
    // school (a statement per row was ~2 of the seed's ~3 s). The same rows, defaults and upsert.
    for (let i = 0; i < rows.length; i += SCHOOLS_PER_STATEMENT) {
      tx.insert(schools)
        .values(rows.slice(i, i + SCHOOLS_PER_STATEMENT))
        .onConflictDoUpdate({ target: schools.urn, set })
        .run();
    }
  });
  return mapped.length;
}

export function seedPayScales(db: DB): number {
  const records = JSON.parse(readFileSync(join(SEED_DIR, PAY_SCALES_FILE), 'utf8')) as PayScaleRecord[];
  // A range maximum with no point number in the sources sorts after the last numbered point.
  const top = new Map<string, number>();
  for (const r of records) {
    const k = `${r.region}|${r.paySpine}|${r.effectiveDate}`;
    if (r.point != null) top.set(k, Math.max(top.get(k) ?? 0, r.point));
  }
  db.transaction((tx) => {
    for (const r of records) {
      const point = r.point ?? (top.get(`${r.region}|${r.paySpine}|${r.effectiveDate}`) ?? 0) + 1;
      tx.insert(payScales)
        .values({
          paySpine: r.paySpine,
          point,
          pointLabel: r.pointLabel ?? null,
          annualSalary: r.annualSalary,
          region: r.region,
          effectiveDate: r.effectiveDate,
          description: r.description ?? null,
          source: r.source ?? null,
          caveat: r.caveat ?? null,
        })
        .onConflictDoUpdate({
          target: [payScales.region, payScales.paySpine, payScales.effectiveDate, payScales.point],
          set: {
            pointLabel: r.pointLabel ?? null,
            annualSalary: r.annualSalary,
            description: r.description ?? null,
            source: r.source ?? null,
            caveat: r.caveat ?? null,
          },
        })
        .run();
    }
  });
  return records.length;
}

export function seedForumCategories(db: DB): number {
  db.transaction((tx) => {
    FORUM_CATEGORIES.forEach((c, i) => {
      tx.insert(forumCategories)
        .values({ ...c, order: i + 1 })
        .onConflictDoNothing({ target: forumCategories.slug })
        .run();
    });
  });
  return FORUM_CATEGORIES.length;
}

/** Lookups the Teaching Vacancies mapper needs, answered from the database. */
export function listingContext(db: DB): ListingContext {
  const byUrn = new Map(
    db
      .select({
        id: schools.id,
        urn: schools.urn,
        borough: schools.borough,
        educationLevel: schools.educationLevel,
        keyStages: schools.keyStages,
        postcode: schools.postcode,
      })
      .from(schools)
      .all()
      .map((s) => [s.urn, s]),
  );
  // Postcode district (outward code) → the borough most of our schools in it belong to.
  const votes = new Map<string, Map<string, number>>();
  for (const s of byUrn.values()) {
    const district = s.postcode?.split(' ')[0]?.toUpperCase();
    if (!district) continue;
    const m = votes.get(district) ?? new Map<string, number>();
    m.set(s.borough, (m.get(s.borough) ?? 0) + 1);
    votes.set(district, m);
  }
  const districtBorough = new Map([...votes].map(([d, m]) => [d, [...m].sort((a, b) => b[1] - a[1])[0][0]]));
  const latest = db
    .select({ d: sql<string>`max(${payScales.effectiveDate})` })
    .from(payScales)
    .get()?.d;
  const inner = new Set<string>(INNER_LONDON_BOROUGHS);
  return {
    schoolByUrn: (urn) => byUrn.get(urn),
    boroughForPostcode: (pc) => districtBorough.get(pc.trim().toUpperCase().split(/\s+/)[0]),
    isInnerLondon: (b) => inner.has(b),
    payRange(spine, region) {
      if (!latest) return undefined;
      const rows = db
        .select({ salary: payScales.annualSalary })
        .from(payScales)
        .where(and(eq(payScales.paySpine, spine), eq(payScales.region, region), eq(payScales.effectiveDate, latest)))
        .orderBy(desc(payScales.annualSalary))
        .all();
      if (!rows.length) return undefined;
      return { min: rows[rows.length - 1].salary, max: rows[0].salary };
    },
  };
}

const rowCount = (db: DB, table: typeof schools | typeof payScales | typeof forumCategories) =>
  db.select({ n: count() }).from(table).get()!.n;

/** The app_settings key holding the fingerprint of the real data last seeded. */
export const SEED_FINGERPRINT_KEY = 'seed.fingerprint';

/** A hash of the real data sets (the register, its staff figures, the pay scales, the forum categories) as committed. */
export function seedFingerprint(): string {
  const hash = createHash('sha256');
  for (const file of [SCHOOLS_FILE, WORKFORCE_FILE, PAY_SCALES_FILE]) hash.update(readFileSync(join(SEED_DIR, file)));
  hash.update(JSON.stringify(FORUM_CATEGORIES));
  return hash.digest('hex');
}

/**
 * Seeds the real data, then (if asked) the demo layer. The server calls this on every start: when
 * the real data is the one already seeded (same fingerprint), it is not parsed and inserted again
 * (~0.45 s of every start), and rows removed since (a closed school taken out) stay out.
 */
export function seed(db: DB, options: { demo: boolean; now?: Date }): SeedResult {
  const fingerprint = seedFingerprint();
  const seeded = db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, SEED_FINGERPRINT_KEY)).get()?.value;
  const result: SeedResult =
    seeded === fingerprint
      ? {
          schools: rowCount(db, schools),
          payScales: rowCount(db, payScales),
          forumCategories: rowCount(db, forumCategories),
          demo: false,
        }
      : {
          schools: seedSchools(db),
          payScales: seedPayScales(db),
          forumCategories: seedForumCategories(db),
          demo: false,
        };
  if (seeded !== fingerprint) {
    db.insert(appSettings)
      .values({ key: SEED_FINGERPRINT_KEY, value: fingerprint })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: fingerprint } })
      .run();
  }
  if (options.demo) result.demo = seedDemo(db, listingContext(db), options.now ?? new Date());
  // The bulk writes are over: one segment per search index (a no-op when nothing was written).
  optimizeSearchIndexes(db.$client, ['schools_fts', 'jobs_fts', 'forum_threads_fts']);
  return result;
}
