// "Near me" (alerts and near me): jobs and schools within a few miles of a point, nearest first, each with
// its distance. A bounding box on the indexed schools(latitude, longitude) picks the candidates,
// the exact great-circle (haversine) distance keeps those inside the circle, and keyset paging
// walks them in (distance, id) order. The point is used for this answer only: never stored, never
// logged, never cached (decision 1250).
import { and, count, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { z } from 'zod';
import type { DB } from '../../db/client';
import { jobs, schools } from '../../db/schema';
import { decodeCursor, encodeCursor } from '../platform/paging';
import { jobFilterConditions, jobsInOrder, openJobConditions, TOTAL_CAP, type JobFilters } from '../jobs/jobs.queries';

/** The largest radius a Near me search takes, in miles (the screens offer 1, 2, 5 and 10). */
export const NEAR_MAX_MILES = 10;
/** The radius when `near` comes without `within`. */
export const NEAR_DEFAULT_MILES = 5;
export const NEAR_MILES = [1, 2, 5, 10] as const;

const EARTH_RADIUS_MILES = 3958.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** The great-circle distance between two points in miles (haversine). */
export function haversineMiles(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLon = rad(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

export interface Point {
  lat: number;
  lon: number;
}

/**
 * A latitude/longitude box holding every point within `miles` of `p` (a little larger: a degree
 * of latitude is at least 68.7 miles; a degree of longitude shrinks with the cosine of the
 * latitude, taken at the box's edge nearer a pole).
 */
export function boundingBox(p: Point, miles: number) {
  const dLat = miles / 68.7;
  const edge = Math.min(90, Math.abs(p.lat) + dLat);
  const cos = Math.cos(rad(edge));
  const dLon = cos < 1e-6 ? 180 : Math.min(180, miles / (69.2 * cos));
  return { minLat: p.lat - dLat, maxLat: p.lat + dLat, minLon: p.lon - dLon, maxLon: p.lon + dLon };
}

const NEAR_FORMAT = /^\s*(-?\d{1,3}(?:\.\d{1,10})?)\s*,\s*(-?\d{1,3}(?:\.\d{1,10})?)\s*$/;

/** `near=LAT,LON` in decimal degrees: 400 unless both are numbers in range. */
export const nearParam = z
  .string()
  .optional()
  .transform((v, ctx): Point | undefined => {
    if (v === undefined || v === '') return undefined;
    const m = NEAR_FORMAT.exec(v);
    if (!m) {
      ctx.addIssue({ code: 'custom', message: 'Near must be latitude,longitude in decimal degrees' });
      return z.NEVER;
    }
    const [lat, lon] = [Number(m[1]), Number(m[2])];
    if (lat < -90 || lat > 90) ctx.addIssue({ code: 'custom', message: 'Latitude must be between -90 and 90' });
    else if (lon < -180 || lon > 180) ctx.addIssue({ code: 'custom', message: 'Longitude must be between -180 and 180' });
    else return { lat, lon };
    return z.NEVER;
  });

/** `within=MILES`: a number of miles above 0 and at most NEAR_MAX_MILES (one decimal kept). */
export const withinParam = z
  .string()
  .optional()
  .transform((v, ctx): number | undefined => {
    if (v === undefined || v === '') return undefined;
    const n = /^\s*\d{1,3}(\.\d+)?\s*$/.test(v) ? Number(v) : NaN;
    if (!(n > 0 && n <= NEAR_MAX_MILES)) {
      ctx.addIssue({ code: 'custom', message: `Within must be a number of miles above 0 and at most ${NEAR_MAX_MILES}` });
      return z.NEVER;
    }
    return n;
  });

/** The near/within pair on a list's query: `within` alone is a 400 on `near`. */
export const nearFields = { near: nearParam, within: withinParam };
export function checkNear<T extends { near?: Point; within?: number }>(q: T, ctx: z.RefinementCtx) {
  if (q.within !== undefined && !q.near) ctx.addIssue({ code: 'custom', path: ['near'], message: 'Near is needed with within' });
}

export interface NearSchool {
  id: number;
  miles: number;
}

/**
 * Schools within `miles` of `p`, nearest first (ties by id): the box through the
 * schools_location_idx index, then the exact distance.
 */
export function schoolsWithin(db: DB, p: Point, miles: number, options: { activeOnly?: boolean } = {}): NearSchool[] {
  const box = boundingBox(p, miles);
  const rows = db
    .select({ id: schools.id, lat: schools.latitude, lon: schools.longitude })
    .from(schools)
    .where(
      and(
        gte(schools.latitude, box.minLat),
        lte(schools.latitude, box.maxLat),
        gte(schools.longitude, box.minLon),
        lte(schools.longitude, box.maxLon),
        options.activeOnly ? eq(schools.isActive, true) : undefined,
      ),
    )
    .all();
  const near: NearSchool[] = [];
  for (const r of rows) {
    const d = haversineMiles(p.lat, p.lon, r.lat!, r.lon!);
    if (d <= miles) near.push({ id: r.id, miles: d });
  }
  return near.sort((a, b) => a.miles - b.miles || a.id - b.id);
}

/** Distances as answered: miles to one decimal. */
export const oneDecimal = (miles: number) => Math.round(miles * 10) / 10;

/** Index of the first school strictly after the keyset (distance, id). */
function firstAfter(near: NearSchool[], miles: number, id: number): number {
  let lo = 0;
  let hi = near.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const s = near[mid];
    if (s.miles < miles || (s.miles === miles && s.id <= id)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const SCHOOL_BATCH = 16;

/**
 * `column in (ids)` with the ids as one JSON parameter: a circle can hold thousands of schools,
 * and one bound value keeps the statement small and quick to prepare.
 */
function idsIn(column: SQLiteColumn, ids: number[]): SQL {
  return sql`${column} in (select value from json_each(${JSON.stringify(ids)}))`;
}

type Found = { id: number; school: NearSchool };

/**
 * The jobs of the page and one more, in order: the cursor's own school first (its jobs older than
 * the last one answered), then the schools after it, in batches that double in size.
 */
function nearJobIds(db: DB, near: NearSchool[], filters: (SQL | undefined)[], limit: number, after: number[] | undefined): Found[] {
  const found: Found[] = [];
  let i = after ? firstAfter(near, after[0], after[1]) : 0;
  const same = after && near.find((s) => s.miles === after[0] && s.id === after[1]);
  if (after && same) {
    const ids = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.schoolId, same.id), ...filters))
      .all();
    for (const { id } of ids.sort((a, b) => b.id - a.id)) if (id < after[2]) found.push({ id, school: same });
  }
  let batch = SCHOOL_BATCH;
  while (found.length <= limit && i < near.length) {
    const part = near.slice(i, i + batch);
    i += part.length;
    batch *= 2;
    const rank = new Map(part.map((s, k) => [s.id, k]));
    const rows = db
      .select({ id: jobs.id, schoolId: jobs.schoolId })
      .from(jobs)
      .where(
        and(
          idsIn(
            jobs.schoolId,
            part.map((s) => s.id),
          ),
          ...filters,
        ),
      )
      .all();
    rows.sort((a, b) => rank.get(a.schoolId!)! - rank.get(b.schoolId!)! || b.id - a.id);
    for (const r of rows) found.push({ id: r.id, school: part[rank.get(r.schoolId!)!] });
  }
  return found;
}

/** The page's jobs as the list answers them, each with its school's distance. */
function nearJobRows(db: DB, page: Found[]) {
  const rows = jobsInOrder(
    db,
    page.map((p) => p.id),
  );
  return rows.map((job, i) => ({ ...job, distanceMiles: oneDecimal(page[i].school.miles) }));
}

/** The matches in the circle, counted up to TOTAL_CAP + 1, like every filtered job list. */
function nearJobTotal(db: DB, near: NearSchool[], filters: (SQL | undefined)[]): number {
  if (!near.length) return 0;
  const inner = db
    .select({ one: jobs.id })
    .from(jobs)
    .where(
      and(
        idsIn(
          jobs.schoolId,
          near.map((s) => s.id),
        ),
        ...filters,
      ),
    )
    .limit(TOTAL_CAP + 1)
    .as('capped');
  return db.select({ n: count() }).from(inner).get()!.n;
}

/**
 * Open jobs at schools within the radius, nearest school first and, at one school, newest job
 * (highest id) first. Cursor: [school distance, school id, job id]. The schools are walked in
 * batches that double in size, each an indexed read of jobs(school_id, is_active, posted_at),
 * until the page is full: a page costs about its own size however many jobs lie in the circle.
 */
export function listNearJobs(db: DB, now: Date, q: JobFilters & { near: Point; within?: number; limit: number; cursor?: string }) {
  const miles = q.within ?? NEAR_DEFAULT_MILES;
  const tag = 'jobs.near';
  const near = schoolsWithin(db, q.near, miles);
  const after = decodeCursor(q.cursor, tag, 'nnn') as number[] | undefined;
  const filters = [...openJobConditions(now), ...jobFilterConditions(q, { db })];
  const found = nearJobIds(db, near, filters, q.limit, after);
  const more = found.length > q.limit;
  const page = found.slice(0, q.limit);
  const rows = nearJobRows(db, page);
  const last = page[page.length - 1];
  const next = more ? encodeCursor(tag, [last.school.miles, last.school.id, last.id]) : null;
  const total = nearJobTotal(db, near, filters);
  const capped = total > TOTAL_CAP;
  return { rows, total: capped ? TOTAL_CAP : total, capped, next };
}

/**
 * Active schools within the radius that also pass the list's other filters (`where`), nearest
 * first: the ids of the page and the next cursor [distance, id]. The circle holds at most the
 * register's few thousand schools, so the filter runs once over its ids.
 */
export function nearSchoolPage(db: DB, q: { near: Point; within?: number; limit: number; cursor?: string }, where: SQL | undefined) {
  const miles = q.within ?? NEAR_DEFAULT_MILES;
  const tag = 'schools.near';
  const near = schoolsWithin(db, q.near, miles, { activeOnly: true });
  const passing = near.length
    ? new Set(
        db
          .select({ id: schools.id })
          .from(schools)
          .where(
            and(
              idsIn(
                schools.id,
                near.map((s) => s.id),
              ),
              where,
            ),
          )
          .all()
          .map((r) => r.id),
      )
    : new Set<number>();
  const matches = near.filter((s) => passing.has(s.id));
  const after = decodeCursor(q.cursor, tag, 'nn') as number[] | undefined;
  const start = after ? firstAfter(matches, after[0], after[1]) : 0;
  const page = matches.slice(start, start + q.limit);
  const more = start + q.limit < matches.length;
  const last = page[page.length - 1];
  return { page, total: matches.length, next: more ? encodeCursor(tag, [last.miles, last.id]) : null };
}
