// The form fields every form repeats, each a labelled control with its message (Field) wired by
// fieldProps: a text input, a text area and a select; and the submit button with its busy state.
// `useForm().field(key)` gives id, value, onChange and error.
import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
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

/** A form's submit button: disabled and with a spinner while the write runs, `busyLabel` then if given. */
export function SubmitButton({ busy, label, busyLabel = label }: { busy: boolean; label: string; busyLabel?: string }) {
  return (
    <button type="submit" className="btn btn-primary" disabled={busy}>
      {busy && <span className="loading loading-spinner loading-sm" />}
      {busy ? busyLabel : label}
    </button>
  );
}
