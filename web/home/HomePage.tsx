import { Link } from 'react-router-dom';
import { HOME_JOBS, HOME_SALARY_ROLES, HOME_SCHOOLS } from '../../core/constants';
import { later } from '../lib/later';
import { OfstedBadge, RatingBadge } from '../components/badges';
import { Icon, type IconName } from '../components/Icon';
import { JobCard } from '../components/JobCard';
import { JobCardTakeHome } from '../features/take-home/later-parts';
import { EmptyState, ErrorState, SkeletonList } from '../components/states';
import { useJobs, useSalaryStats, useSchools, useSiteStats } from '../data/hooks';
import { formatGBP, formatNumber } from '../lib/format';

// The hero's search (the form with its suggestions and the results as you type) hydrates after the
// rest of the page, from its own chunk: the server renders it, and its markup is kept (and works as
// a plain GET form of /jobs) until the chunk arrives (web/home/HomeSearch.tsx).
const HomeSearch = later(() => import('./HomeSearch').then((m) => m.HomeSearch));

const TILES: { to: string; title: string; text: string; icon: IconName }[] = [
  { to: '/jobs', title: 'Find Jobs', text: 'Teaching vacancies across every London borough, from the last month only.', icon: 'briefcase' },
  { to: '/schools', title: 'Research Schools', text: 'Ofsted grades, pupil numbers and anonymous reviews from teachers.', icon: 'school' },
  { to: '/salaries', title: 'Salary Insights', text: 'What London teachers really earn, by role and experience.', icon: 'pound' },
  {
    to: '/career-advice',
    title: 'Interview Tips',
    text: 'Real interview experiences and advice on your next career step.',
    icon: 'lightbulb',
  },
];

function Hero() {
  return (
    <section className="bg-gradient-to-br from-primary to-primary/80 text-primary-content">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        <h1 className="text-3xl sm:text-5xl font-extrabold max-w-3xl leading-tight">
          Your next London teaching job, and the truth about the school.
        </h1>
        <p className="mt-4 text-lg opacity-90 max-w-2xl">
          Jobs, school profiles, anonymous reviews and salaries, shared by teachers across London.
        </p>
        <HomeSearch />
      </div>
    </section>
  );
}

function Section({ title, link, children }: { title: string; link?: { to: string; label: string }; children: React.ReactNode }) {
  return (
    <section className="mx-auto max-w-6xl px-4 mt-12">
      <div className="flex items-end justify-between gap-4 mb-4">
        <h2 className="text-2xl font-bold">{title}</h2>
        {link && (
          <Link to={link.to} className="link link-primary text-sm whitespace-nowrap tap">
            {link.label}
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

function FeaturedJobs() {
  const { data, error, isLoading, mutate } = useJobs({ limit: String(HOME_JOBS) });
  return (
    <Section title="Featured Teaching Jobs" link={{ to: '/jobs', label: 'View all jobs →' }}>
      {isLoading ? (
        <SkeletonList count={HOME_JOBS} className="grid gap-4 md:grid-cols-2" />
      ) : error && !data ? (
        <ErrorState error={error} retry={() => mutate()} />
      ) : !data?.length ? (
        <EmptyState icon="briefcase" title="No jobs available at the moment" />
      ) : (
        <div className="grid gap-4 md:grid-cols-2" data-testid="featured-jobs">
          {data.map((job) => (
            <JobCard key={job.id} job={job} compact takeHome={<JobCardTakeHome job={job} />} />
          ))}
        </div>
      )}
    </Section>
  );
}

function SchoolSpotlight() {
  const { data, error, isLoading, mutate } = useSchools({ limit: String(HOME_SCHOOLS), sort: 'rating' });
  return (
    <Section title="School Spotlight" link={{ to: '/schools', label: 'Research all schools →' }}>
      {isLoading ? (
        <SkeletonList count={HOME_SCHOOLS} className="grid gap-4 md:grid-cols-3" />
      ) : error && !data ? (
        <ErrorState error={error} retry={() => mutate()} />
      ) : !data?.length ? (
        <EmptyState icon="school" title="No schools available at the moment" />
      ) : (
        <div className="grid gap-4 md:grid-cols-3" data-testid="school-spotlight">
          {data.map((s) => (
            <Link
              key={s.id}
              to={`/schools/${s.id}`}
              className="card bg-base-100 border border-base-300 shadow-sm hover:shadow-md transition-shadow"
            >
              <div className="card-body p-5 gap-2">
                <h3 className="card-title text-base">{s.name}</h3>
                <p className="text-sm opacity-80">{s.borough}, London</p>
                <div className="flex flex-wrap gap-1">
                  <RatingBadge value={s.averageRating} count={s.reviewCount} />
                  <OfstedBadge rating={s.ofstedRating} />
                </div>
                <p className="text-sm">{s.type ?? 'School type not stated'}</p>
              </div>
            </Link>
          ))}
        </div>
      )}
    </Section>
  );
}

function SalaryInsights() {
  const { data, error, isLoading, mutate } = useSalaryStats();
  const rows = data?.averageByRole.slice(0, HOME_SALARY_ROLES) ?? [];
  return (
    <Section title="Salary Insights" link={{ to: '/salaries', label: 'All salary data →' }}>
      {isLoading ? (
        <SkeletonList count={1} lines={4} />
      ) : error && !data ? (
        <ErrorState error={error} retry={() => mutate()} />
      ) : !rows.length ? (
        <EmptyState icon="pound" title="No salary data available yet" />
      ) : (
        <div className="card bg-base-100 border border-base-300">
          <ul className="divide-y divide-base-300" data-testid="salary-roles">
            {rows.map((r) => (
              <li key={r.role} className="flex items-center justify-between gap-4 px-5 py-3">
                <span>
                  <span className="font-medium">{r.role}</span>
                  <span className="block text-xs opacity-70">
                    {r.count} submission{r.count === 1 ? '' : 's'}
                  </span>
                </span>
                <span className="text-right font-semibold">
                  {r.average != null ? (
                    <>
                      {formatGBP(r.average)}
                      <span className="block text-xs font-normal opacity-70">avg/year</span>
                    </>
                  ) : (
                    <span className="text-sm font-normal opacity-70">Not enough data yet</span>
                  )}
                </span>
              </li>
            ))}
          </ul>
          <div className="px-5 py-4 border-t border-base-300">
            <Link to="/salaries" className="link link-primary text-sm tap">
              Share your salary anonymously
            </Link>
          </div>
        </div>
      )}
    </Section>
  );
}

function Claims() {
  const { data } = useSiteStats();
  const claims = [
    { value: data ? formatNumber(data.activeJobs) : '…', label: 'jobs this month' },
    { value: data ? `${formatNumber(Math.floor(data.schools / 100) * 100)}+` : '…', label: 'London schools' },
    { value: data ? formatNumber(data.reviews) : '…', label: 'teacher reviews' },
    { value: '100%', label: 'anonymous contributions' },
  ];
  return (
    <section className="mx-auto max-w-6xl px-4 mt-12">
      <div className="card bg-secondary text-secondary-content">
        <div className="card-body sm:flex-row sm:items-center gap-6">
          <div className="flex-1">
            <h2 className="text-2xl font-bold">Teaching in London? Your experience helps the next teacher.</h2>
            <p className="mt-2 opacity-90">
              Review your school, share an interview or your salary. Always anonymous, across all 32 boroughs and the City of London.
            </p>
          </div>
          <Link to="/schools" className="btn btn-lg bg-base-100 text-base-content border-0">
            Review your school
          </Link>
        </div>
      </div>
      <dl className="grid grid-cols-2 md:grid-cols-4 gap-4 mt-6 text-center" data-testid="claims">
        {claims.map((c) => (
          <div key={c.label} className="rounded-box bg-base-200 p-4 flex flex-col-reverse">
            <dt className="text-sm opacity-80">{c.label}</dt>
            <dd className="text-2xl font-extrabold text-primary">{c.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function HomePage() {
  return (
    <>
      <Hero />
      <section className="mx-auto max-w-6xl px-4 -mt-6 relative grid grid-cols-2 lg:grid-cols-4 gap-3" aria-label="Features">
        {TILES.map((t) => (
          <Link key={t.title} to={t.to} className="card bg-base-100 border border-base-300 shadow-sm hover:shadow-md transition-shadow">
            <div className="card-body p-4 gap-1">
              <Icon name={t.icon} className="size-7 text-secondary" />
              <h2 className="font-semibold">{t.title}</h2>
              <p className="text-xs opacity-80 hidden sm:block">{t.text}</p>
            </div>
          </Link>
        ))}
      </section>
      <FeaturedJobs />
      <SchoolSpotlight />
      <SalaryInsights />
      <Claims />
    </>
  );
}
