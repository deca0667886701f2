// A school's own vacancies on the web side (decision 2104): its staff's list (every state, with
// counts) and the key every write refreshes. The writes themselves go through the outbox
// (web/components/writes.ts, kind 'school-job'), like a teacher's contributions.
import type { InferResponseType } from 'hono/client';
import { mutate } from 'swr';
import { useAuth } from './auth';
import { client, json } from './client';
import { isJobsKey, swrKey } from './keys';
import { useApi } from './use-api';

/** A school's job as its staff read it: every field, its state and its counts. */
export type SchoolJob = InferResponseType<(typeof client.schools)[':id']['jobs']['$get'], 200>[number];

const schoolJobsKey = (schoolId: number) => ['school-jobs', schoolId] as const;

/** The school's own jobs (drafts, scheduled, live, ended, closed), for its verified staff. */
export function useSchoolJobs(schoolId: number | undefined) {
  const { isAuthenticated } = useAuth();
  return useApi(schoolId && isAuthenticated ? schoolJobsKey(schoolId) : null, () =>
    json(client.schools[':id'].jobs.$get({ param: { id: String(schoolId) } })),
  );
}

/** After a post, an edit or a close: the school's list, the job's page, every jobs list and the school page. */
export function refreshSchoolJobs(schoolId: number, jobId?: number) {
  void mutate(schoolJobsKey(schoolId));
  if (jobId) void mutate(swrKey.job(jobId));
  void mutate(swrKey.school(schoolId));
  void mutate(isJobsKey);
}
