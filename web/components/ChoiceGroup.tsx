// A group of radios (one answer) or checkboxes (several) with its message underneath: the
// fieldset counterpart of Field (Dialog.tsx). The first input carries aria-invalid, so a form's
// focusFirstError lands on the group; every input is described by the message.
import { Icon } from './Icon';

interface Option {
  value: string;
  label: string;
}

const optionsOf = (options: readonly (string | Option)[]): Option[] =>
  options.map((o) => (typeof o === 'string' ? { value: o, label: o } : o));

export function ChoiceGroup({
  id,
  legend,
  options,
  error,
  hint,
  columns = false,
  ...choice
}: {
  id: string;
  legend: string;
  options: readonly (string | Option)[];
  error?: string;
  hint?: string;
  /** Two columns (long lists of short labels, such as subjects). */
  columns?: boolean;
} & (
  | { multiple: true; value: readonly string[]; onChange: (value: string[]) => void }
  | { multiple?: false; value: string; onChange: (value: string) => void }
)) {
  const errorId = `${id}-error`;
  const isChecked = (v: string) => (choice.multiple ? choice.value.includes(v) : choice.value === v);
  const toggle = (v: string, checked: boolean) => {
    if (choice.multiple) choice.onChange(checked ? [...choice.value, v] : choice.value.filter((x) => x !== v));
    else if (checked) choice.onChange(v);
  };
  return (
    <fieldset className="fieldset py-1" aria-describedby={error ? errorId : undefined} data-testid={`group-${id}`}>
      <legend className="fieldset-legend pb-1 pt-0">{legend}</legend>
      <div className={columns ? 'grid grid-cols-2 gap-x-4' : 'flex flex-wrap gap-x-4'}>
        {optionsOf(options).map((o, i) => (
          <label key={o.value} className="label cursor-pointer justify-start gap-2 min-h-11 text-base-content">
            <input
              type={choice.multiple ? 'checkbox' : 'radio'}
              className={choice.multiple ? 'checkbox checkbox-sm checkbox-primary rounded-sm' : 'radio radio-sm radio-primary'}
              id={i === 0 ? id : `${id}-${i}`}
              name={id}
              value={o.value}
              checked={isChecked(o.value)}
              onChange={(e) => toggle(o.value, e.target.checked)}
              aria-invalid={error && i === 0 ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      {hint && !error && <p className="label text-xs whitespace-normal">{hint}</p>}
      {error && (
        <p id={errorId} className="text-error text-sm flex items-center gap-1" data-testid={`error-${id}`}>
          <Icon name="warning" className="size-4 shrink-0" />
          {error}
        </p>
      )}
    </fieldset>
  );
}
