// The "new alert" dialog: a name (defaulting to a readable summary of the filters), how often,
// and the channels (email; push only where this device can show notifications).
import { useState } from 'react';
import { alertSummary, type AlertFilterValues } from '../../../db/alert-summary';
import { Dialog, Field, fieldProps } from '../Dialog';
import { toast } from '../toast/store';
import { useAuth } from '../../data/auth';
import { createAlert, type NewAlert } from '../../data/alerts';
import { pushAvailable, subscribeFailure, subscribeThisDevice } from '../../data/push-device';

const FREQUENCIES = [
  { value: 'instant', label: 'Instantly', hint: 'within minutes of a new job' },
  { value: 'daily', label: 'Daily', hint: 'at 7am' },
  { value: 'weekly', label: 'Weekly', hint: 'Sundays at 7am' },
] as const;

export function AlertDialog({
  open,
  onClose,
  filters,
  schoolName,
  title = 'Get alerts for this search',
}: {
  open: boolean;
  onClose: () => void;
  filters: AlertFilterValues;
  schoolName?: string;
  title?: string;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <AlertForm filters={filters} schoolName={schoolName} onDone={onClose} />
    </Dialog>
  );
}

function AlertForm({ filters, schoolName, onDone }: { filters: AlertFilterValues; schoolName?: string; onDone: () => void }) {
  const { user } = useAuth();
  const canPush = pushAvailable();
  const [name, setName] = useState(() => alertSummary(filters, schoolName));
  const [frequency, setFrequency] = useState<NewAlert['frequency']>(filters.schoolId ? 'instant' : 'daily');
  const [email, setEmail] = useState(!!user?.email);
  const [push, setPush] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: React.SubmitEvent) {
    e.preventDefault();
    e.stopPropagation(); // React bubbles through portals: keep it from the page's own forms
    if (!email && !push) return setErrors({ 'channels.email': 'Choose email, push or both' });
    if (!name.trim()) return setErrors({ name: 'Name is required' });
    setBusy(true);
    try {
      if (push) {
        const notAllowed = 'This device did not allow notifications. Choose email, or allow notifications in the browser settings.';
        const problem = await subscribeThisDevice().then(
          (ok) => (ok ? null : notAllowed),
          (e: unknown) => subscribeFailure(e, notAllowed),
        );
        if (problem) {
          toast({ title: 'Notifications are off', description: problem, variant: 'destructive' });
          return;
        }
      }
      const created = await createAlert({ name: name.trim(), filters, frequency, channels: { email, push } }, setErrors);
      if (created) onDone();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate data-testid="alert-form">
      <Field id="alert-name" label="Name" error={errors.name}>
        <input
          className="input w-full"
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
          {...fieldProps('alert-name', errors.name)}
        />
      </Field>
      <fieldset className="fieldset py-1">
        <legend className="fieldset-legend pb-1 pt-0">How often</legend>
        {FREQUENCIES.map((f) => (
          <label key={f.value} className="label cursor-pointer justify-start gap-2 py-1 text-base-content">
            <input
              type="radio"
              name="alert-frequency"
              className="radio radio-sm radio-primary"
              value={f.value}
              checked={frequency === f.value}
              onChange={() => setFrequency(f.value)}
            />
            <span>
              {f.label} <span className="opacity-70 text-sm">({f.hint})</span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="fieldset py-1" aria-describedby={errors['channels.email'] ? 'alert-channels-error' : undefined}>
        <legend className="fieldset-legend pb-1 pt-0">Send by</legend>
        <label className="label cursor-pointer justify-start gap-2 py-1 text-base-content">
          <input
            type="checkbox"
            className="checkbox checkbox-sm checkbox-primary"
            checked={email}
            disabled={!user?.email}
            onChange={(e) => setEmail(e.target.checked)}
            name="alert-email"
          />
          <span>Email{user?.email ? ` to ${user.email}` : ' (your account has no email address)'}</span>
        </label>
        {canPush && (
          <label className="label cursor-pointer justify-start gap-2 py-1 text-base-content">
            <input
              type="checkbox"
              className="checkbox checkbox-sm checkbox-primary"
              checked={push}
              onChange={(e) => setPush(e.target.checked)}
              name="alert-push"
            />
            <span>Notifications on this device</span>
          </label>
        )}
        {errors['channels.email'] && (
          <p id="alert-channels-error" className="text-error text-sm" data-testid="error-alert-channels">
            {errors['channels.email']}
          </p>
        )}
      </fieldset>
      <div className="modal-action">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy && <span className="loading loading-spinner loading-sm" />}
          Create alert
        </button>
      </div>
    </form>
  );
}
