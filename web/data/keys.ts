// SWR cache keys, made in one place: the hooks that read and the code that revalidates use the
// same key, so a retyped key can never miss its cache entry. Each key is its API route: the
// route's path template ('/api/schools/{id}'), then its parameters in order, then whatever tells
// apart two answers of the route (the query). keyPath() gives the path back, so what a write reads
// again follows the routes' declared data (./refresh.ts, decision 0015).
type Query = object;

export const swrKey = {
  jobs: (query: Query) => ['/api/jobs', JSON.stringify(query)] as const,
  job: (id: number) => ['/api/jobs/{id}', id] as const,
  savedStatus: (jobId: number) => ['/api/jobs/{id}/saved', jobId] as const,
  savedJobs: '/api/saved-jobs',
  schools: (query: Query) => ['/api/schools', JSON.stringify(query)] as const,
  /** The same list read with its total (X-Total-Count): another answer of the same route. */
  schoolsWithTotal: (query: Query) => ['/api/schools', JSON.stringify(query), 'total'] as const,
  schoolNames: '/api/schools/names',
  school: (id: number) => ['/api/schools/{id}', id] as const,
  schoolJobs: (id: number) => ['/api/schools/{id}/jobs', id] as const,
  schoolProfile: (id: number) => ['/api/schools/{id}/profile', id] as const,
  moodStats: (id: number) => ['/api/schools/{id}/mood-stats', id] as const,
  userMood: (id: number) => ['/api/schools/{id}/user-mood', id] as const,
  salaries: '/api/salaries',
  salaryStats: '/api/salaries/stats',
  salaryGroups: (query: Query) => ['/api/salaries/groups', JSON.stringify(query)] as const,
  siteStats: '/api/stats',
  payScales: '/api/pay-scales',
  payScalesOfYear: (effectiveDate: string) => ['/api/pay-scales', effectiveDate] as const,
  forumCategories: '/api/forum/categories',
  forumThreads: (query: Query) => ['/api/forum/threads', JSON.stringify(query)] as const,
  forumThread: (id: number) => ['/api/forum/threads/{id}', id] as const,
  activity: '/api/me/activity',
  sessions: '/api/me/sessions',
  moderationQueue: '/api/moderation/queue',
  imageBatch: (id: string) => ['/api/schools/images/batch-update/{id}', id] as const,
} as const;

/** The API path a key reads ('/api/schools/12'), or null for a key that is not a route's. */
export function keyPath(key: unknown): string | null {
  const [template, ...params] = typeof key === 'string' ? [key] : Array.isArray(key) ? (key as unknown[]) : [];
  if (typeof template !== 'string' || !template.startsWith('/api/')) return null;
  let i = 0;
  return template.replace(/\{[^}/]+\}/g, () => encodeURIComponent(String(params[i++])));
}
