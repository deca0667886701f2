import { and, desc, eq, gte, inArray, or, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { BOROUGHS, CONTRACT_TYPES, EDUCATION_LEVELS, KEY_STAGES, SCHOOL_TYPE_FILTERS, SCHOOL_TYPES, SUBJECTS } from '../../db/constants';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { jobs, savedJobs, schools } from '../../db/schema';
import type { DB } from '../../db/client';
import type { AppEnv } from '../context';
import { notFound } from '../lib/http-error';
import { oneMonthBefore } from '../lib/time';
import { idempotency } from '../middleware/idempotency';
import { rateLimit } from '../middleware/rate-limit';
import { requireUser } from '../middleware/session';
import { filterOf, idParam, limitOf, searchText, validate } from '../lib/validate';

export const jobsQuery = z.object({
  search: searchText,
  borough: filterOf(BOROUGHS),
  subject: filterOf(SUBJECTS),
  keyStage: filterOf(KEY_STAGES),
  contractType: filterOf(CONTRACT_TYPES),
  schoolType: filterOf(SCHOOL_TYPES as [string, ...string[]]),
  educationLevel: filterOf(EDUCATION_LEVELS),
  limit: limitOf(500),
});
export type JobsQuery = z.infer<typeof jobsQuery>;

const contains = (column: AnySQLiteColumn, needle: string) => sql`instr(lower(coalesce(${column}, '')), lower(${needle})) > 0`;

/** The columns of a job as the API answers it, with its school's id and name. */
export function jobColumns() {
  return {
    id: jobs.id,
    title: jobs.title,
    description: jobs.description,
    schoolId: jobs.schoolId,
    subject: jobs.subject,
    keyStage: jobs.keyStage,
    contractType: jobs.contractType,
    educationLevel: jobs.educationLevel,
    salaryMin: jobs.salaryMin,
    salaryMax: jobs.salaryMax,
    salaryText: jobs.salaryText,
    borough: jobs.borough,
    requirements: jobs.requirements,
    benefits: jobs.benefits,
    applicationDeadline: jobs.applicationDeadline,
    isActive: jobs.isActive,
    isExternal: jobs.isExternal,
    externalUrl: jobs.externalUrl,
    externalSource: jobs.externalSource,
    employerName: jobs.employerName,
    postedAt: jobs.postedAt,
    createdAt: jobs.createdAt,
    updatedAt: jobs.updatedAt,
    schoolName: schools.name,
    schoolType: schools.type,
  };
}

export function toJob<T extends { schoolId: number | null; schoolName: string | null; schoolType: string | null }>({ schoolName, schoolType, ...job }: T) {
  return { ...job, school: job.schoolId && schoolName ? { id: job.schoolId, name: schoolName, type: schoolType } : null };
}

/** The WHERE conditions of a jobs search (the filters only; the caller adds the board's window). Needs schools joined. */
export function jobFilterConditions(q: Partial<JobsQuery> & { schoolId?: number }): (SQL | undefined)[] {
  const where: (SQL | undefined)[] = [];
  if (q.schoolId) where.push(eq(jobs.schoolId, q.schoolId));
  if (q.search) {
    where.push(or(contains(jobs.title, q.search), contains(jobs.description, q.search), contains(jobs.employerName, q.search), contains(schools.name, q.search)));
  }
  if (q.borough) where.push(eq(jobs.borough, q.borough));
  if (q.subject) where.push(eq(jobs.subject, q.subject));
  if (q.keyStage) where.push(eq(jobs.keyStage, q.keyStage));
  if (q.contractType) where.push(eq(jobs.contractType, q.contractType));
  if (q.schoolType) where.push(inArray(schools.type, [...SCHOOL_TYPE_FILTERS[q.schoolType]]));
  if (q.educationLevel) where.push(sql`instr(coalesce(${jobs.educationLevel}, ''), ${q.educationLevel}) > 0`);
  return where;
}

/** Active jobs posted within the last month, newest first (spec §9). */
export function listJobs(db: DB, now: Date, q: Partial<JobsQuery> & { schoolId?: number }) {
  const where: (SQL | undefined)[] = [eq(jobs.isActive, true), gte(jobs.postedAt, oneMonthBefore(now)), ...jobFilterConditions(q)];
  const query = db
    .select(jobColumns())
    .from(jobs)
    .leftJoin(schools, eq(jobs.schoolId, schools.id))
    .where(and(...where))
    .orderBy(desc(jobs.postedAt), desc(jobs.id));
  return (q.limit ? query.limit(q.limit) : query).all().map(toJob);
}

export const jobsRoutes = new Hono<AppEnv>()
  .get('/', validate('query', jobsQuery), (c) => {
    return c.json(listJobs(c.get('db'), c.get('now')(), c.req.valid('query')));
  })
  .get('/:id', validate('param', idParam), (c) => {
    const { id } = c.req.valid('param');
    const row = c.get('db').select(jobColumns()).from(jobs).leftJoin(schools, eq(jobs.schoolId, schools.id)).where(eq(jobs.id, id)).get();
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
