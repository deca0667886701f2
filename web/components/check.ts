// The forms' validation with the API's own zod schemas (core/validation.ts), loaded on demand: a
// screen with a form starts loading them once it has rendered (useForm / useValidation) and a
// submit waits for them if they are not there yet, so zod is never part of a page's first load
// (the server-rendered first visit). Offline, the chunk comes from the service worker's precache like every other.
import { useEffect } from 'react';
import type { z } from 'zod';

type Validation = typeof import('./validation');
/** The schemas a form can be checked with, by name. */
type FormSchema = Exclude<keyof Validation, 'formErrors' | 'schoolJobDateErrors'>;

let loading: Promise<Validation> | undefined;
/** The schemas' chunk (once). */
export function loadValidation(): Promise<Validation> {
  loading ??= import('./validation').catch((error: unknown) => {
    loading = undefined; // a failed chunk load is tried again on the next submit
    throw error;
  });
  return loading;
}

/** Starts loading the schemas after the calling form's first render (unless `load` is false). */
export function useValidation(load = true) {
  useEffect(() => {
    if (load) loadValidation().catch(() => undefined);
  }, [load]);
}

/** Client-side check with the API's own zod schema: the parsed value, or field → message. */
export async function check<K extends FormSchema>(
  schema: K,
  value: unknown,
): Promise<{ ok: true; data: z.output<Validation[K]> } | { ok: false; fields: Record<string, string> }> {
  const v = await loadValidation();
  const r = (v[schema] as unknown as z.ZodType<z.output<Validation[K]>>).safeParse(value);
  return r.success ? { ok: true, data: r.data } : { ok: false, fields: v.formErrors(r.error) };
}

/**
 * A school's job as the API checks it: the zod schema, then the rules that need the clock (closing
 * in the future and within 2 years, publication after today), exactly as the API runs them.
 */
export async function checkSchoolJob(value: unknown, now = new Date()): ReturnType<typeof check<'schoolJobInput'>> {
  const checked = await check('schoolJobInput', value);
  if (!checked.ok) return checked;
  const fields = (await loadValidation()).schoolJobDateErrors(checked.data, now);
  return Object.keys(fields).length ? { ok: false, fields } : checked;
}
