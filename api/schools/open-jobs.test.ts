// The school page's prepared reads (issue 39) answer exactly what the one-off queries they replace
// did: a school's open jobs as listJobs lists them (the month's window at both ends, newest first,
// at most JOBS_PAGE_MAX, inactive and other schools' jobs left out), and each prepared query is
// built once per database and reused.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs, schools } from '../../db/schema';
import { testDb } from '../../test/db';
import { JOBS_PAGE_MAX } from '../jobs/job-conditions';
import { listJobs } from '../jobs/jobs.queries';
import { preparedOn } from '../platform/prepared';
import { openJobsOf } from './open-jobs.queries';
import { findSchool } from './schools.queries';

const NOW = new Date('2026-11-25T12:00:00Z');
const DAY = 86_400_000;
const db = testDb({ demo: true, now: NOW });
const [busy, other] = db.select().from(schools).where(eq(schools.isActive, true)).orderBy(schools.id).limit(2).all();

/** A job of `school` posted `days` before NOW (negative: published for later). */
function job(school: { id: number; borough: string | null }, days: number, extra: Partial<typeof jobs.$inferInsert> = {}) {
  return {
    title: `Teacher ${days}`,
    description: 'A job.',
    schoolId: school.id,
    borough: school.borough ?? 'Camden',
    postedAt: new Date(NOW.getTime() - days * DAY),
    ...extra,
  };
}
// More than a page of open jobs, with same-time ties (ordered by id), jobs outside the month's
// window at both ends, an inactive one and another school's.
db.insert(jobs)
  .values([
    ...Array.from({ length: JOBS_PAGE_MAX + 15 }, (_, i) => job(busy, (i % 25) + 0.5)),
    job(busy, 40),
    job(busy, -2),
    job(busy, 1, { isActive: false }),
    job(other, 1),
  ])
  .run();

const listed = (schoolId: number, now = NOW) => listJobs(db, now, { schoolId, limit: JOBS_PAGE_MAX, withoutTotal: true }).rows;

describe("a school's open jobs (the school page's prepared read)", () => {
  it('answers what listJobs answers for the school, for every school with jobs and at other times', () => {
    const page = openJobsOf(db, NOW, busy.id);
    expect(page).toHaveLength(JOBS_PAGE_MAX);
    expect(page).toEqual(listed(busy.id));
    expect(page.every((j) => j.schoolId === busy.id && j.isActive && j.school?.id === busy.id)).toBe(true);
    const later = new Date(NOW.getTime() + 3 * DAY);
    expect(openJobsOf(db, later, busy.id)).toEqual(listed(busy.id, later));
    const withJobs = db.selectDistinct({ id: jobs.schoolId }).from(jobs).all();
    expect(withJobs.length).toBeGreaterThan(2);
    for (const { id } of withJobs) if (id) expect(openJobsOf(db, NOW, id)).toEqual(listed(id));
    expect(openJobsOf(db, NOW, other.id).map((j) => j.title)).toContain('Teacher 1');
  });

  it('builds each prepared query once per database, and one per database', () => {
    let built = 0;
    const make = () => ({ n: ++built });
    const first = preparedOn(db, 'test.query', make);
    expect(preparedOn(db, 'test.query', make)).toBe(first);
    expect(built).toBe(1);
    const another = testDb({ demo: false, now: NOW });
    expect(preparedOn(another, 'test.query', make)).not.toBe(first);
    expect(built).toBe(2);
    // A prepared read answers each database from its own file.
    expect(findSchool(another, busy.id).name).toBe(busy.name);
    expect(() => findSchool(db, 999_999_999)).toThrow(/School/);
  });
});
