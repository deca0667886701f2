import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { NotFoundStatus } from '../app/page-status';
import { OfstedBadge } from '../components/badges';
import { Icon } from '../components/Icon';
import { SchoolAvatar, SchoolImage } from '../components/SchoolImage';
import { ShareButton } from '../components/ShareButton';
import { Breadcrumb, CardSkeleton, EmptyState, ErrorState, SkeletonList } from '../components/states';
import { Tabs } from '../components/Tabs';
import { ApiRequestError } from '../data/client';
import { useSchool } from '../data/hooks';
import { useSchoolInterviewPages, useSchoolReviewPages } from '../data/page-hooks';
import { later, whenIdle } from '../app/later';
import { formatDate, formatMonth, formatNumber } from '../lib/format';
import { NOT_PUBLISHED, registerValue, staffFigures } from '../lib/school-facts';
import { ratingPercent } from './rating';
import { Stars } from './Stars';

// What the first screen (the header, the Overview, the sidebar) does not show loads after it: the
// other sections (SchoolSections.tsx) and the review and interview forms.
const sections = () => import('./SchoolSections');
const MoodSection = lazy(() => sections().then((m) => ({ default: m.MoodSection })));
const Reviews = lazy(() => sections().then((m) => ({ default: m.Reviews })));
const Interviews = lazy(() => sections().then((m) => ({ default: m.Interviews })));
const Jobs = lazy(() => sections().then((m) => ({ default: m.Jobs })));
// The follow button (and its store) hydrates after the rest: server-rendered, its markup kept meanwhile.
const FollowSchoolButton = later(() => import('../components/alerts/AlertButtons').then((m) => m.FollowSchoolButton));
// The sidebar's Contribute card (Write a Review, Share Interview Experience, with the signed-in
// check and the toasts' store) likewise: its buttons' taps before then are acted on once it has
// hydrated (web/app/later.tsx).
const Contribute = later(() => import('./Contribute').then((m) => m.Contribute));
// The staff's links (Edit this page; Manage this page, or a visitor's sign-in to it): links, which
// work as plain links until then.
const StaffLinks = later(() => import('./StaffLinks').then((m) => m.StaffLinks));
// "Compare": a part after the first render (the server renders the link), with the device's compare list.
const CompareButton = later(() => import('./CompareButton').then((m) => m.CompareButton));

type School = NonNullable<ReturnType<typeof useSchool>['data']>;
const TAB_KEYS = ['overview', 'mood', 'reviews', 'jobs', 'interviews'] as const;
type TabKey = (typeof TAB_KEYS)[number];

function Info({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2 border-b border-base-200 last:border-0">
      <dt className="opacity-70">{label}</dt>
      <dd className="font-medium text-right">{value}</dd>
    </div>
  );
}

/** A figure the school gave, as it shows beside the register's (decision 2110). */
function SchoolFigure({ value, at }: { value: React.ReactNode; at: string | Date }) {
  return (
    <span className="block" data-testid="school-figure">
      {value}
      <span className="block text-xs opacity-70 font-normal">Provided by the school, {formatMonth(at)}</span>
    </span>
  );
}

/** The register's value, and the school's beside it where the school gave one: both when they differ, the school's labelled. */
function WithCorrection<T extends string | number>({
  register,
  school,
  show,
}: {
  register: T | null;
  school: { value: T; at: string | Date } | null;
  show: (v: T) => string;
}) {
  if (!school) return <>{register != null ? show(register) : 'Not specified'}</>;
  if (register === school.value) return <SchoolFigure value={show(school.value)} at={school.at} />;
  return (
    <span className="grid gap-1">
      <span className="block">
        {register != null ? show(register) : 'Not specified'}
        <span className="block text-xs opacity-70 font-normal">School register</span>
      </span>
      <SchoolFigure value={show(school.value)} at={school.at} />
    </span>
  );
}

function About({ school }: { school: School }) {
  const html = school.profile.aboutHtml;
  if (!html) return null;
  return (
    <section className="card bg-base-100 border border-base-300" aria-labelledby="about-school" data-testid="about-school">
      <div className="card-body p-5 gap-2">
        <h2 id="about-school" className="card-title text-lg">
          About the school
        </h2>
        {/* Rendered from the school's Markdown and sanitised on the server (api/markdown/render.ts). */}
        <div className="school-about text-sm grid gap-2" dangerouslySetInnerHTML={{ __html: html }} />
        <p className="text-xs opacity-70">Written by the school</p>
      </div>
    </section>
  );
}

function Overview({ school }: { school: School }) {
  return (
    <div className="grid gap-4">
      <About school={school} />
      <SchoolInformation school={school} />
      {school.stats.totalReviews > 0 && <TeacherRatings stats={school.stats} />}
    </div>
  );
}

/** The register's facts, the census's staff figures and the school's own corrections beside them. */
function SchoolInformation({ school }: { school: School }) {
  const staff = staffFigures(school);
  const fixes = school.profile.corrections;
  // The register's "Not applicable" / "Does not apply" are left out, not printed.
  const phase = registerValue(school.phase);
  const religion = registerValue(school.religiousCharacter);
  const admissions = registerValue(school.admissionPolicy);
  return (
    <section className="card bg-base-100 border border-base-300">
      <div className="card-body p-5">
        <h2 className="card-title text-lg">School Information</h2>
        <dl className="text-sm" data-testid="school-info">
          <Info
            label="Number of pupils"
            value={<WithCorrection register={school.numberOfPupils} school={fixes.pupils} show={formatNumber} />}
          />
          <Info label="DfE number" value={school.dfeNumber ?? 'Not specified'} />
          {/* Census figures, each with the census it was counted in (decision 0306). */}
          {staff.length ? (
            staff.map((f) => (
              <Info
                key={f.label}
                label={f.label}
                value={
                  <span data-testid="staff-figure">
                    {f.value}
                    {f.note && <span className="block text-xs opacity-70 font-normal">{f.note}</span>}
                    <span className="block text-xs opacity-70 font-normal">{f.census}</span>
                  </span>
                }
              />
            ))
          ) : (
            <Info label="Staff" value={NOT_PUBLISHED} />
          )}
          {fixes.staff && (
            <Info label="Staff" value={<SchoolFigure value={`${formatNumber(fixes.staff.value)} people`} at={fixes.staff.at} />} />
          )}
          <Info label="School type" value={registerValue(school.type) ?? 'Not specified'} />
          {(phase || fixes.phase) && (
            <Info label="Phase" value={<WithCorrection register={phase} school={fixes.phase} show={(v) => v} />} />
          )}
          <Info label="Age range" value={school.ageRange ?? 'Not specified'} />
          <Info label="Headteacher" value={school.headteacher ?? 'Not specified'} />
          {religion && <Info label="Religious character" value={religion} />}
          {admissions && <Info label="Admissions" value={admissions} />}
          {school.phoneNumber && (
            <Info
              label="Phone"
              value={
                <a className="link tap" href={`tel:${school.phoneNumber.replace(/\s/g, '')}`}>
                  {school.phoneNumber}
                </a>
              }
            />
          )}
          {school.address && <Info label="Address" value={school.address} />}
          <Info
            label="Ofsted"
            value={
              <span>
                {school.ofstedRating ?? 'Not rated'}
                {school.ofstedInspectionDate && (
                  <span className="block text-xs opacity-70 font-normal">latest inspection {formatDate(school.ofstedInspectionDate)}</span>
                )}
              </span>
            }
          />
        </dl>
        <p className="text-xs opacity-70 mt-2">
          The grade is the last single-word Ofsted judgement the register holds; Ofsted stopped giving one-word grades from September 2024.
        </p>
      </div>
    </section>
  );
}

/** Teachers' average ratings, one bar each, and how many would recommend the school. */
function TeacherRatings({ stats: s }: { stats: School['stats'] }) {
  // Each over the reviews that gave it: a review may leave a sub-rating unrated (decision 2027).
  // (A copy kept on the device from before the counts came has none: its figures show as they were.)
  const c: Partial<School['stats']['ratingCounts']> = (s as Partial<School['stats']>).ratingCounts ?? {};
  const bars = [
    ['Work-life balance', s.workLifeBalance, c.workLifeBalance],
    ['Compensation', s.compensation, c.compensation],
    ['Career opportunities', s.careerOpportunities, c.careerOpportunities],
    ['Culture', s.culture, c.culture],
    ['Leadership', s.leadership, c.leadership],
  ] as const;
  return (
    <section className="card bg-base-100 border border-base-300" data-testid="teacher-ratings">
      <div className="card-body p-5 gap-3">
        <h2 className="card-title text-lg">Teacher Ratings</h2>
        <ul className="grid gap-3">
          {bars.map(([label, value, count]) => (
            <li key={label} data-testid="rating-bar">
              <div className="flex flex-wrap justify-between gap-x-2 text-sm">
                <span>{label}</span>
                <span className="tabular-nums">
                  {count === 0 ? (
                    <span className="opacity-70">Not rated yet</span>
                  ) : (
                    <>
                      {value.toFixed(1)} / 5 ({ratingPercent(value)})
                      {count !== undefined && (
                        <span className="opacity-70">
                          {' '}
                          · {count} {count === 1 ? 'rating' : 'ratings'}
                        </span>
                      )}
                    </>
                  )}
                </span>
              </div>
              <div className="h-2 rounded-full bg-base-300 overflow-hidden" aria-hidden="true">
                <div className="h-full bg-primary rounded-full" style={{ width: ratingPercent(value) }} />
              </div>
            </li>
          ))}
        </ul>
        <p className="font-medium" data-testid="recommend-rate">
          {s.recommendationRate}% would recommend to a friend
        </p>
      </div>
    </section>
  );
}

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
