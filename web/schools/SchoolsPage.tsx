import { useCallback } from 'react';
import { HIGHLY_RATED_AT } from '../../core/constants';
import { later } from '../lib/later';
import { OfstedBadge, RatingBadge } from '../components/badges';
import { CardLink } from '../components/CardLink';
import { Icon } from '../components/Icon';
import { SearchForm } from '../components/SearchBox';
import { SchoolImage } from '../components/SchoolImage';
import { Breadcrumb, EmptyState, ErrorState, SkeletonList } from '../components/states';
import { SearchCorrection } from '../components/SearchCorrection';
import { useDebouncedSearch, useUrlFilters } from '../components/use-url-filters';
import type { SchoolListItem } from '../data/client';
import { useSchoolPages } from '../data/page-hooks';
import { formatNumber } from '../lib/format';
import { teachersLine } from '../lib/school-facts';
import { pageInfo } from './paging';
import { milesAway, useNearMe } from '../features/near-me/near-me';
import { LoadMore } from '../components/LoadMore';
import { SCHOOL_FILTER_KEYS } from './filters';

export { SCHOOL_FILTER_KEYS };

// The filter selects with their lists (web/schools/SchoolFilters.tsx) and the Near me control (its
// state is the page's: useNearMe) hydrate after the list, each from a chunk of its own.
const SchoolFilters = later(() => import('./SchoolFilters').then((m) => m.SchoolFilters));
const NearMeControl = later(() => import('../features/near-me/NearMe').then((m) => m.NearMeControl));

function SchoolCard({ school }: { school: SchoolListItem }) {
  const teachers = teachersLine(school);
  // Compact on a phone (the phone on the commute): no initials block when there is no photo, so five or more
  // schools fit a screen; the photo, when there is one, stays on top.
  return (
    <article className="card bg-base-100 border border-base-300 shadow-sm overflow-hidden h-full">
      {school.imageUrl && (
        <figure>
          <SchoolImage name={school.name} imageUrl={school.imageUrl} className="h-28 sm:h-36" />
        </figure>
      )}
      <div className="card-body p-3 sm:p-4 gap-1 sm:gap-2">
        <div className="flex items-start justify-between gap-2">
          <h2 className="card-title text-base leading-snug">
            <CardLink to={`/schools/${school.id}`} className="link link-hover tap">
              {school.name}
            </CardLink>
          </h2>
          <RatingBadge value={school.averageRating} />
        </div>
        <div className="flex flex-wrap items-center gap-1 text-sm">
          <span className="opacity-80 inline-flex items-center gap-1 mr-1">
            <Icon name="pin" className="size-4" /> {school.borough}
            {school.distanceMiles != null && (
              <span className="font-semibold" data-testid="distance">
                · {milesAway(school.distanceMiles)}
              </span>
            )}
          </span>
          {school.type && <span className="badge badge-ghost badge-sm">{school.type}</span>}
          <OfstedBadge rating={school.ofstedRating} />
          {school.averageRating >= HIGHLY_RATED_AT && (
            <span className="badge badge-secondary badge-sm gap-1">
              <Icon name="star" className="size-3" filled /> Highly Rated
            </span>
          )}
        </div>
        <dl className="flex flex-wrap gap-x-3 gap-y-0 text-sm">
          <div>
            <dt className="sr-only">Pupils</dt>
            <dd>{school.numberOfPupils != null ? `${formatNumber(school.numberOfPupils)} pupils` : 'Pupils: N/A'}</dd>
          </div>
          <div>
            <dt className="sr-only">Open jobs</dt>
            <dd>
              {school.openJobsCount} open {school.openJobsCount === 1 ? 'job' : 'jobs'}
            </dd>
          </div>
          {school.keyStages && (
            <div>
              <dt className="sr-only">Key stages</dt>
              <dd className="opacity-80">{school.keyStages}</dd>
            </div>
          )}
          {school.dfeNumber && (
            <div>
              <dt className="sr-only">DfE number</dt>
              <dd className="opacity-80" data-testid="card-dfe">
                DfE {school.dfeNumber}
              </dd>
            </div>
          )}
          {teachers && (
            <div>
              <dt className="sr-only">Staff</dt>
              <dd className="opacity-80" data-testid="card-teachers">
                {teachers}
              </dd>
            </div>
          )}
        </dl>
        <div className="card-actions justify-end mt-auto max-sm:hidden pt-2">
          <CardLink to={`/schools/${school.id}`} className="btn btn-sm btn-primary">
            View Profile<span className="sr-only"> of {school.name}</span>
          </CardLink>
        </div>
      </div>
    </article>
  );
}

/** The schools found: an error, the loading cards, none, or the cards and Load More. */
function SchoolResults({ list, info }: { list: ReturnType<typeof useSchoolPages>; info: ReturnType<typeof pageInfo> | null }) {
  const { rows, error, hasMore, loadMore, loadingMore, moreError, retryMore, mutate } = list;
  return (
    <section aria-label="School results" className="mt-6">
      {error ? (
        <ErrorState error={error} retry={() => mutate()} />
      ) : !rows || !info ? (
        <SkeletonList count={6} lines={4} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" />
      ) : rows.length === 0 ? (
        <EmptyState icon="school" title="No schools found">
          Try another name or clear the filters.
        </EmptyState>
      ) : (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="school-list">
            {rows.map((s) => (
              <li key={s.id} className="offscreen-lazy">
                <SchoolCard school={s} />
              </li>
            ))}
          </ul>
          <LoadMore
            pages={{ hasMore: hasMore && info.remaining > 0, loadingMore, loadMore, moreError, retryMore }}
            label={`Load More Schools (${formatNumber(info.remaining)} remaining)`}
            button="btn btn-primary"
            gap="mt-6"
            spinner
          />
        </>
      )}
    </section>
  );
}

export function SchoolsPage() {
  const { values, set, clear, active } = useUrlFilters(SCHOOL_FILTER_KEYS);
  const near = useNearMe();
  const commitSearch = useCallback((v: string) => set({ search: v, exact: '' }, true), [set]);
  const search = useDebouncedSearch(values.search, commitSearch);
  // A page of 50 at a time; new filters start again at the first page (a new list key).
  const list = useSchoolPages({ ...values, ...near.query });
  const { rows, total, corrected } = list;
  const info = rows && total !== undefined ? pageInfo(rows.length, total) : null;

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <Breadcrumb items={[{ to: '/', label: 'Home' }, { label: 'Schools' }]} />
      <h1 className="text-3xl font-bold mt-2">London Schools</h1>
      <p className="opacity-80 mt-1">Ofsted grades, pupil numbers and anonymous reviews from teachers.</p>
      <SearchForm
        label="Search and filter schools"
        search={search}
        box={{ id: 'school-search', label: 'Search schools by name', placeholder: 'Search by school name' }}
        filters={<SchoolFilters />}
        near={<NearMeControl near={near} what="schools" />}
        status={
          <>
            <p className="text-sm font-medium" aria-live="polite" data-testid="schools-count">
              {info ? info.text : 'Loading schools…'}
            </p>
            <SearchCorrection corrected={corrected} typed={values.search} />
            <button type="button" className="btn btn-sm btn-outline" disabled={!active} onClick={clear}>
              Clear Filters
            </button>
          </>
        }
      />

      <SchoolResults list={list} info={info} />
    </div>
  );
}
