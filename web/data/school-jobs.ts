// A school's own vacancies on the web side (decision 2104): its staff's list (every state, with
// counts). The writes go through the outbox (web/data/writes.ts, kind 'school-job'), like a
// teacher's contributions, and what they touch is read again after them (decision 0015).
import type { InferResponseType } from 'hono/client';
import { useAuth } from './auth';
import { client, json } from './client';
import { swrKey } from './keys';
import { useApi } from './use-api';

/** A school's job as its staff read it: every field, its state and its counts. */
export type SchoolJob = InferResponseType<(typeof client.schools)[':id']['jobs']['$get'], 200>[number];

/** The school's own jobs (drafts, scheduled, live, ended, closed), for its verified staff. */
export function useSchoolJobs(schoolId: number | undefined) {
  const { isAuthenticated } = useAuth();
  return useApi(schoolId && isAuthenticated ? swrKey.schoolJobs(schoolId) : null, () =>
    json(client.schools[':id'].jobs.$get({ param: { id: String(schoolId) } })),
  );
}
