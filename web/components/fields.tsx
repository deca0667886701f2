// The form fields every form repeats, each a labelled control with its message (Field) wired by
// fieldProps: a text input, a text area and a select; and the submit button with its busy state.
// `useForm().field(key)` gives id, value, onChange and error. Also what the signed-in screens
// (dashboard, moderation, a school's own pages) repeat around their forms: a titled card and a
// claim's decision. One module with the forms, so none of it is a chunk of its own.
import { useState, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { Field, fieldProps } from './Dialog';

/** A field's label and message, and its text value with its change. */
export interface Wired {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
}

/** Splits a field's props: the Field's (label, message, hint) and the control's (the rest, wired). */
function wire<P extends Wired>({ id, label, value, onChange, error, hint, ...rest }: P) {
  const control = { ...rest, ...fieldProps(id, error), value, onChange: (e: { target: { value: string } }) => onChange(e.target.value) };
  return { field: { id, label, error, hint }, control };
}

export function TextField(p: Wired & Omit<InputHTMLAttributes<HTMLInputElement>, keyof Wired>) {
  const { field, control } = wire(p);
  return (
    <Field {...field}>
      <input className="input w-full" {...control} />
    </Field>
  );
}

export function TextAreaField(p: Wired & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, keyof Wired>) {
  const { field, control } = wire(p);
  return (
    <Field {...field}>
      <textarea className="textarea w-full" {...control} />
    </Field>
  );
}

type Option = string | { value: string; label: string };

/** A select of `options`; `empty` is the first, empty choice ("Choose…") when there is one. */
export function SelectField({ options, empty, ...p }: Wired & { options: readonly Option[]; empty?: string }) {
  const { field, control } = wire(p);
  return (
    <Field {...field}>
      <select className="select w-full" {...control}>
        {empty !== undefined && <option value="">{empty}</option>}
        {options.map((o) =>
          typeof o === 'string' ? (
            <option key={o}>{o}</option>
          ) : (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ),
        )}
      </select>
    </Field>
  );
}

/**
 * A form's submit button: disabled while the write runs, `busyLabel` then if given. The default
 * size shows a spinner too; `size="sm"` (a form inline in a page: a reply, an edit) is the small
 * button, a 44px tap target, whose busy label alone says it is working.
 */
export function SubmitButton({ busy, label, busyLabel = label, size }: { busy: boolean; label: string; busyLabel?: string; size?: 'sm' }) {
  return (
    <button type="submit" className={size === 'sm' ? 'btn btn-primary btn-sm min-h-11' : 'btn btn-primary'} disabled={busy}>
      {busy && !size && <span className="loading loading-spinner loading-sm" />}
      {busy ? busyLabel : label}
    </button>
  );
}

/** The buttons under a form inline in a page (a reply, an edit): Cancel when it can be closed, and the small submit button. */
export function InlineFormActions({
  busy,
  label,
  busyLabel,
  onCancel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  onCancel?: () => void;
}) {
  return (
    <div className="flex justify-end gap-2">
      {onCancel && (
        <button type="button" className="btn btn-ghost btn-sm min-h-11" onClick={onCancel}>
          Cancel
        </button>
      )}
      <SubmitButton size="sm" busy={busy} label={label} busyLabel={busyLabel} />
    </div>
  );
}

/** A review's six 1-5 ratings and their labels, in the order the form asks them and moderation lists them. */
export const RATING_FIELDS = [
  ['overallRating', 'Overall rating'],
  ['workLifeBalanceRating', 'Work-life balance'],
  ['compensationRating', 'Compensation'],
  ['careerOpportunitiesRating', 'Career opportunities'],
  ['cultureRating', 'Culture'],
  ['leadershipRating', 'Leadership'],
] as const;

const classes = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

/** A card section named by its heading, as the signed-in screens build their parts. */
export function TitledCard({
  id,
  title,
  tone = 'bg-base-100 border border-base-300',
  body = 'p-5',
  heading = 'text-lg',
  testId,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  /** The card's colours and border. */
  tone?: string;
  /** The card body's padding and gaps. */
  body?: string;
  /** The heading's size. */
  heading?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className={classes('card', tone)} aria-labelledby={id} data-testid={testId}>
      <div className={classes('card-body', body)}>
        <h2 id={id} className={classes('card-title', heading)}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/**
 * A claim's two answers, for a site admin (/moderation) and a school's admin (/school-admin):
 * Approve once the claimant confirmed the email, or Reject with the reason typed beside it.
 */
export function ClaimDecision({
  inputId,
  reasonLabel,
  confirmed,
  approve,
  reject,
}: {
  /** The reason box's id, unique on the page. */
  inputId: string;
  /** The reason box's label for screen readers. */
  reasonLabel: string;
  /** The claimant opened the email link: only then may the claim be approved. */
  confirmed: boolean;
  approve: () => void;
  reject: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  return (
    <div className="flex flex-wrap gap-2 items-end">
      <button type="button" className="btn btn-success btn-sm tap" disabled={!confirmed} onClick={approve}>
        Approve
      </button>
      <label className="sr-only" htmlFor={inputId}>
        {reasonLabel}
      </label>
      <input
        id={inputId}
        className="input input-bordered input-sm flex-1 min-w-40"
        placeholder="Reason (if rejecting)"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <button type="button" className="btn btn-outline btn-sm tap" disabled={!reason.trim()} onClick={() => reject(reason)}>
        Reject
      </button>
    </div>
  );
}
