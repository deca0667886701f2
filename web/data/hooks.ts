// Data hooks over SWR: screens call these, never fetch directly.
import useSWR from 'swr';
import { client, json } from './client';

type Query = Record<string, string | undefined>;
/** Drops 'all' and empty values (spec §5). */
export function cleanQuery<T extends Query>(q: T): T {
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '' && v !== 'all')) as T;
}

export function useJobs(query: Parameters<typeof client.jobs.$get>[0]['query']) {
  const q = cleanQuery(query as Query);
  return useSWR(['jobs', JSON.stringify(q)], () => json(client.jobs.$get({ query: q })));
}

export function useSchools(query: Parameters<typeof client.schools.$get>[0]['query']) {
  const q = cleanQuery(query as Query);
  return useSWR(['schools', JSON.stringify(q)], () => json(client.schools.$get({ query: q })));
}

export function useSalaryStats() {
  return useSWR('salaries/stats', () => json(client.salaries.stats.$get()));
}

export function useSiteStats() {
  return useSWR('stats', () => json(client.stats.$get()));
}
