// Environment variables, parsed once at boot. A bad value stops the server with a clear message.
import { z } from 'zod';

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === '1' || v === 'true'));

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_PATH: z.string().min(1).default('data/app.db'),
  SESSION_SECRET: z.string().optional(),
  /** Public origin of the app (sign-in redirect URIs, Secure cookies when https). */
  APP_URL: z.url({ message: 'must be a URL such as https://teachers.example' }).optional(),
  /** Comma-separated emails of the administrators. */
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean)),
  SEED_DEMO: flag,
  /** Where the built web app lives (vite build output). */
  DIST_DIR: z.string().optional(),
  /** Log one line per request (default: on except in tests). */
  LOG_REQUESTS: flag,
  /** The Teaching Vacancies jobs API (default: the public GOV.UK feed). */
  TEACHING_VACANCIES_URL: z.url({ message: 'must be a URL such as https://teaching-vacancies.service.gov.uk/api/v1/jobs.json' }).optional().or(z.literal('').transform(() => undefined)),
  /** Refresh Jobs on a timer every N minutes (0 or unset: only from the button; decimals allowed). */
  JOBS_REFRESH_INTERVAL_MINUTES: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ message: 'must be a number of minutes' })
      .min(0, 'must be 0 or more')
      .max(10080, 'must be at most 10080 (one week)')
      .optional()
      .transform((v) => v ?? 0),
  ),
});

export type Env = z.infer<typeof envSchema> & { seedDemo: boolean; logRequests: boolean; appUrl: string };

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production' && (!env.SESSION_SECRET || env.SESSION_SECRET.length < 32)) {
    throw new Error('Invalid environment:\n  SESSION_SECRET: must be set to at least 32 characters in production');
  }
  return {
    ...env,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    seedDemo: env.SEED_DEMO ?? env.NODE_ENV !== 'production',
    logRequests: env.LOG_REQUESTS ?? env.NODE_ENV !== 'test',
  };
}
