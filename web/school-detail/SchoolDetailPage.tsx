import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { NotFoundStatus } from '../lib/page-status';
import { OfstedBadge } from '../components/badges';
import { Icon } from '../components/Icon';
import { SchoolAvatar, SchoolImage } from '../components/SchoolImage';
import { Breadcrumb, CardSkeleton, EmptyState, ErrorState, SkeletonList } from '../components/states';
import { Tabs } from '../components/Tabs';
import { ApiRequestError } from '../data/client';
import { useSchool } from '../data/hooks';
import { useSchoolInterviewPages, useSchoolReviewPages } from '../data/page-hooks';
import { later, whenIdle } from '../lib/later';
import { formatDate, formatMonth } from '../lib/format';
import { Stars } from './Stars';
import { Overview, Info } from './SchoolOverview';

// What the first screen (the header, the Overview, the sidebar) does not show loads after it: the
// other sections (SchoolSections.tsx) and the review and interview forms.
const sections = () => import('./SchoolSections');
const MoodSection = lazy(() => sections().then((m) => ({ default: m.MoodSection })));
const Reviews = lazy(() => sections().then((m) => ({ default: m.Reviews })));
const Interviews = lazy(() => sections().then((m) => ({ default: m.Interviews })));
const Jobs = lazy(() => sections().then((m) => ({ default: m.Jobs })));
// The follow button (and its store) hydrates after the rest: server-rendered, its markup kept meanwhile.
const FollowSchoolButton = later(() => import('../features/alerts/AlertButtons').then((m) => m.FollowSchoolButton));
// The sidebar's Contribute card (Write a Review, Share Interview Experience, with the signed-in
// check and the toasts' store) likewise: its buttons' taps before then are acted on once it has
// hydrated (web/lib/later.tsx).
const Contribute = later(() => import('./Contribute').then((m) => m.Contribute));
// The staff's links (Edit this page; Manage this page, or a visitor's sign-in to it): links, which
// work as plain links until then.
const StaffLinks = later(() => import('./StaffLinks').then((m) => m.StaffLinks));
// "Compare": a part after the first render (the server renders the link), with the device's compare list.
const CompareButton = later(() => import('./CompareButton').then((m) => m.CompareButton));
// "Share" (the device's share sheet, else the address copied): server-rendered, hydrated after the rest.
const ShareButton = later(() => import('../components/ShareButton').then((m) => m.ShareButton));

type School = NonNullable<ReturnType<typeof useSchool>['data']>;
const TAB_KEYS = ['overview', 'mood', 'reviews', 'jobs', 'interviews'] as const;
type TabKey = (typeof TAB_KEYS)[number];

function Sidebar({ school, interviews }: { school: School; interviews: number | undefined }) {
  const s = school.stats;
  return (
    <aside className="flex flex-col gap-4 min-w-0">
      <section className="card bg-base-100 border border-base-300" aria-labelledby="quick-stats">
        <div className="card-body p-5">
          <h2 id="quick-stats" className="card-title text-lg">
            Quick Stats
          </h2>
          <dl className="text-sm" data-testid="quick-stats">
            <Info label="Overall rating" value={s.averageRating > 0 ? `${s.averageRating.toFixed(1)} / 5` : 'N/A'} />
            <Info label="Total reviews" value={s.totalReviews} />
            <Info label="Current jobs" value={school.jobs.length} />
            <Info label="Interview experiences" value={interviews ?? '…'} />
          </dl>
        </div>
      </section>
      <Contribute schoolId={school.id} schoolName={school.name} />
    </aside>
  );
}

/** The school's header: its photo or initials, name, share, follow and staff links, rating, badges and Ofsted date. */
function SchoolHeader({ school }: { school: School }) {
  const s = school.stats;
  // The school's own link for readers when it gave one, else the register's.
  const website = school.profile.website ?? school.website;
  return (
    <header className="card bg-base-100 border border-base-300 overflow-hidden mt-2">
      {/* The photo banner only when there is a photo; otherwise a small initials tile. */}
      <div className={`grid ${school.imageUrl ? 'md:grid-cols-[16rem_1fr]' : ''}`}>
        {school.imageUrl && (
          <SchoolImage
            name={school.name}
            imageUrl={school.imageUrl}
            className="h-48 md:h-full"
            sizes="(min-width: 768px) 16rem, 100vw"
            eager
          />
        )}
        <div className="card-body p-4 sm:p-5 gap-2">
          <div className="flex items-start gap-3">
            {!school.imageUrl && <SchoolAvatar name={school.name} className="size-14 sm:size-16" />}
            <h1 className="text-2xl sm:text-3xl font-bold flex-1 min-w-0">{school.name}</h1>
            <ShareButton
              title={school.name}
              text={`${school.name}: teacher reviews, Ofsted grade and jobs`}
              path={`/schools/${school.id}`}
            />
          </div>
          {school.profile.managedSince && (
            <p className="badge badge-success badge-soft gap-1 h-auto py-1" data-testid="managed-by-school">
              <Icon name="check" className="size-3" /> Managed by the school · verified {formatMonth(school.profile.managedSince)}
            </p>
          )}
          <div className="flex flex-wrap items-center gap-2">
            <FollowSchoolButton schoolId={school.id} schoolName={school.name} />
            <CompareButton schoolId={school.id} schoolName={school.name} />
          </div>
          <StaffLinks schoolId={school.id} />
          <p className="flex items-center gap-1 opacity-80">
            <Icon name="pin" className="size-4" /> {school.borough}, London
          </p>
          {website && (
            <a
              href={website}
              target="_blank"
              rel="noopener noreferrer"
              className="link link-primary text-sm inline-flex items-center gap-1 w-fit tap"
            >
              Visit website <Icon name="external" className="size-4" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          )}
          {s.averageRating > 0 && (
            <p className="flex items-center gap-2" data-testid="header-rating">
              <Stars value={s.averageRating} label={`Rated ${s.averageRating.toFixed(1)} out of 5`} />
              <span className="font-semibold">{s.averageRating.toFixed(1)}</span>
              <span className="text-sm opacity-70">
                ({s.totalReviews} {s.totalReviews === 1 ? 'review' : 'reviews'})
              </span>
            </p>
          )}
          <div className="flex flex-wrap gap-1">
            {school.type && <span className="badge badge-ghost">{school.type}</span>}
            {school.keyStages?.split(', ').map((k) => (
              <span key={k} className="badge badge-outline">
                {k}
              </span>
            ))}
            <OfstedBadge rating={school.ofstedRating} />
          </div>
          {school.ofstedInspectionDate && (
            <p className="text-xs opacity-70">Ofsted latest inspection {formatDate(school.ofstedInspectionDate)}</p>
          )}
        </div>
      </div>
    </header>
  );
}

/** The sections as tabs, the Overview first; each tab's count once known. */
function SchoolTabs({
  school,
  reviews,
  interviews,
  tab,
  setTab,
}: {
  school: School;
  reviews: number | undefined;
  interviews: number | undefined;
  tab: TabKey;
  setTab: (tab: TabKey) => void;
}) {
  const count = (n: number | undefined) => (n === undefined ? '' : ` (${n})`);
  return (
    <Tabs<TabKey>
      label="School sections"
      active={tab}
      onChange={setTab}
      tabs={[
        { key: 'overview', label: 'Overview' },
        { key: 'mood', label: 'Teacher Mood' },
        { key: 'reviews', label: `Reviews${count(reviews)}` },
        { key: 'jobs', label: `Jobs${count(school.jobs.length)}` },
        { key: 'interviews', label: `Interviews${count(interviews)}` },
      ]}
    >
      {tab === 'overview' && <Overview school={school} />}
      {/* The other sections load with their chunk when first opened (never server-rendered: the Overview is the first). */}
      <Suspense fallback={<SkeletonList count={2} lines={4} />}>
        {tab === 'mood' && <MoodSection schoolId={school.id} schoolName={school.name} />}
        {tab === 'reviews' && <Reviews schoolId={school.id} schoolName={school.name} />}
        {tab === 'jobs' && <Jobs jobs={school.jobs} />}
        {tab === 'interviews' && <Interviews schoolId={school.id} schoolName={school.name} />}
      </Suspense>
    </Tabs>
  );
}

export function SchoolDetailPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { data: school, error, isLoading, mutate } = useSchool(valid ? id : undefined);
  // Tab counts from X-Total-Count (SWR shares these first pages with the tabs' lists). Asked with
  // the school, not after it: their keys need only the id, and the server renders the page once
  // less (a pass only to find these keys cost a third of the page's render).
  const { total: reviewTotal } = useSchoolReviewPages(valid ? id : undefined);
  const { total: interviewTotal } = useSchoolInterviewPages(valid ? id : undefined);
  // A link may open a tab (the job page's "Read 3 reviews": ?tab=reviews); the Overview otherwise.
  const asked = useSearchParams()[0].get('tab');
  const [tab, setTab] = useState<TabKey>(TAB_KEYS.includes(asked as TabKey) ? (asked as TabKey) : 'overview');
  // The other sections' chunk is fetched once the page has hydrated and the browser is idle.
  useEffect(() => whenIdle(() => void sections()), []);
  const missing = !valid || (error instanceof ApiRequestError && (error.status === 404 || error.status === 400));

  if (missing)
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <NotFoundStatus />
        <EmptyState icon="school" title="School not found">
          The school you're looking for doesn't exist.{' '}
          <Link to="/schools" className="link link-primary">
            Browse schools
          </Link>
        </EmptyState>
      </div>
    );
  // A failed refresh keeps the school on the screen; the error stands in only for one never shown.
  if (error && !school)
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <ErrorState error={error} retry={() => mutate()} />
      </div>
    );
  if (isLoading || !school)
    return (
      <div className="mx-auto max-w-6xl px-4 py-6 grid gap-4" role="status" aria-label="Loading school">
        <div className="skeleton h-40 w-full" />
        <CardSkeleton lines={6} />
      </div>
    );

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <Breadcrumb items={[{ to: '/', label: 'Home' }, { to: '/schools', label: 'Schools' }, { label: school.name }]} />
      <SchoolHeader school={school} />

      <div className="grid grid-cols-1 lg:grid-cols-[1fr_20rem] gap-6 mt-6">
        <div className="min-w-0">
          <SchoolTabs school={school} reviews={reviewTotal} interviews={interviewTotal} tab={tab} setTab={setTab} />
        </div>
        <Sidebar school={school} interviews={interviewTotal} />
      </div>
    </div>
  );
}
