// Salaries (decision 1420). Submissions are stored at once, but the public answers are published
// in batches (publishSalaries, daily from api/server.ts and directly in tests) into
// published_stats, which each GET reads with one primary-key lookup: no request aggregates over
// the salaries table. A batch counts a held-back submission only when every group it falls in
// (its role, its experience band) gains at least SALARY_K_ANONYMITY new submissions, so two
// successive answers differ by the sum of at least that many salaries, never by one. Recent
// submissions show only published rows, the salary rounded to £1,000 and the date to the month.
import { and, desc, eq, inArray, isNotNull, isNull, like, sql } from 'drizzle-orm';
import { EXPERIENCE_BANDS, RECENT_SALARIES, SALARY_K_ANONYMITY } from '../../core/constants';
import type { DB, Tx } from '../../db/client';
import { payScales, publishedStats, salaries } from '../../db/schema';
import { ApiError, notFound } from '../platform/http-error';
import { areaOf, cellOf, filterKey, salaryGroups, type CellFields, type SalaryFilter, type SalaryGroupsAnswer } from './salary-groups';

/** What a salary submission says (its role, school type, borough, experience and pay): the recent list's and her own list's columns. */
export const submissionColumns = {
  id: salaries.id,
  jobTitle: salaries.jobTitle,
  schoolType: salaries.schoolType,
  borough: salaries.borough,
  yearsExperience: salaries.yearsExperience,
  annualSalary: salaries.annualSalary,
};

export interface SalaryGroup {
  count: number;
  /** Rounded to the pound; every published group has at least SALARY_K_ANONYMITY submissions. */
  average: number | null;
}
export interface SalaryStats {
  averageByRole: ({ role: string } & SalaryGroup)[];
  averageByExperience: ({ experience: string } & SalaryGroup)[];
  minimumGroupSize: number;
  /** When these figures were published (ISO); null before the first batch. */
  publishedAt: string | null;
}
export interface RecentSalary {
  id: number;
  jobTitle: string;
  schoolType: string;
  borough: string;
  yearsExperience: string;
  /** Rounded to the nearest £1,000. */
  annualSalary: number;
  /** The first day of the month of the submission (ISO, UTC). */
  createdAt: string;
}

const STATS = 'salaries.stats';
const RECENT = 'salaries.recent';
/** Each filter's groups: this prefix and the filter's key (salary-groups.ts). */
const GROUPS = 'salaries.groups|';
export const SALARY_ROUNDING = 1000;

const monthOf = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)).toISOString();

export interface Candidate extends CellFields {
  id: number;
  /** A published submission its author took back (decision 2020): it leaves the cell. */
  leaving?: boolean;
}

/**
 * Chooses which changes may be published now (decision 1425, keeping 1420's guarantee): those of
 * each cell (role, borough, phase, experience band; cellOf) that changes by at least k submissions
 * in this batch and keeps 0 or at least k published. Every figure shown is of a union of cells, so
 * it changes by 0 or at least k submissions, and any difference of two figures holds 0 or at least k.
 * `published` counts each cell's published submissions before the batch.
 */
export function publishable(rows: readonly Candidate[], k = SALARY_K_ANONYMITY, published = new Map<string, number>()): number[] {
  const cells = new Map<string, Candidate[]>();
  for (const r of rows) {
    const cell = cellOf(r);
    cells.set(cell, [...(cells.get(cell) ?? []), r]);
  }
  const ids: number[] = [];
  for (const [cell, changes] of cells) {
    const after = (published.get(cell) ?? 0) + changes.filter((r) => !r.leaving).length - changes.filter((r) => r.leaving).length;
    if (changes.length >= k && (after === 0 || after >= k)) ids.push(...changes.map((r) => r.id));
  }
  return ids.sort((a, b) => a - b);
}

/**
 * The batch: publishes what may be published and rewrites the two published answers. Returns how
 * many submissions it published and how many are still held back. Runs in one transaction.
 */
export function publishSalaries(db: DB, now = new Date()): { published: number; heldBack: number; removed: number } {
  // Immediate, as every transaction here (db/client.ts): it reads, then writes.
  return db.transaction((tx) => publishBatch(tx, now));
}

function publishBatch(tx: Tx, now: Date): { published: number; heldBack: number; removed: number } {
  const cellColumns = {
    id: salaries.id,
    jobTitle: salaries.jobTitle,
    schoolType: salaries.schoolType,
    borough: salaries.borough,
    yearsExperience: salaries.yearsExperience,
  };
  const pending = tx.select(cellColumns).from(salaries).where(isNull(salaries.publishedAt)).all();
  // A published submission its author took back (decision 2020) is a change like a new one: it
  // leaves only in a batch where each of its groups changes by at least k submissions in all.
  const withdrawn = tx
    .select(cellColumns)
    .from(salaries)
    .where(and(isNotNull(salaries.publishedAt), isNotNull(salaries.withdrawnAt)))
    .all();
  const before = new Map<string, number>();
  for (const r of tx.select(cellColumns).from(salaries).where(isNotNull(salaries.publishedAt)).all())
    before.set(cellOf(r), (before.get(cellOf(r)) ?? 0) + 1);
  const changes = new Set(publishable([...pending, ...withdrawn.map((r) => ({ ...r, leaving: true }))], SALARY_K_ANONYMITY, before));
  const ids = pending.filter((r) => changes.has(r.id)).map((r) => r.id);
  const leaving = withdrawn.filter((r) => changes.has(r.id)).map((r) => r.id);
  for (let i = 0; i < ids.length; i += 500)
    tx.update(salaries)
      .set({ publishedAt: now })
      .where(inArray(salaries.id, ids.slice(i, i + 500)))
      .run();
  for (let i = 0; i < leaving.length; i += 500)
    tx.delete(salaries)
      .where(inArray(salaries.id, leaving.slice(i, i + 500)))
      .run();

  const group = (column: typeof salaries.jobTitle | typeof salaries.yearsExperience) =>
    tx
      .select({ key: column, average: sql<number>`avg(${salaries.annualSalary})`, count: sql<number>`count(*)` })
      .from(salaries)
      .where(isNotNull(salaries.publishedAt))
      .groupBy(column)
      .all()
      // Every published group has at least k rows by construction; the check stays as a guard.
      .map((g) => ({ key: g.key, count: g.count, average: g.count >= SALARY_K_ANONYMITY ? Math.round(g.average) : null }))
      .filter((g) => g.average !== null);
  const order = (e: string) => {
    const i = (EXPERIENCE_BANDS as readonly string[]).indexOf(e);
    return i < 0 ? EXPERIENCE_BANDS.length : i;
  };
  const stats: SalaryStats = {
    averageByRole: group(salaries.jobTitle)
      .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key))
      .map(({ key, ...g }) => ({ role: key, ...g })),
    averageByExperience: group(salaries.yearsExperience)
      .sort((a, b) => order(a.key) - order(b.key))
      .map(({ key, ...g }) => ({ experience: key, ...g })),
    minimumGroupSize: SALARY_K_ANONYMITY,
    publishedAt: now.toISOString(),
  };
  const recent: RecentSalary[] = tx
    .select({ ...submissionColumns, createdAt: salaries.createdAt })
    .from(salaries)
    .where(isNotNull(salaries.publishedAt))
    .orderBy(desc(salaries.createdAt), desc(salaries.id))
    .limit(RECENT_SALARIES)
    .all()
    .map((r) => ({
      ...r,
      annualSalary: Math.round(r.annualSalary / SALARY_ROUNDING) * SALARY_ROUNDING,
      createdAt: monthOf(r.createdAt),
    }));
  writeGroups(tx, now);
  for (const [name, body] of [
    [STATS, stats],
    [RECENT, recent],
  ] as const) {
    tx.insert(publishedStats)
      .values({ name, body, publishedAt: now })
      .onConflictDoUpdate({ target: publishedStats.name, set: { body, publishedAt: now } })
      .run();
  }
  return { published: ids.length, heldBack: pending.length - ids.length, removed: leaving.length };
}

/** Rewrites every filter's published groups (salaryGroups) from the published rows, in the batch's transaction. */
function writeGroups(tx: Tx, now: Date) {
  const rows = tx
    .select({ ...submissionColumns })
    .from(salaries)
    .where(isNotNull(salaries.publishedAt))
    .all();
  const points = tx
    .select({
      region: payScales.region,
      paySpine: payScales.paySpine,
      pointLabel: payScales.pointLabel,
      annualSalary: payScales.annualSalary,
      effectiveDate: payScales.effectiveDate,
    })
    .from(payScales)
    .all();
  tx.delete(publishedStats)
    .where(like(publishedStats.name, `${GROUPS}%`))
    .run();
  for (const [key, body] of salaryGroups(rows, points, now))
    tx.insert(publishedStats)
      .values({ name: GROUPS + key, body, publishedAt: now })
      .run();
}

/** One primary-key read of a published answer; the first read of a new database publishes once. */
function published<T>(db: DB, name: typeof STATS | typeof RECENT, now: Date): T {
  const read = () => db.select({ body: publishedStats.body }).from(publishedStats).where(eq(publishedStats.name, name)).get();
  let row = read();
  if (!row) {
    publishSalaries(db, now);
    row = read()!;
  }
  return row.body as T;
}

export function salaryStats(db: DB, now = new Date()): SalaryStats {
  return published<SalaryStats>(db, STATS, now);
}

/**
 * One filter's groups, read by its key (a filter with no group of k: none, with the figures' date).
 * The borough's area is its own; a borough outside the area asked is a 400.
 */
export function salaryGroupsFor(db: DB, query: Partial<SalaryFilter>, now = new Date()): SalaryGroupsAnswer {
  const area = query.borough ? areaOf(query.borough) : (query.area ?? null);
  if (query.borough && query.area && query.area !== area)
    throw new ApiError(400, {
      error: `${query.borough} is in ${area}, not ${query.area}`,
      fields: { area: `${query.borough} is in ${area}` },
    });
  const filter: SalaryFilter = { area, phase: query.phase ?? null, borough: query.borough ?? null, experience: query.experience ?? null };
  const stats = salaryStats(db, now);
  const row = db
    .select({ body: publishedStats.body })
    .from(publishedStats)
    .where(eq(publishedStats.name, GROUPS + filterKey(filter)))
    .get();
  return (
    (row?.body as SalaryGroupsAnswer | undefined) ?? {
      filter,
      groups: [],
      minimumGroupSize: SALARY_K_ANONYMITY,
      publishedAt: stats.publishedAt,
    }
  );
}

export function recentSalaries(db: DB, now = new Date()): RecentSalary[] {
  return published<RecentSalary[]>(db, RECENT, now);
}

/** How long ago the last batch ran (for the daily timer: publish at start when a day has passed). */
export function lastPublished(db: DB): Date | null {
  return (
    db
      .select({ at: publishedStats.publishedAt })
      .from(publishedStats)
      .where(and(eq(publishedStats.name, STATS)))
      .get()?.at ?? null
  );
}

/**
 * Her taking back a submission (DELETE /api/salaries/{id}, decision 2020): one not yet published
 * is deleted at once; a published one is unlinked from her and marked withdrawn, and stays in the
 * published figures until a batch removes it (publishSalaries), so the figures never move between
 * batches and never by one submission alone. Someone else's, or one already taken back: 404.
 */
export function withdrawSalary(db: DB, userId: string, id: number, now: Date) {
  const row = db.select({ userId: salaries.userId, publishedAt: salaries.publishedAt }).from(salaries).where(eq(salaries.id, id)).get();
  if (!row || row.userId !== userId) throw notFound('Salary');
  if (row.publishedAt === null) db.delete(salaries).where(eq(salaries.id, id)).run();
  else db.update(salaries).set({ userId: null, withdrawnAt: now }).where(eq(salaries.id, id)).run();
  return { kind: 'salary' as const, id, deleted: true as const, leavesPublishedFigures: row.publishedAt !== null };
}
