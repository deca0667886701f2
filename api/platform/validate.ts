// Query and path schemas the routes share (filters, search, limits, ids), with the product's
// messages; the routers' defaultHook (route.ts) answers a failure with `{ error, fields }`.
import { z } from 'zod';
import { TEXT_MAX } from '../../core/constants';

/** A filter value from the product's list; "all" or empty means no filter (product §5). */
export function filterOf<const T extends readonly [string, ...string[]]>(values: T) {
  const allowed = new Set<string>(values);
  return z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '' || v === 'all' || allowed.has(v), { message: `Must be one of: all, ${values.join(', ')}` })
    .transform((v) => (v === undefined || v === '' || v === 'all' ? undefined : (v as T[number])));
}

export const searchText = z
  .string()
  .max(TEXT_MAX.search, 'Search text is too long')
  .optional()
  .transform((v) => v?.trim() || undefined);

export const limitOf = (max: number, fallback?: number) =>
  z.coerce
    .number({ message: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(max, `Limit must be at most ${max}`)
    .optional()
    .transform((v) => v ?? fallback);

/** A decimal id: '0x10', ' 1' or '1e3' are not ids (Number() would read them as 16, 1 and 1000). */
export const idParam = z.object({
  id: z
    .string()
    .regex(/^-?\d+(\.\d+)?$/, 'Id must be a number')
    .pipe(z.coerce.number<string>({ message: 'Id must be a number' }).int('Id must be a whole number').positive('Id must be positive')),
});
