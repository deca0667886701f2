import { useMemo } from 'react';
// Data hooks over SWR: screens call these, never fetch directly (the paged lists' are in
// ./page-hooks.ts).
import { useApi } from './use-api';
import { useAuth } from './auth';
import type { InferResponseType } from 'hono/client';
import { ApiRequestError, client, json } from './client';
import { cleanQuery, correctedSearch } from './paging';
import { swrKey } from './keys';

type Query = Record<string, string | undefined>;

export function useJobs(query: Parameters<typeof client.jobs.$get>[0]['query']) {
  const q = cleanQuery(query as Query);
  return useApi(swrKey.jobs(q), () => json(client.jobs.$get({ query: q })));
}

export function useSchools(query: Parameters<typeof client.schools.$get>[0]['query']) {
  const q = cleanQuery(query as Query);
  return useApi(swrKey.schools(q), () => json(client.schools.$get({ query: q })));
}

export function useSalaryStats() {
  return useApi(swrKey.salaryStats, () => json(client.salaries.stats.$get()));
}

/** The salary groups by role under the filters (decision 1425), as last published. */
export function useSalaryGroups(query: { area?: string; phase?: string; borough?: string; experience?: string }) {
  const q = cleanQuery(query as Query);
  return useApi(swrKey.salaryGroups(q), () => json(client.salaries.groups.$get({ query: q })));
}

export function useSiteStats() {
  return useApi(swrKey.siteStats, () => json(client.stats.$get()));
}

// ---- Screens (every screen of the spec) ----

export function useJob(id: number | undefined) {
  return useApi(id ? swrKey.job(id) : null, () => json(client.jobs[':id'].$get({ param: { id: String(id) } })));
}

/**
 * Every active school's [id, name, borough]: read through the offline layer, so the device keeps a
 * copy and suggestions work with no signal (decision 0701). Asked once per session at most.
 */
export function useSchoolNames(enabled = true) {
  return useApi(enabled ? swrKey.schoolNames : null, () => json(client.schools.names.$get()), {
    revalidateOnFocus: false,
    revalidateIfStale: false,
  });
}

/** The schools list with the X-Total-Count total (how many match before the limit). */
export function useSchoolsWithTotal(query: Parameters<typeof client.schools.$get>[0]['query'], enabled = true) {
  const q = cleanQuery(query as Query);
  return useApi(enabled ? swrKey.schoolsWithTotal(q) : null, async () => {
    const res = await client.schools.$get({ query: q });
    const rows = await json(Promise.resolve(res));
    const total = Number(res.headers.get('X-Total-Count') ?? rows.length);
    return { rows, total: Number.isFinite(total) ? total : rows.length, corrected: correctedSearch(res.headers.get('X-Search-Corrected')) };
  });
}

export function useSchool(id: number | undefined) {
  return useApi(id ? swrKey.school(id) : null, () => json(client.schools[':id'].$get({ param: { id: String(id) } })));
}
/**
 * The school's page as its staff edit it, with the caller's role; null for anyone who is not its
 * staff (403) or a visitor (decision 2110).
 */
export function useSchoolProfile(id: number | undefined) {
  const { isAuthenticated } = useAuth();
  return useApi(id && isAuthenticated ? swrKey.schoolProfile(id) : null, async () => {
    try {
      return await json(client.schools[':id'].profile.$get({ param: { id: String(id) } }));
    } catch (error) {
      if (error instanceof ApiRequestError && (error.status === 403 || error.status === 401)) return null;
      throw error;
    }
  });
}

export function useMoodStats(id: number | undefined) {
  return useApi(id ? swrKey.moodStats(id) : null, () => json(client.schools[':id']['mood-stats'].$get({ param: { id: String(id) } })));
}

/** The signed-in user's own mood for a school (GET /api/schools/:id/user-mood). */
export type UserMood = NonNullable<InferResponseType<(typeof client.schools)[':id']['user-mood']['$get'], 200>>;
/** The signed-in user's mood for a school (only when signed in, product §6); null when none. */
export function useUserMood(id: number | undefined) {
  const { isAuthenticated } = useAuth();
  return useApi(id && isAuthenticated ? swrKey.userMood(id) : null, async () => {
    try {
      return await json(client.schools[':id']['user-mood'].$get({ param: { id: String(id) } }));
    } catch (e) {
      if (e instanceof ApiRequestError && e.status === 404) return null;
      throw e;
    }
  });
}

export function useSalaries() {
  return useApi(swrKey.salaries, () => json(client.salaries.$get()));
}

/**
 * Pay scales: always the whole table (204 rows, one URL), filtered here, so every year, region
 * and spine is readable offline once the app has started online (web/offline/warm.ts).
 */
export function usePayScales(query: { region?: string; paySpine?: string; effectiveDate?: string } = {}) {
  const q = cleanQuery(query);
  // A year is asked of the API (the Pay Scales screen); without one, the whole table (a school's job form).
  const year = q.effectiveDate;
  const result = useApi(year ? swrKey.payScalesOfYear(year) : swrKey.payScales, () =>
    json(client['pay-scales'].$get({ query: year ? { effectiveDate: year } : {} })),
  );
  const data = useMemo(
    () =>
      result.data?.filter(
        (r) =>
          (!q.region || r.region === q.region) &&
          (!q.paySpine || r.paySpine === q.paySpine) &&
          (!q.effectiveDate || r.effectiveDate === q.effectiveDate),
      ),
    [result.data, q.region, q.paySpine, q.effectiveDate],
  );
  return { ...result, data };
}

export function useForumCategories() {
  return useApi(swrKey.forumCategories, () => json(client.forum.categories.$get()));
}
export function useForumThreads(categoryId: string | undefined) {
  const q = cleanQuery({ categoryId });
  return useApi(swrKey.forumThreads(q), () => json(client.forum.threads.$get({ query: q })));
}

/**
 * Saved status of a job: only asked when signed in (product §6). Read from the user's saved-jobs
 * list, one request for a page of 50 hearts instead of one each; GET /api/jobs/{id}/saved only if
 * that list could not be read. The heart's own changes (SaveJobButton) set this key and refresh
 * the list, so both agree.
 */
export function useSavedStatus(jobId: number) {
  const { isAuthenticated } = useAuth();
  const list = useSavedJobs();
  const fromList = list.data ? { saved: list.data.some((s) => s.job.id === jobId) } : undefined;
  const ready = isAuthenticated && (list.data !== undefined || list.error !== undefined);
  return useApi(
    ready ? swrKey.savedStatus(jobId) : null,
    () => json(client.jobs[':id'].saved.$get({ param: { id: String(jobId) } })),
    fromList ? { fallbackData: fromList, revalidateOnMount: false, revalidateIfStale: false } : undefined,
  );
}

/** A saved job as the dashboard reads it (GET /api/saved-jobs). */
export type SavedJob = InferResponseType<(typeof client)['saved-jobs']['$get'], 200>[number];
export function useSavedJobs() {
  const { isAuthenticated } = useAuth();
  return useApi(isAuthenticated ? swrKey.savedJobs : null, () => json(client['saved-jobs'].$get()));
}
