// 'Refresh Jobs' (product §2 jobs, §8): admins only (a visitor must not be able to wipe the board).
// Deletes month-old jobs and imports the Teaching Vacancies feed; send() then reads every job list
// again (the route declares it changes the jobs: decision 0015).
import { useState } from 'react';
import type { InferResponseType } from 'hono/client';
import { useAuth } from '../../data/auth';
import { ApiRequestError, client } from '../../data/client';
import { to } from '../../data/requests';
import { toast, type ToastInput as Toast } from '../../lib/toast-store';
import { jobsRefreshed } from '../../data/messages';

/** POST /api/jobs/refresh's answer, as the API types it. */
export type RefreshResult = InferResponseType<typeof client.jobs.refresh.$post, 200>;

const REFRESH_FAILED: Toast = {
  title: 'Refresh Failed',
  description: 'Unable to refresh job listings. Please try again.',
  variant: 'destructive',
};

/** The failure's toast: the server's own words when it gave a reason (no feed configured, a refresh already running…), else the generic line. */
export function refreshFailed(error: unknown): Toast {
  const reason = error instanceof ApiRequestError ? error.body?.error?.trim() : undefined;
  return reason ? { ...REFRESH_FAILED, description: reason } : REFRESH_FAILED;
}

export function RefreshJobsButton({ className = '' }: { className?: string }) {
  const { user } = useAuth();
  const [busy, setBusy] = useState(false);
  if (!user?.isAdmin) return null;

  async function refresh() {
    setBusy(true);
    try {
      const { send } = await import('../../data/mutations'); // the outbox loads with the first write
      const res = await send<RefreshResult>({ kind: 'admin', ...to(client.jobs.refresh, '$post'), label: 'Refresh Jobs' });
      // An admin action is never queued for later: offline, it failed.
      if (res.status !== 'sent') throw new Error('not sent');
      toast(jobsRefreshed(res.data.deletedJobs));
    } catch (error) {
      toast(refreshFailed(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={className}>
      <button type="button" className="btn btn-outline btn-sm" onClick={refresh} disabled={busy} aria-busy={busy}>
        {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        Refresh Jobs
      </button>
    </div>
  );
}
