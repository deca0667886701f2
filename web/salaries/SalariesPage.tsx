import { lazy, Suspense, useEffect, useState } from 'react';
import { later, whenIdle } from '../lib/later';
import { Breadcrumb, EmptyState, ErrorState, SkeletonList } from '../components/states';
import { Tabs } from '../components/Tabs';
import { useSalaries, useSalaryStats } from '../data/hooks';
import { formatGBP } from '../lib/format';

const monthFmt = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** Recent submissions carry only their month (decision 1420). */
const formatMonth = (d: string) => monthFmt.format(new Date(d));
const dayFmt = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
const formatMonthDay = (d: string) => dayFmt.format(new Date(d));
import { BarChart } from './BarChart';

// The form (fields, validation, the outbox's writes) loads when its tab is first opened, or once
// the page is idle: Salary Insights is what the page shows first.
const salaryForm = () => import('./SalaryForm');
const SalaryForm = lazy(() => salaryForm().then((m) => ({ default: m.SalaryForm })));
// Salaries by Role (its filters, figures and bands) is a later() part: the server renders it and
// its markup stays until its chunk has come, so its code is not on the page's first load.
const SalaryGroups = later(() => import('./SalaryGroups').then((m) => m.SalaryGroups));

type Stats = ReturnType<typeof useSalaryStats>;

/** One average chart: the error, the loading rows, none yet, or the bars. */
function AverageCard({
  title,
  testId,
  stats,
  bars,
  notes,
}: {
  title: string;
  testId: string;
  stats: Stats;
  bars: (data: NonNullable<Stats['data']>) => Parameters<typeof BarChart>[0]['bars'];
  /** An odd figure of the chart, said in words. */
  notes?: (data: NonNullable<Stats['data']>) => string[];
}) {
  return (
    <section className="card bg-base-100 border border-base-300">
      <div className="card-body p-5">
        <h2 className="card-title text-lg">{title}</h2>
        {stats.error && !stats.data ? (
          <ErrorState error={stats.error} retry={() => stats.mutate()} />
        ) : !stats.data ? (
          <SkeletonList count={3} lines={1} />
        ) : bars(stats.data).length === 0 ? (
          <EmptyState icon="pound" title="No salary data available yet" />
        ) : (
          <>
            <BarChart testId={testId} bars={bars(stats.data)} />
            {notes?.(stats.data).map((n) => (
              <p key={n} className="text-sm bg-info/10 rounded-box p-2 grow-0" data-testid="chart-note">
                {n}
              </p>
            ))}
          </>
        )}
      </div>
    </section>
  );
}

/** The latest submissions, each rounded to £1,000 and dated to its month (decision 1420). */
function RecentSubmissions() {
  const recent = useSalaries();
  return (
    <section className="card bg-base-100 border border-base-300">
      <div className="card-body p-5">
        <h2 className="card-title text-lg">Recent Submissions</h2>
        <p className="text-sm opacity-70">Salaries rounded to the nearest £1,000; dates to the month.</p>
        {recent.error && !recent.data ? (
          <ErrorState error={recent.error} retry={() => recent.mutate()} />
        ) : !recent.data ? (
          <SkeletonList count={3} lines={1} />
        ) : recent.data.length === 0 ? (
          <EmptyState icon="pound" title="No salary submissions yet">
            Be the first to share yours in Contribute Data.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-base-200" data-testid="recent-salaries">
            {recent.data.map((s) => (
              // Two columns that never wrap under each other: the details wrap on the left,
              // the salary and its date stay aligned at the right of the first line.
              <li key={s.id} className="py-3 grid grid-cols-[1fr_auto] items-start gap-x-3">
                <div className="min-w-0">
                  <p className="font-medium">{s.jobTitle}</p>
                  <p className="text-sm opacity-80">
                    {s.schoolType} · {s.yearsExperience} · {s.borough}
                  </p>
                </div>
                <div className="text-right whitespace-nowrap" data-testid="salary-amount">
                  <p className="font-semibold text-success tabular-nums">{formatGBP(s.annualSalary)}</p>
                  <p className="text-xs opacity-70">{formatMonth(s.createdAt)}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/**
 * A band whose average is under the band before it, said rather than hidden: the bands mix roles
 * (a band with more teaching assistants or fewer heads averages less).
 */
function experienceNotes(d: NonNullable<Stats['data']>): string[] {
  return d.averageByExperience.flatMap((g, i) => {
    const before = d.averageByExperience[i - 1];
    if (!before || before.average == null || g.average == null || g.average >= before.average) return [];
    return [
      `${g.experience} averages less than ${before.experience} (${formatGBP(g.average)} against ${formatGBP(before.average)}). Not a mistake: each band mixes every role, so one with more teaching assistants or fewer leaders averages less. Compare within a role under Salaries by Role.`,
    ];
  });
}

function Insights({ submitted }: { submitted: boolean }) {
  const stats = useSalaryStats();
  const k = stats.data?.minimumGroupSize;
  return (
    <div className="grid gap-6">
      {submitted && (
        <div role="status" className="alert alert-info" data-testid="salary-pending-notice">
          Thank you. Your salary is added to the published figures in the next daily update, once at least {k ?? 5} teachers in the same
          role and experience band have contributed, so it can never be picked out.
        </div>
      )}
      <SalaryGroups />
      <div className="grid lg:grid-cols-2 gap-6">
        <AverageCard
          title="Average Salary by Role"
          testId="by-role"
          stats={stats}
          bars={(d) => d.averageByRole.map((g) => ({ label: g.role, value: g.average, count: g.count }))}
        />
        <AverageCard
          title="Average Salary by Experience"
          testId="by-experience"
          stats={stats}
          bars={(d) => d.averageByExperience.map((g) => ({ label: g.experience, value: g.average, count: g.count }))}
          notes={experienceNotes}
        />
      </div>
      {k && (
        <p className="text-sm opacity-70">
          To keep every contribution anonymous, figures are updated once a day and a group is shown only once it has at least {k}{' '}
          submissions.
          {stats.data?.publishedAt && <> Last updated {formatMonthDay(stats.data.publishedAt)}.</>}
        </p>
      )}
      <RecentSubmissions />
    </div>
  );
}

export function SalariesPage() {
  const [tab, setTab] = useState<'insights' | 'contribute'>('insights');
  const [submitted, setSubmitted] = useState(false);
  useEffect(() => whenIdle(() => void salaryForm()), []);
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <Breadcrumb items={[{ to: '/', label: 'Home' }, { label: 'Salaries' }]} />
      <h1 className="text-3xl font-bold mt-2 mb-4">London Teacher Salaries</h1>
      <Tabs
        label="Salary sections"
        active={tab}
        onChange={setTab}
        tabs={[
          { key: 'insights', label: 'Salary Insights' },
          { key: 'contribute', label: 'Contribute Data' },
        ]}
      >
        {tab === 'insights' ? (
          <Insights submitted={submitted} />
        ) : (
          <Suspense fallback={<SkeletonList count={3} lines={2} />}>
            <SalaryForm
              onDone={() => {
                setSubmitted(true);
                setTab('insights');
              }}
            />
          </Suspense>
        )}
      </Tabs>
    </div>
  );
}
