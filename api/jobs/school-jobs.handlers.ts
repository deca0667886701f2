import type { RouteHandler } from '@hono/zod-openapi';
import { count, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { DB } from '../../db/client';
import { jobs, savedJobs, type Job } from '../../db/schema';
import { schoolJobDateErrors, type SchoolJobValues } from '../../core/validation';
import type { AppEnv } from '../context';
import { ApiError, notFound } from '../platform/http-error';
import { renderMarkdown } from '../markdown/render';
import { clientIp } from '../platform/request-info';
import { firstViewToday } from '../platform/middleware/rate-limit';
import { assertSchoolMember } from '../schools/members';
import { countJobEvent, jobEventCounts, type JobEvent } from './job-counters';
import {
  closeSchoolJob,
  createSchoolJob,
  findSchoolJob,
  isVisible,
  jobState,
  ownJobsOf,
  PublishCapReached,
  schoolOf,
  updateSchoolJob,
} from './school-jobs.service';
import type * as routes from './school-jobs.routes';

/** The date rules need the clock: checked here, answered in the validator's shape. */
function checkDates(v: SchoolJobValues, now: Date) {
  const fields = schoolJobDateErrors(v, now);
  if (Object.keys(fields).length) throw new ApiError(400, { error: 'Invalid input', fields });
}

/** A job as its school's staff read it. */
function ownAnswer(db: DB, job: Job, now: Date) {
  const { externalId: _e, ...rest } = job;
  const events = jobEventCounts(db, [job.id]).get(job.id)!;
  const saves = db.select({ n: count() }).from(savedJobs).where(eq(savedJobs.jobId, job.id)).get()!.n;
  return {
    ...rest,
    descriptionHtml: renderMarkdown(job.description),
    benefitsHtml: renderMarkdown(job.benefits ?? ''),
    state: jobState(job, now),
    counts: { ...events, saves },
  };
}

/** Runs a write that may publish: over the school's daily cap, its 429 carries Retry-After (decision 2114). */
function publishing<T>(c: Pick<Context, 'header'>, write: () => T): T {
  try {
    return write();
  } catch (error) {
    if (error instanceof PublishCapReached) c.header('Retry-After', String(error.retryAfter));
    throw error;
  }
}

export const create: RouteHandler<typeof routes.create> = (c) => {
  const db = c.get('db');
  const now = c.get('now')();
  const v = c.req.valid('json');
  checkDates(v, now);
  const school = schoolOf(db, c.req.valid('param').id);
  const job = publishing(c, () => createSchoolJob(db, school, c.get('user').id, v, now));
  return c.json(ownAnswer(db, job, now), 201);
};

export const list: RouteHandler<typeof routes.list> = (c) => {
  const db = c.get('db');
  const now = c.get('now')();
  const rows = ownJobsOf(db, c.req.valid('param').id, now);
  return c.json(
    rows.map(({ job, state, counts }) => {
      const { externalId: _e, ...rest } = job;
      return { ...rest, descriptionHtml: renderMarkdown(job.description), benefitsHtml: renderMarkdown(job.benefits ?? ''), state, counts };
    }),
    200,
  );
};

/** The school's job the caller acts on: 404 when it is not a school's own job, 403 when the caller is not its school's staff. */
function memberJob<E extends AppEnv>(c: Context<E>, id: number): Job {
  const job = findSchoolJob(c.get('db'), id);
  assertSchoolMember(c, job.schoolId!);
  return job;
}

export const update: RouteHandler<typeof routes.update> = (c) => {
  const db = c.get('db');
  const now = c.get('now')();
  const current = memberJob(c, c.req.valid('param').id);
  const v = c.req.valid('json');
  checkDates(v, now);
  const school = schoolOf(db, current.schoolId!);
  const job = publishing(c, () => updateSchoolJob(db, current, school, c.get('user').id, v, now));
  return c.json(ownAnswer(db, job, now), 200);
};

export const close: RouteHandler<typeof routes.close> = (c) => {
  const db = c.get('db');
  const now = c.get('now')();
  const current = memberJob(c, c.req.valid('param').id);
  return c.json(ownAnswer(db, closeSchoolJob(db, current, c.get('user').id, now), now), 200);
};

/**
 * Counts a view or an apply click of a school's live job, once per viewer a day. Limited per IP
 * like a read (not against the viewer's contribution writes: reading job pages must never use them
 * up); the counter lives outside the main database (job-counters.ts).
 */
function countEvent(c: Context<AppEnv>, id: number, kind: JobEvent): { counted: boolean } | { wait: number } {
  const db = c.get('db');
  const now = c.get('now')();
  const limiter = c.get('rateLimiter');
  const ip = limiter ? clientIp(c, limiter.proxy) : 'unknown';
  const wait = limiter && ip !== 'unknown' ? limiter.read(ip, now.getTime()) : null;
  if (wait !== null) return { wait };
  const job = db
    .select({ id: jobs.id, status: jobs.status, postedAt: jobs.postedAt, postedBySchool: jobs.postedBySchool })
    .from(jobs)
    .where(eq(jobs.id, id))
    .get();
  if (!job || !isVisible(job, now)) throw notFound('Job');
  if (!job.postedBySchool || job.status !== 'published' || !firstViewToday(c, `${kind}:job:${job.id}`)) return { counted: false };
  countJobEvent(db, job.id, kind);
  return { counted: true };
}

function counted(c: Context<AppEnv>, id: number, kind: JobEvent) {
  const result = countEvent(c, id, kind);
  if ('counted' in result) return c.json(result, 200);
  c.header('Retry-After', String(result.wait));
  return c.json({ error: 'Too many requests. Please wait a moment and try again.' }, 429);
}

export const view: RouteHandler<typeof routes.view> = (c) => counted(c, c.req.valid('param').id, 'view');
export const applyClick: RouteHandler<typeof routes.applyClick> = (c) => counted(c, c.req.valid('param').id, 'apply');
