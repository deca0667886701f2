// The dashboard's Alerts tab: each alert with its filters, how often and how it is sent, whether
// it is active, pause/resume, delete, and the jobs it sent last.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Dialog } from '../../components/Dialog';
import { EmptyState, ErrorState, SkeletonList } from '../../components/states';
import { timeAgo } from '../../lib/format';
import { deleteAlert, updateAlert, useAlerts, type AlertItem } from '../../data/alerts';

const HOW_OFTEN = { instant: 'Instantly', daily: 'Daily at 7am', weekly: 'Sundays at 7am' } as const;

function listLink(a: AlertItem) {
  if (a.filters.schoolId) return `/schools/${a.filters.schoolId}`;
  const q = new URLSearchParams(Object.entries(a.filters).filter(([k, v]) => k !== 'schoolId' && v !== undefined) as [string, string][]);
  return `/jobs${q.size ? `?${q}` : ''}`;
}

export function AlertsTab() {
  const { data, error, isLoading, mutate } = useAlerts();
  if (error && !data) return <ErrorState error={error} retry={() => mutate()} />;
  if (isLoading || !data) return <SkeletonList count={2} lines={3} />;
  if (data.length === 0) {
    return (
      <EmptyState icon="bell" title="No job alerts yet">
        On the{' '}
        <Link to="/jobs" className="link link-primary">
          Jobs
        </Link>{' '}
        screen, choose your filters and press "Get alerts for this search", or follow a school from its page.
      </EmptyState>
    );
  }
  return (
    <section aria-labelledby="alerts-heading">
      <h2 id="alerts-heading" className="sr-only">
        Job alerts
      </h2>
      <ul className="grid gap-4" data-testid="alert-list">
        {data.map((a) => (
          <li key={a.id}>
            <AlertCard alert={a} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function AlertCard({ alert: a }: { alert: AlertItem }) {
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const channels = [a.channels.email && 'email', a.channels.push && 'push'].filter(Boolean).join(' and ');
  const act = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    await fn();
    setBusy(false);
  };
  return (
    <article className="card bg-base-100 border border-base-300" data-testid="alert-card" aria-labelledby={`alert-${a.id}-name`}>
      <div className="card-body p-4 gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={`alert-${a.id}-name`} className="font-semibold text-lg">
            <Link to={listLink(a)} className="link link-hover">
              {a.name}
            </Link>
          </h3>
          <span className={`badge ${a.active ? 'badge-success' : 'badge-ghost'}`} data-testid="alert-state">
            {a.active ? 'Active' : 'Paused'}
          </span>
        </div>
        <p className="text-sm opacity-80">
          {HOW_OFTEN[a.frequency]} by {channels} · {a.matchCount} {a.matchCount === 1 ? 'job' : 'jobs'} sent
          {a.lastSentAt ? `, last ${timeAgo(a.lastSentAt)}` : ''}
        </p>
        {a.lastSentJobs.length > 0 && <LastSent jobs={a.lastSentJobs} />}
        <div className="card-actions justify-end">
          <button
            type="button"
            className="btn btn-sm btn-outline"
            disabled={busy}
            onClick={() => act(() => updateAlert(a, { active: !a.active }))}
            aria-label={`${a.active ? 'Pause' : 'Resume'} ${a.name}`}
          >
            {a.active ? 'Pause' : 'Resume'}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline btn-error"
            disabled={busy}
            onClick={() => setConfirming(true)}
            aria-label={`Delete ${a.name}`}
          >
            Delete
          </button>
        </div>
      </div>
      <Dialog open={confirming} onClose={() => setConfirming(false)} title="Delete this alert?">
        <p>"{a.name}" will stop, and its history goes with it. To stop it for a while, pause it instead.</p>
        <div className="modal-action">
          <button type="button" className="btn" onClick={() => setConfirming(false)}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-error"
            disabled={busy}
            onClick={() =>
              act(async () => {
                if (await deleteAlert(a)) setConfirming(false);
              })
            }
          >
            Delete alert
          </button>
        </div>
      </Dialog>
    </article>
  );
}

/** The jobs the alert sent last, each linked to its page. */
function LastSent({ jobs }: { jobs: AlertItem['lastSentJobs'] }) {
  return (
    <div>
      <p className="text-sm font-medium">Last sent</p>
      <ul className="list-disc ml-5 text-sm" data-testid="alert-last-jobs">
        {jobs.map((j) => (
          <li key={j.id}>
            <Link to={`/jobs/${j.id}`} className="link link-primary">
              {j.title}
            </Link>
            {j.schoolName ? `, ${j.schoolName}` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}
