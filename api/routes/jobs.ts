import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { jobs, savedJobs, schools, schoolStats } from '../../db/schema';
import type { DB } from '../../db/client';
import type { AppEnv } from '../context';
import { notFound } from '../lib/http-error';
import { pageHeaders } from '../lib/paging';
import { jobColumns, jobsQuery, JOBS_PAGE, listJobs, toJob } from '../queries/jobs';
import { checkNear, listNearJobs, nearFields } from '../queries/near';

/** The job list's query: the shared filters plus Near me (`near=LAT,LON&within=MILES`). */
export const jobsListQuery = jobsQuery.extend(nearFields).superRefine(checkNear);
import { idempotency } from '../middleware/idempotency';
import { rateLimit } from '../middleware/rate-limit';
import { requireUser } from '../middleware/session';
import { idParam, validate } from '../lib/validate';

export const jobsRoutes = new Hono<AppEnv>()
  .get('/', validate('query', jobsListQuery), (c) => {
    const q = c.req.valid('query');
    // Near me: nearest first, each job with distanceMiles (the point is never kept: decision 1250).
    const page = q.near ? listNearJobs(c.get('db'), c.get('now')(), { ...q, near: q.near, limit: q.limit ?? JOBS_PAGE }) : listJobs(c.get('db'), c.get('now')(), q);
    pageHeaders(c, page.total, page.next);
    if (page.capped) c.header('X-Total-Count-Capped', 'true');
    return c.json(page.rows);
  })
  .get('/:id', validate('param', idParam), (c) => {
    const { id } = c.req.valid('param');
    const row = c.get('db').select(jobColumns()).from(jobs).leftJoin(schools, eq(jobs.schoolId, schools.id)).leftJoin(schoolStats, eq(schoolStats.schoolId, jobs.schoolId)).where(eq(jobs.id, id)).get();
    if (!row) throw notFound('Job');
    return c.json(toJob(row));
  })
  .get('/:id/saved', requireUser, validate('param', idParam), (c) => {
    const db = c.get('db');
    const job = findJob(db, c.req.valid('param').id);
    const row = db.select({ id: savedJobs.id }).from(savedJobs).where(and(eq(savedJobs.userId, c.get('user')!.id), eq(savedJobs.jobId, job.id))).get();
    return c.json({ saved: !!row });
  })
  // Saving twice keeps one row (201 the first time, 200 after).
  .post('/:id/save', requireUser, idempotency, rateLimit, validate('param', idParam), (c) => {
    const db = c.get('db');
    const job = findJob(db, c.req.valid('param').id);
    const inserted = db.insert(savedJobs).values({ userId: c.get('user')!.id, jobId: job.id, createdAt: c.get('now')() }).onConflictDoNothing().run();
    return c.json({ saved: true }, inserted.changes ? 201 : 200);
  })
  .delete('/:id/save', requireUser, idempotency, rateLimit, validate('param', idParam), (c) => {
    const db = c.get('db');
    const job = findJob(db, c.req.valid('param').id);
    db.delete(savedJobs).where(and(eq(savedJobs.userId, c.get('user')!.id), eq(savedJobs.jobId, job.id))).run();
    return c.json({ saved: false });
  });

function findJob(db: DB, id: number) {
  const job = db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, id)).get();
  if (!job) throw notFound('Job');
  return job;
}
