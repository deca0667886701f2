// The schools a signed-in user is staff of (decisions 2101-2103), as the public school page reads
// them (its manage link): apart from school-staff.ts's writes and lists, so that page loads only this.
import type { InferResponseType } from 'hono/client';
import { useAuth } from './auth';
import { client, json } from './client';
import { useApi } from './use-api';

export type MySchools = InferResponseType<typeof client.me.schools.$get, 200>;

/** Its route's path (web/data/keys.ts): a write whose route names reviews reads it again (decision 0015). */
export const MY_SCHOOLS_KEY = '/api/me/schools';

export function useMySchools() {
  const { isAuthenticated } = useAuth();
  return useApi(isAuthenticated ? MY_SCHOOLS_KEY : null, () => json(client.me.schools.$get()));
}

/** Whether her school's response to this review waits for a moderator (her own list says; never a public answer). */
export function useWaitingResponse(reviewId: number): boolean {
  const { data } = useMySchools();
  return !!data?.schools.some((s) => s.live && s.waitingResponses.includes(reviewId));
}

/** Whether she is live staff of this school, from her own list (no request per school page). */
export function useIsSchoolStaff(schoolId: number): boolean {
  const { data } = useMySchools();
  return !!data?.schools.some((s) => s.schoolId === schoolId && s.live);
}
