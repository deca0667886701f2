// A school's open jobs as its page reads them (GET /api/schools/{id}): the first JOBS_PAGE_MAX of
// listJobs' newest-first list filtered to the school, the same rows in the same shape, from one
// query prepared once (issue 39: listJobs builds its SQL on every call, which was most of the
// school answer's time at 100x). api/schools/open-jobs.test.ts holds it to listJobs' answer.
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { oneMonthBefore } from '../../core/job-window';
import type { DB } from '../../db/client';
import { jobs, schools, schoolStats } from '../../db/schema';
import { jobColumns, JOBS_PAGE_MAX, toJob } from '../jobs/job-conditions';
import { preparedOn } from '../platform/prepared';

/** The school's open jobs (active, posted within the month up to `now`), newest first, at most JOBS_PAGE_MAX. */
export function openJobsOf(db: DB, now: Date, schoolId: number) {
  const rows = preparedOn(db, 'openJobsOf', () =>
    db
      .select(jobColumns())
      .from(jobs)
      .leftJoin(schools, eq(jobs.schoolId, schools.id))
      .leftJoin(schoolStats, eq(schoolStats.schoolId, jobs.schoolId))
      // Placeholders are bound as given: the times as their milliseconds, as the column stores them.
      .where(
        and(
          eq(jobs.isActive, true),
          gte(jobs.postedAt, sql.placeholder('since')),
          lte(jobs.postedAt, sql.placeholder('now')),
          eq(jobs.schoolId, sql.placeholder('school')),
        ),
      )
      .orderBy(desc(jobs.postedAt), desc(jobs.id))
      .limit(JOBS_PAGE_MAX)
      .prepare(),
  ).all({ since: oneMonthBefore(now).getTime(), now: now.getTime(), school: schoolId });
  return rows.map(toJob);
}
