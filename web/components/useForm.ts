import { useState } from 'react';
import { useValidation } from './check';

/** Form values and per-field messages (client zod check or the API's 400 fields); starts loading the schemas. */
export function useForm<T extends Record<string, unknown>>(initial: T) {
  useValidation();
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof T>(key: K, value: T[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key as string]) setErrors(({ [key as string]: _drop, ...rest }) => rest);
  };
  const reset = () => {
    setValues(initial);
    setErrors({});
  };
  return { values, set, errors, setErrors, busy, setBusy, reset };
}

/**
 * Moves focus to the first field with a message, after React has rendered it: a message set when
 * an answer arrives (not in an event handler) may render a frame later, so it looks for a few frames.
 */
export function focusFirstError(form: HTMLFormElement | null, frames = 5) {
  requestAnimationFrame(() => {
    const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (first) first.focus();
    else if (frames > 1) focusFirstError(form, frames - 1);
  });
}
