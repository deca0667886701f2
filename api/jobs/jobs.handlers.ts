import type { RouteHandler } from '@hono/zod-openapi';
import { and, desc, eq } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { jobs, savedJobs, schools, schoolStats } from '../../db/schema';
import { notFound } from '../platform/http-error';
import { pageHeaders } from '../platform/paging';
import { correctedHeader } from '../search';
import { listNearJobs } from '../schools/near.queries';
import { renderMarkdown } from '../markdown/render';
import { documentsOf } from './documents.handlers';
import { jobColumns, JOBS_PAGE, listJobs } from './jobs.queries';
import { isVisible } from './school-jobs.service';
import { schoolVoice } from './school-voice';
import type * as routes from './jobs.routes';

export const list: RouteHandler<typeof routes.list> = (c) => {
  const q = c.req.valid('query');
  // Near me: nearest first, each job with distanceMiles (the point is never kept: decision 1250).
  const page = q.near
    ? listNearJobs(c.get('db'), c.get('now')(), { ...q, near: q.near, limit: q.limit ?? JOBS_PAGE })
    : listJobs(c.get('db'), c.get('now')(), q);
  pageHeaders(c, page.total, page.next);
  if (page.capped) c.header('X-Total-Count-Capped', 'true');
  if ('corrected' in page) correctedHeader(c, page.corrected);
  return c.json(page.rows, 200);
};

export const get: RouteHandler<typeof routes.get> = (c) => {
  const { id } = c.req.valid('param');
  const { schoolName: _n, schoolType: _t, ...columns } = jobColumns();
  const row = c
    .get('db')
    .select({
      ...columns,
      school: {
        id: schools.id,
        name: schools.name,
        type: schools.type,
        urn: schools.urn,
        address: schools.address,
        postcode: schools.postcode,
        borough: schools.borough,
        website: schools.website,
      },
    })
    .from(jobs)
    .leftJoin(schools, eq(jobs.schoolId, schools.id))
    .leftJoin(schoolStats, eq(schoolStats.schoolId, jobs.schoolId))
    .where(eq(jobs.id, id))
    .get();
  // A school's draft, or its job published for a later date, is nobody's to see yet (decision 2104).
  if (!row || !isVisible(row, c.get('now')())) throw notFound('Job');
  const own = row.postedBySchool;
  return c.json(
    {
      ...row,
      descriptionHtml: own ? renderMarkdown(row.description) : null,
      benefitsHtml: own ? renderMarkdown(row.benefits ?? '') : null,
      documents: own ? documentsOf(c.get('db'), row.id) : [],
      schoolVoice: row.school ? schoolVoice(c.get('db'), row.school.id) : null,
    },
    200,
  );
};

/** A job the public may see (not a school's draft or its job published for a later date), or a 404. */
function findJob(db: DB, id: number, now: Date) {
  const job = db.select({ id: jobs.id, status: jobs.status, postedAt: jobs.postedAt }).from(jobs).where(eq(jobs.id, id)).get();
  if (!job || !isVisible(job, now)) throw notFound('Job');
  return job;
}

export const isSaved: RouteHandler<typeof routes.isSaved> = (c) => {
  const db = c.get('db');
  const job = findJob(db, c.req.valid('param').id, c.get('now')());
  const row = db
    .select({ id: savedJobs.id })
    .from(savedJobs)
    .where(and(eq(savedJobs.userId, c.get('user').id), eq(savedJobs.jobId, job.id)))
    .get();
  return c.json({ saved: !!row }, 200);
};

// Saving twice keeps one row (201 the first time, 200 after).
export const save: RouteHandler<typeof routes.save> = (c) => {
  const db = c.get('db');
  const job = findJob(db, c.req.valid('param').id, c.get('now')());
  const inserted = db
    .insert(savedJobs)
    .values({ userId: c.get('user').id, jobId: job.id, createdAt: c.get('now')() })
    .onConflictDoNothing()
    .run();
  return inserted.changes ? c.json({ saved: true }, 201) : c.json({ saved: true }, 200);
};

export const unsave: RouteHandler<typeof routes.unsave> = (c) => {
  const db = c.get('db');
  const job = findJob(db, c.req.valid('param').id, c.get('now')());
  db.delete(savedJobs)
    .where(and(eq(savedJobs.userId, c.get('user').id), eq(savedJobs.jobId, job.id)))
    .run();
  return c.json({ saved: false }, 200);
};

// The signed-in user's saved jobs for the dashboard (product §3 "as read for the dashboard"),
// newest first. A saved job stays listed after it leaves the job board (isActive, postedAt tell).
export const savedJobsList: RouteHandler<typeof routes.savedJobs> = (c) => {
  const rows = c
    .get('db')
    .select({
      id: savedJobs.id,
      createdAt: savedJobs.createdAt,
      jobId: jobs.id,
      title: jobs.title,
      borough: jobs.borough,
      contractType: jobs.contractType,
      keyStage: jobs.keyStage,
      subject: jobs.subject,
      salaryMin: jobs.salaryMin,
      salaryMax: jobs.salaryMax,
      salaryText: jobs.salaryText,
      description: jobs.description,
      isActive: jobs.isActive,
      isExternal: jobs.isExternal,
      externalUrl: jobs.externalUrl,
      externalSource: jobs.externalSource,
      employerName: jobs.employerName,
      applicationDeadline: jobs.applicationDeadline,
      postedAt: jobs.postedAt,
      jobCreatedAt: jobs.createdAt,
      schoolId: schools.id,
      schoolName: schools.name,
    })
    .from(savedJobs)
    .innerJoin(jobs, eq(savedJobs.jobId, jobs.id))
    .leftJoin(schools, eq(jobs.schoolId, schools.id))
    .where(eq(savedJobs.userId, c.get('user').id))
    .orderBy(desc(savedJobs.createdAt), desc(savedJobs.id))
    .all();
  return c.json(
    rows.map(({ id, createdAt, jobId, jobCreatedAt, schoolId, schoolName, ...job }) => ({
      id,
      createdAt,
      job: {
        id: jobId,
        ...job,
        createdAt: jobCreatedAt,
        school: schoolId !== null && schoolName !== null ? { id: schoolId, name: schoolName } : null,
      },
    })),
    200,
  );
};
