// Profile: how she hears back (decision 2010), per topic: in the app only (the bell), also a push
// to the devices where she allowed notifications, or also an email digest, daily or weekly (several
// replies to one thread in a digest are one line; every digest has a one-click unsubscribe).
import { useState } from 'react';
import { saveNotificationPrefs, useNotificationPrefs, type NotificationPrefs } from '../../data/notifications';
import { pushAvailable, subscribeOrSay } from '../../data/push-device';

const TOPICS: { key: keyof NotificationPrefs; label: string }[] = [
  { key: 'replies', label: 'Replies in threads you watch' },
  { key: 'moderation', label: 'Decisions on what you wrote' },
  { key: 'responses', label: 'A school’s response to your review' },
  { key: 'reports', label: 'Decisions on your reports' },
];
const DELIVERIES = [
  { value: 'app', label: 'In the app only' },
  { value: 'push', label: 'Push notification' },
  { value: 'daily', label: 'Daily email digest' },
  { value: 'weekly', label: 'Weekly email digest' },
] as const;

export function NotificationSettings() {
  const { data, mutate } = useNotificationPrefs();
  const [busy, setBusy] = useState(false);
  async function change(key: keyof NotificationPrefs, delivery: NotificationPrefs[keyof NotificationPrefs]) {
    if (!data) return;
    setBusy(true);
    try {
      if (delivery === 'push' && pushAvailable()) {
        await subscribeOrSay('This device did not allow notifications; you will still see them in the app.');
      }
      const previous = data;
      const next = { ...data, [key]: delivery };
      await mutate(
        saveNotificationPrefs({ [key]: delivery }).then((saved) => saved ?? previous),
        { optimisticData: next, rollbackOnError: true, revalidate: false },
      );
    } finally {
      setBusy(false);
    }
  }
  return (
    <fieldset className="fieldset border border-base-300 rounded-box p-4" data-testid="notification-settings">
      <legend className="fieldset-legend">Notifications</legend>
      <p className="text-sm opacity-80">Everything shows under the bell. Choose what else you want for each.</p>
      {!data ? (
        <div className="skeleton h-24 w-full" />
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          {TOPICS.map((t) => (
            <label key={t.key} className="grid gap-1 text-base-content">
              <span className="text-sm font-medium">{t.label}</span>
              <select
                className="select select-sm w-full min-h-11"
                value={data[t.key]}
                disabled={busy}
                onChange={(e) => void change(t.key, e.target.value as NotificationPrefs[keyof NotificationPrefs])}
              >
                {DELIVERIES.map((d) => (
                  <option key={d.value} value={d.value}>
                    {d.label}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
