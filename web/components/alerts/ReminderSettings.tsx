// Profile: how closing-date reminders of saved jobs arrive (one reminder when a saved job closes
// within 3 days): by email and/or as a notification on this device.
import { useState } from 'react';
import { toast } from '../toast/store';
import { saveReminderPrefs, useReminderPrefs, type ReminderPrefs } from '../../data/alerts';
import { pushAvailable, subscribeFailure, subscribeThisDevice } from '../../data/push-device';

export function ReminderSettings() {
  const { data, mutate } = useReminderPrefs();
  const [busy, setBusy] = useState(false);
  const canPush = pushAvailable();
  async function change(next: ReminderPrefs) {
    setBusy(true);
    try {
      if (next.push && !data?.push && canPush) {
        const notAllowed = 'This device did not allow notifications; reminders will come by email.';
        const problem = await subscribeThisDevice().then(
          (ok) => (ok ? null : notAllowed),
          (e: unknown) => subscribeFailure(e, notAllowed),
        );
        if (problem) toast({ title: 'Notifications are off', description: problem, variant: 'destructive' });
      }
      // The toggle moves at once (optimistic); a failed save puts it back.
      const previous = data;
      await mutate(
        saveReminderPrefs(next).then((saved) => saved ?? previous),
        { optimisticData: next, rollbackOnError: true, revalidate: false },
      );
    } finally {
      setBusy(false);
    }
  }
  return (
    <fieldset className="fieldset border border-base-300 rounded-box p-4" data-testid="reminder-settings">
      <legend className="fieldset-legend">Closing-date reminders</legend>
      <p className="text-sm opacity-80">When a job you saved closes within 3 days, we remind you once.</p>
      {!data ? (
        <div className="skeleton h-12 w-full" />
      ) : (
        <>
          <label className="label cursor-pointer justify-start gap-2 text-base-content">
            <input
              type="checkbox"
              className="toggle toggle-sm toggle-primary"
              checked={data.email}
              disabled={busy}
              onChange={(e) => change({ ...data, email: e.target.checked })}
            />
            By email
          </label>
          <label className="label cursor-pointer justify-start gap-2 text-base-content">
            <input
              type="checkbox"
              className="toggle toggle-sm toggle-primary"
              checked={data.push}
              disabled={busy}
              onChange={(e) => change({ ...data, push: e.target.checked })}
            />
            As a notification{canPush ? ' (on devices where you allowed them)' : ' (this browser cannot show them)'}
          </label>
        </>
      )}
    </fieldset>
  );
}
