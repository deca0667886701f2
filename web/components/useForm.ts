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

/** Moves focus to the first field with a message, after React has rendered it. */
export function focusFirstError(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
