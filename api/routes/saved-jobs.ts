// The signed-in user's saved jobs for the dashboard (product §3 "as read for the dashboard"),
// newest first. A saved job stays listed after it leaves the job board (isActive, postedAt tell).
import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { jobs, savedJobs, schools } from '../../db/schema';
import type { AppEnv } from '../context';
import { requireUser } from '../middleware/session';

export const savedJobsRoutes = new Hono<AppEnv>().get('/', requireUser, (c) => {
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
    .where(eq(savedJobs.userId, c.get('user')!.id))
    .orderBy(desc(savedJobs.createdAt), desc(savedJobs.id))
    .all();
  return c.json(
    rows.map(({ id, createdAt, jobId, jobCreatedAt, schoolId, schoolName, ...job }) => ({
      id,
      createdAt,
      job: { id: jobId, ...job, createdAt: jobCreatedAt, school: schoolId !== null && schoolName !== null ? { id: schoolId, name: schoolName } : null },
    })),
  );
});
