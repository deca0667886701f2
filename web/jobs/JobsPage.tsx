import { memo, useCallback } from 'react';
import type { Job } from '../data/client';
import { Icon } from '../components/Icon';
import { SearchForm } from '../components/SearchBox';
import { JobCard } from '../components/JobCard';
import { JobCardTakeHome } from '../features/take-home/later-parts';
import { Breadcrumb, EmptyState, ErrorState, SkeletonList } from '../components/states';
import { useDebouncedSearch, useUrlFilters } from '../components/use-url-filters';
import { useJobPages } from '../data/page-hooks';
import { jobsFoundText } from './found';
import { SearchCorrection } from '../components/SearchCorrection';
import { milesAway, useNearMe } from '../features/near-me/near-me';
import { later } from '../lib/later';
import { HydrateInTurns, TURN_ATTRIBUTE } from '../lib/hydrate-in-turns';
import { LoadMore } from '../components/LoadMore';
import { JOB_FILTER_KEYS } from './filters';

// The alert button (and its store) hydrates after the list: server-rendered, its markup kept meanwhile.
const JobAlertButton = later(() => import('../features/alerts/AlertButtons').then((m) => m.JobAlertButton));
// 'Refresh Jobs' is an admin's (nothing on a visitor's page): its toasts and write load after the list.
const RefreshJobsButton = later(() => import('../features/refresh-jobs/RefreshJobsButton').then((m) => m.RefreshJobsButton));
// The filter selects with their lists hydrate after the list too (web/jobs/JobFilters.tsx).
const JobFilters = later(() => import('./JobFilters').then((m) => m.JobFilters));
// And the Near me control (its state is the page's: useNearMe), and each card's save heart (the
// visitor's heart on the server; in the browser the live one, with the saved state, the signed-in
// check and the toasts' store): a tap on a heart before its chunk arrives is acted on after it.
const NearMeControl = later(() => import('../features/near-me/NearMe').then((m) => m.NearMeControl));
const SaveJobButton = later(() => import('../features/save-job/SaveJobButton').then((m) => m.SaveJobButton));
// The schools the search words name (issue 37): parts after the first render, so the jobs' first
// load does not carry the schools' query (the server renders them as usual).
const SchoolsMatchLine = later(() => import('./SchoolsMatch').then((m) => m.SchoolsMatchLineFor));
const SchoolsMatchList = later(() => import('./SchoolsMatch').then((m) => m.SchoolsMatchListFor));

export { JOB_FILTER_KEYS };
export const JOB_SORTS = [
  { value: 'newest', label: 'Newest' },
  { value: 'closing', label: 'Closing soonest' },
  { value: 'salary', label: 'Highest salary' },
] as const;

/** The order of the list (not shown for Near me, which is nearest first). */
function JobSort({ sort, search, onSort }: { sort: string; search: string; onSort: (sort: string) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm" htmlFor="job-sort">
      Sort by
      <select
        id="job-sort"
        name="sort"
        className="select select-sm w-auto"
        value={sort || (search ? 'relevance' : 'newest')}
        // With a search and no sort chosen the list is in relevance order (decision 0701).
        onChange={(e) => onSort(e.target.value === 'relevance' || (e.target.value === 'newest' && !search) ? '' : e.target.value)}
      >
        {(search ? [{ value: 'relevance', label: 'Best match' }, ...JOB_SORTS] : JOB_SORTS).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The list of jobs found: an error, the loading cards, none, or the cards and Load more. */
function JobResults({ jobs, search, borough }: { jobs: ReturnType<typeof useJobPages>; search?: string; borough?: string }) {
  const { rows: data, error, mutate } = jobs;
  return (
    <section aria-labelledby="job-results-heading" className="mt-6">
      {/* Job cards carry h3 titles (as on the home page): this keeps the heading order h1 → h2 → h3. */}
      <h2 id="job-results-heading" className="sr-only">
        Job results
      </h2>
      {error ? (
        <ErrorState error={error} retry={() => mutate()} />
      ) : !data ? (
        <SkeletonList count={6} lines={4} className="grid gap-4 md:grid-cols-2" />
      ) : data.length === 0 ? (
        <>
          <EmptyState icon="briefcase" title="No jobs found">
            Try other filters, or clear them to see every job of the last month.
          </EmptyState>
          <SchoolsMatchList search={search} borough={borough} />
        </>
      ) : (
        <>
          <ul className="grid gap-4 md:grid-cols-2" data-testid="job-list">
            {groupsOf(data).map((jobs, turn) => (
              <JobGroup key={turn} turn={turn} jobs={jobs} />
            ))}
          </ul>
          <LoadMore pages={jobs} label="Load more jobs" gap="mt-6" />
        </>
      )}
    </section>
  );
}

/** Cards hydrated together: the first group with the page, each other in an idle period of its own. */
const GROUP_SIZE = 6;
const groupsOf = (jobs: Job[]) =>
  Array.from({ length: Math.ceil(jobs.length / GROUP_SIZE) }, (_, g) => jobs.slice(g * GROUP_SIZE, (g + 1) * GROUP_SIZE));

/**
 * A group of cards (issue 40, web/lib/hydrate-in-turns.tsx). Memoised on its jobs: the list
 * revalidated with the same jobs, or the page rendered again for its filters' or Near me's state,
 * renders no card again (and leaves a group still waiting for its turn as the server sent it).
 */
const JobGroup = memo(
  function JobGroup({ turn, jobs }: { turn: number; jobs: Job[] }) {
    return (
      <HydrateInTurns turn={turn}>
        {jobs.map((job) => (
          <li key={job.id} className="offscreen-lazy" {...{ [TURN_ATTRIBUTE]: turn }}>
            <JobCard
              job={job}
              distance={distanceOf(job)}
              actions={<SaveJobButton jobId={job.id} title={job.title} />}
              takeHome={<JobCardTakeHome job={job} />}
            />
          </li>
        ))}
      </HydrateInTurns>
    );
  },
  (a, b) => a.turn === b.turn && a.jobs.length === b.jobs.length && a.jobs.every((job, i) => job === b.jobs[i]),
);

/** How far a job is, when the list is Near me. */
const distanceOf = (job: Job) =>
  'distanceMiles' in job && typeof job.distanceMiles === 'number' ? milesAway(job.distanceMiles) : undefined;

export function JobsPage() {
  const { values, set, clear, active } = useUrlFilters(JOB_FILTER_KEYS);
  const commitSearch = useCallback((v: string) => set({ search: v, exact: '' }, true), [set]);
  const search = useDebouncedSearch(values.search, commitSearch);
  const sorting = useUrlFilters(['sort'] as const);
  const sort = JOB_SORTS.some((o) => o.value === sorting.values.sort) ? sorting.values.sort : '';
  const near = useNearMe();
  // Near me answers nearest first: the sort does not apply then (decision 1250).
  const jobs = useJobPages(near.on ? { ...values, ...near.query } : { ...values, sort });
  const { rows: data, isLoading } = jobs;
  // An alert keeps the filters, not how the search was asked (exact).
  const { exact: _exact, ...alertFilters } = values;

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <Breadcrumb items={[{ to: '/', label: 'Home' }, { label: 'Jobs' }]} />
      <div className="flex flex-wrap items-start justify-between gap-3 mt-2">
        <h1 className="text-3xl font-bold">Teaching Jobs in London</h1>
        {/* The 'Refresh Jobs' button renders for admins only (web/features/refresh-jobs/RefreshJobsButton.tsx). */}
        <div data-slot="refresh-jobs">
          <RefreshJobsButton />
        </div>
      </div>
      <div role="note" className="alert alert-info alert-soft mt-4 text-sm">
        <Icon name="clock" />
        <span>Only jobs posted within the last month are shown.</span>
      </div>

      <SearchForm
        label="Search and filter jobs"
        search={search}
        box={{ id: 'job-search', label: 'Search jobs', placeholder: 'Search by job title, subject or school' }}
        filters={<JobFilters />}
        near={<NearMeControl near={near} what="jobs" />}
        status={
          <>
            <p className="text-sm font-medium" aria-live="polite" data-testid="jobs-count">
              {data && jobs.total !== undefined ? jobsFoundText(jobs.total, jobs.capped) : isLoading ? 'Loading jobs…' : ''}
            </p>
            {/* The words may name a school ("st marys"): the schools they match are said too (issue 37). */}
            <SchoolsMatchLine search={values.search} borough={values.borough} />
            <SearchCorrection corrected={jobs.corrected} typed={values.search} />
            <JobAlertButton filters={alertFilters} />
            {!near.on && <JobSort sort={sort} search={values.search} onSort={(v) => sorting.set({ sort: v })} />}
            <button type="button" className="btn btn-sm btn-outline" onClick={clear} disabled={!active}>
              Clear All Filters
            </button>
          </>
        }
      />

      <JobResults jobs={jobs} search={values.search} borough={values.borough} />
    </div>
  );
}
