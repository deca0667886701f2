// Profile: how closing-date reminders of saved jobs arrive (one reminder when a saved job closes
// within 3 days): by email and/or as a notification on this device.
import { useState, type ReactNode } from 'react';
import { saveReminderPrefs, useReminderPrefs, type ReminderPrefs } from '../../data/alerts';
import { pushAvailable, subscribeOrSay } from '../../data/push-device';

export function ReminderSettings() {
  const { data, mutate } = useReminderPrefs();
  const [busy, setBusy] = useState(false);
  const canPush = pushAvailable();
  async function change(next: ReminderPrefs) {
    setBusy(true);
    try {
      if (next.push && !data?.push && canPush) {
        await subscribeOrSay('This device did not allow notifications; reminders will come by email.');
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
          <ChannelToggle checked={data.email} disabled={busy} onChange={(email) => change({ ...data, email })}>
            By email
          </ChannelToggle>
          <ChannelToggle checked={data.push} disabled={busy} onChange={(push) => change({ ...data, push })}>
            As a notification{canPush ? ' (on devices where you allowed them)' : ' (this browser cannot show them)'}
          </ChannelToggle>
        </>
      )}
    </fieldset>
  );
}

/** One way a reminder arrives, as a switch with its label. */
function ChannelToggle({
  checked,
  disabled,
  onChange,
  children,
}: {
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="label cursor-pointer justify-start gap-2 text-base-content">
      <input
        type="checkbox"
        className="toggle toggle-sm toggle-primary"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      {children}
    </label>
  );
}
