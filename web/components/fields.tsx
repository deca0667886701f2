// The form fields every form repeats, each a labelled control with its message (Field) wired by
// fieldProps: a text input, a text area and a select. `useForm().field(key)` gives id, value,
// onChange and error.
import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { Field, fieldProps } from './Dialog';

interface Wired {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
}

export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  ...input
}: Wired & Omit<InputHTMLAttributes<HTMLInputElement>, keyof Wired>) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input className="input w-full" {...input} {...fieldProps(id, error)} value={value} onChange={(e) => onChange(e.target.value)} />
    </Field>
  );
}

export function TextAreaField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  className = 'textarea w-full',
  ...area
}: Wired & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, keyof Wired>) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <textarea className={className} {...area} {...fieldProps(id, error)} value={value} onChange={(e) => onChange(e.target.value)} />
    </Field>
  );
}

type Option = string | { value: string; label: string };

/** A select of `options`; `empty` is the first, empty choice ("Choose…") when there is one. */
export function SelectField({ options, empty, ...f }: Wired & { options: readonly Option[]; empty?: string }) {
  return (
    <Field id={f.id} label={f.label} error={f.error} hint={f.hint}>
      <select className="select w-full" {...fieldProps(f.id, f.error)} value={f.value} onChange={(e) => f.onChange(e.target.value)}>
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
