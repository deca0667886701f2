// The "new alert" dialog: a name (defaulting to a readable summary of the filters), how often,
// and the channels (email; push only where this device can show notifications).
import { useState } from 'react';
import { alertSummary, type AlertFilterValues } from '../../../core/alert-summary';
import { Dialog } from '../../components/Dialog';
import { SubmitButton, TextField } from '../../components/fields';
import { useForm, type Form } from '../../components/use-form';
import { useSubmit, type Checked } from '../../data/use-submit';
import { useAuth } from '../../data/auth';
import { createAlert, type NewAlert } from '../../data/alerts';
import { pushAvailable, subscribeOrSay } from '../../data/push-device';

const FREQUENCIES = [
  { value: 'instant', label: 'Instantly', hint: 'within minutes of a new job' },
  { value: 'daily', label: 'Daily', hint: 'at 7am' },
  { value: 'weekly', label: 'Weekly', hint: 'Sundays at 7am' },
] as const;

type AlertValues = { name: string; email: boolean; push: boolean };
type Frequency = NewAlert['frequency'];

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
  const f = useForm<AlertValues>({ name: alertSummary(filters, schoolName), email: !!user?.email, push: false }, { schemas: false });
  const [frequency, setFrequency] = useState<Frequency>(filters.schoolId ? 'instant' : 'daily');
  const { name, email, push } = f.values;
  const { busy } = f;
  const { ref, onSubmit } = useSubmit(f, {
    check: (): Checked<NewAlert> => {
      if (!email && !push) return { ok: false, fields: { 'channels.email': 'Choose email, push or both' } };
      if (!name.trim()) return { ok: false, fields: { name: 'Name is required' } };
      return { ok: true, data: { name: name.trim(), filters, frequency, channels: { email, push } } };
    },
    send: async (alert, fields) => {
      const notAllowed = 'This device did not allow notifications. Choose email, or allow notifications in the browser settings.';
      if (push && !(await subscribeOrSay(notAllowed))) return null;
      return createAlert(alert, fields);
    },
    done: onDone,
  });

  return (
    <form ref={ref} onSubmit={onSubmit} noValidate data-testid="alert-form">
      <TextField label="Name" {...f.field('name', 'alert-name')} maxLength={100} />
      <FrequencyField value={frequency} onChange={setFrequency} />
      <ChannelsField f={f} userEmail={user?.email} />
      <div className="modal-action">
        <SubmitButton busy={busy} label="Create alert" />
      </div>
    </form>
  );
}

/** How often the alert is sent: instantly, daily or weekly. */
function FrequencyField({ value, onChange }: { value: Frequency; onChange: (value: Frequency) => void }) {
  return (
    <fieldset className="fieldset py-1">
      <legend className="fieldset-legend pb-1 pt-0">How often</legend>
      {FREQUENCIES.map((q) => (
        <label key={q.value} className="label cursor-pointer justify-start gap-2 py-1 text-base-content">
          <input
            type="radio"
            name="alert-frequency"
            className="radio radio-sm radio-primary"
            value={q.value}
            checked={value === q.value}
            onChange={() => onChange(q.value)}
          />
          <span>
            {q.label} <span className="opacity-70 text-sm">({q.hint})</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** The channels: email (when her account has an address) and push (where this device can show notifications). */
function ChannelsField({ f, userEmail }: { f: Form<AlertValues>; userEmail: string | null | undefined }) {
  const { email, push } = f.values;
  const error = f.errors['channels.email'];
  const canPush = pushAvailable();
  return (
    <fieldset className="fieldset py-1" aria-describedby={error ? 'alert-channels-error' : undefined}>
      <legend className="fieldset-legend pb-1 pt-0">Send by</legend>
      <label className="label cursor-pointer justify-start gap-2 py-1 text-base-content">
        <input
          type="checkbox"
          className="checkbox checkbox-sm checkbox-primary"
          checked={email}
          disabled={!userEmail}
          onChange={(e) => f.set('email', e.target.checked)}
          name="alert-email"
        />
        <span>Email{userEmail ? ` to ${userEmail}` : ' (your account has no email address)'}</span>
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
      {error && (
        <p id="alert-channels-error" className="text-error text-sm" data-testid="error-alert-channels">
          {error}
        </p>
      )}
    </fieldset>
  );
}
