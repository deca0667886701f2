// The forms' validation with the API's own zod schemas (db/validation.ts). Kept apart from
// writes.ts so zod only loads with the screens that have a form (issue 13).
import '../lib/zod-csp';
import type { z } from 'zod';
import { formErrors } from '../../db/validation';

/** Client-side check with the API's own zod schema: the parsed value, or field → message. */
export function check<S extends z.ZodType>(schema: S, value: unknown): { ok: true; data: z.output<S> } | { ok: false; fields: Record<string, string> } {
  const r = schema.safeParse(value);
  return r.success ? { ok: true, data: r.data } : { ok: false, fields: formErrors(r.error) };
}
