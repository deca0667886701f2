// SWR cache keys, made in one place: the hooks that read and the code that revalidates after a
// write use the same key, so a retyped key can never miss its cache entry.
type Query = object;

export const swrKey = {
  jobs: (query: Query) => ['jobs', JSON.stringify(query)] as const,
  job: (id: number) => ['job', id] as const,
  savedStatus: (jobId: number) => ['saved', jobId] as const,
  savedJobs: 'saved-jobs',
  schools: (query: Query) => ['schools', JSON.stringify(query)] as const,
  schoolsWithTotal: (query: Query) => ['schools+total', JSON.stringify(query)] as const,
  schoolNames: 'schools/names',
  school: (id: number) => ['school', id] as const,
  schoolReviews: (id: number) => ['school-reviews', id] as const,
  schoolInterviews: (id: number) => ['school-interviews', id] as const,
  schoolProfile: (id: number) => ['school-profile', id] as const,
  moodStats: (id: number) => ['mood-stats', id] as const,
  userMood: (id: number) => ['user-mood', id] as const,
  salaries: 'salaries',
  salaryStats: 'salaries/stats',
  salaryGroups: (query: Query) => ['salaries/groups', JSON.stringify(query)] as const,
  siteStats: 'stats',
  payScales: 'pay-scales',
  payScalesOfYear: (effectiveDate: string) => ['pay-scales', effectiveDate] as const,
  forumCategories: 'forum/categories',
  forumThreads: (query: Query) => ['forum/threads', JSON.stringify(query)] as const,
  forumThread: (id: number) => ['forum/thread', id] as const,
  activity: 'me/activity',
  sessions: 'me/sessions',
  moderationQueue: 'moderation/queue',
  imageBatch: (id: string) => ['school-image-batch', id] as const,
} as const;

/** Every job list's key (any filters): what Refresh Jobs revalidates. */
/** The plain jobs lists (home, a school's openings); the paged Jobs screen refreshes through refreshPages('jobs/pages'). */
export const isJobsKey = (key: unknown) => Array.isArray(key) && key[0] === 'jobs';
