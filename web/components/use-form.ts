import { useState } from 'react';
import { useValidation } from './check';

/**
 * Form values and per-field messages (the client check's or the API's 400 `fields`), and busy
 * while a write runs (useSubmit sets both); starts loading the schemas unless the form checks
 * without them (or, like Report, loads them when it opens). Changing a field drops its message.
 */
export function useForm<T extends Record<string, unknown>>(initial: T, { schemas = true } = {}) {
  useValidation(schemas);
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof T>(key: K, value: T[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key as string]) setErrors(({ [key as string]: _drop, ...rest }) => rest);
  };
  /** Back to the first values (or to `next`), without messages. */
  const reset = (next: T = initial) => {
    setValues(next);
    setErrors({});
  };
  /** A text field's wiring: its id (the key unless given), value, change and message. */
  const field = <K extends TextKey<T>>(key: K, id: string = key) => ({
    id,
    value: values[key] as string,
    onChange: (value: string) => set(key, value as T[K]),
    error: errors[key],
  });
  return { values, set, errors, setErrors, busy, setBusy, reset, field };
}

/** The keys of a form's text values. */
type TextKey<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

/** The form's one message where it shows one (a radio group, a reply box): `key`'s, else the first. */
export const firstError = (errors: Record<string, string>, key: string): string | undefined => errors[key] ?? Object.values(errors)[0];

/** What useForm returns: the type of a form's part that takes the whole form. */
export type Form<T extends Record<string, unknown>> = ReturnType<typeof useForm<T>>;
