// The "new alert" dialog: a name (defaulting to a readable summary of the filters), how often,
// and the channels (email; push only where this device can show notifications).
import { useState } from 'react';
import { alertSummary, type AlertFilterValues } from '../../../db/alert-summary';
import { Dialog } from '../Dialog';
import { TextField } from '../fields';
import { useForm } from '../useForm';
import { useSubmit, type Checked } from '../useSubmit';
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
  const f = useForm({ name: alertSummary(filters, schoolName), email: !!user?.email, push: false }, { schemas: false });
  const [frequency, setFrequency] = useState<NewAlert['frequency']>(filters.schoolId ? 'instant' : 'daily');
  const { name, email, push } = f.values;
  const { errors, busy } = f;
  const { ref, onSubmit } = useSubmit(f, {
    check: (): Checked<NewAlert> => {
      if (!email && !push) return { ok: false, fields: { 'channels.email': 'Choose email, push or both' } };
      if (!name.trim()) return { ok: false, fields: { name: 'Name is required' } };
      return { ok: true, data: { name: name.trim(), filters, frequency, channels: { email, push } } };
    },
    send: async (alert, fields) => {
      if (push) {
        const notAllowed = 'This device did not allow notifications. Choose email, or allow notifications in the browser settings.';
        const problem = await subscribeThisDevice().then(
          (ok) => (ok ? null : notAllowed),
          (e: unknown) => subscribeFailure(e, notAllowed),
        );
        if (problem) {
          toast({ title: 'Notifications are off', description: problem, variant: 'destructive' });
          return null;
        }
      }
      return createAlert(alert, fields);
    },
    done: onDone,
  });

  return (
    <form ref={ref} onSubmit={onSubmit} noValidate data-testid="alert-form">
      <TextField label="Name" {...f.field('name', 'alert-name')} maxLength={100} />
      <fieldset className="fieldset py-1">
        <legend className="fieldset-legend pb-1 pt-0">How often</legend>
        {FREQUENCIES.map((q) => (
          <label key={q.value} className="label cursor-pointer justify-start gap-2 py-1 text-base-content">
            <input
              type="radio"
              name="alert-frequency"
              className="radio radio-sm radio-primary"
              value={q.value}
              checked={frequency === q.value}
              onChange={() => setFrequency(q.value)}
            />
            <span>
              {q.label} <span className="opacity-70 text-sm">({q.hint})</span>
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
            onChange={(e) => f.set('email', e.target.checked)}
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
              onChange={(e) => f.set('push', e.target.checked)}
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
