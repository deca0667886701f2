// Environment variables, parsed once at boot by every entry point (the server, the alerts pass, backup,
// restore, seed, the register import, the salary batch): loadEnv() reads .env when there is one, and a
// bad value stops the process with a clear message. Nothing else reads process.env (a lint rule).
import { existsSync } from 'node:fs';
import { z } from 'zod';

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalText = z.preprocess(emptyToUndefined, z.string().trim().optional());

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
  APP_URL: z.preprocess(emptyToUndefined, z.url({ message: 'must be a URL such as https://teachers.example' }).optional()),
  /** A reverse proxy (TLS terminator) in front sets X-Forwarded-Proto / X-Forwarded-For: trust them. */
  TRUST_PROXY: flag,
  /** Per client IP: API reads a minute and sign-in starts a minute (0: no limit). */
  RATE_LIMIT_READS_PER_MINUTE: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(0, 'must be 0 or more').default(600),
  ),
  RATE_LIMIT_LOGINS_PER_MINUTE: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(0, 'must be 0 or more').default(30),
  ),
  /** Comma-separated emails of the administrators. */
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  SEED_DEMO: flag,
  /** Where the built web app lives (vite build output). */
  DIST_DIR: z.string().optional(),
  /** Log one line per request (default: on except in tests). */
  LOG_REQUESTS: flag,
  /** The Teaching Vacancies jobs API (default in production: the public GOV.UK feed; elsewhere none, decision 0406). */
  TEACHING_VACANCIES_URL: z
    .url({ message: 'must be a URL such as https://teaching-vacancies.service.gov.uk/api/v1/jobs.json' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Refresh Jobs at start-up and every N minutes (default 60 in production, else 0; 0: only from the button; decimals allowed). */
  JOBS_REFRESH_INTERVAL_MINUTES: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ message: 'must be a number of minutes' })
      .min(0, 'must be 0 or more')
      .max(10080, 'must be at most 10080 (one week)')
      .optional(),
  ),
  /** Reports that hide a contribution from the public until a moderator decides (default 3). */
  REPORT_HIDE_THRESHOLD: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').max(1000).default(3),
  ),
  /** Server processes (node:cluster workers) on the one SQLite file; default: CPUs in production, else 1. */
  WEB_CONCURRENCY: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'must be a number of processes' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(64, 'must be at most 64')
      .optional(),
  ),
  /** Memory of the shared answer cache, per process, in MB (0 turns it off). */
  ANSWER_CACHE_MB: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ message: 'must be a number of megabytes' }).min(0, 'must be 0 or more').max(4096, 'must be at most 4096').default(32),
  ),
  PAGE_CACHE_MB: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ message: 'must be a number of megabytes' }).min(0, 'must be 0 or more').max(4096, 'must be at most 4096').default(32),
  ),
  // Sign-in providers (docs/operations.md "Sign-in"). A provider counts as configured when its client id is set.
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  MICROSOFT_ENTRA_TENANT_ID: optionalText,
  MICROSOFT_ENTRA_CLIENT_ID: optionalText,
  MICROSOFT_ENTRA_CLIENT_SECRET: optionalText,
  OIDC_ISSUER: z.preprocess(emptyToUndefined, z.url({ message: 'must be the issuer URL, such as https://login.example.org' }).optional()),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  /** Button label of the generic OpenID Connect provider on the chooser page. */
  OIDC_NAME: optionalText,
  /** DfE Sign-in (school staff; its organisation claim makes members of schools: decision 2102). */
  DFE_SIGN_IN_ISSUER: z.preprocess(
    emptyToUndefined,
    z.url({ message: 'must be the issuer URL, such as https://oidc.signin.education.gov.uk' }).optional(),
  ),
  DFE_SIGN_IN_CLIENT_ID: optionalText,
  DFE_SIGN_IN_CLIENT_SECRET: optionalText,
  // Job alerts (docs/api.md and docs/operations.md): email through SMTP, Web Push with VAPID, the sending pass.
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL, such as smtps://user:password@smtp.example.org:465')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Teachers In London Talk <alerts@localhost>')),
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  /** Host suffixes a push subscription's endpoint may name (default: the browsers' push services); `*`: any public host. */
  PUSH_SERVICE_HOSTS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^\s*(\*|(\*\.|\.)?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+)\s*(,\s*(\*|(\*\.|\.)?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+)\s*)*,?\s*$/,
        'must be comma-separated host names, such as fcm.googleapis.com,push.apple.com (or * for any public host)',
      )
      // A leading `*.` or `.` is dropped: each entry covers the host and its subdomains.
      .transform((v) =>
        v
          .split(',')
          .map((h) =>
            h
              .trim()
              .toLowerCase()
              .replace(/^\*\.|^\./, ''),
          )
          .filter(Boolean),
      )
      .optional(),
  ),
  ALERTS_INTERVAL_MINUTES: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'must be a number of minutes' })
      .min(0, 'must be 0 or more')
      .max(1440, 'must be at most 1440 (one day)')
      .default(10),
  ),
  /** In production, serve visitors only with no sign-in provider configured (benchmarks, a read-only mirror); otherwise that stops start-up. */
  ALLOW_NO_SIGN_IN: flag,
  /**
   * Continuous replication of the database with Litestream (decision 0009): a file:// folder on this
   * machine, or s3:// (also gs://, abs://, sftp://) for storage elsewhere. Unset: no replication.
   */
  LITESTREAM_REPLICA_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ message: 'must be a URL such as file:///var/backups/tilt or s3://bucket/tilt' })
      .refine((v) => /^(file|s3|gs|abs|sftp):\/\/./.test(v), 'must start with file://, s3://, gs://, abs:// or sftp://')
      .optional(),
  ),
  /**
   * Set by `npm start` for the server it runs under Litestream: where Litestream serves its
   * Prometheus metrics (a free port of 127.0.0.1 at each start), read for /api/health's lag and
   * last sync (decision 0021). Not for operators.
   */
  TILT_LITESTREAM_METRICS_ADDR: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(\[[0-9a-fA-F:]+\]|[\w.-]*):\d{1,5}$/, 'must be host:port, e.g. 127.0.0.1:9090')
      .optional(),
  ),
  /** Set by `npm start` for the server it runs under Litestream (`replicate -exec`). Not for operators. */
  TILT_UNDER_LITESTREAM: flag,
  /** Port of the local development sign-in provider (default PORT + 1); never used in production. */
  DEV_OIDC_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).optional()),
});

/** The sign-in providers configured in the environment, checked for completeness. */
export interface SignInEnv {
  google?: { clientId: string; clientSecret: string };
  microsoft?: { tenantId: string; clientId: string; clientSecret: string };
  oidc?: { issuer: string; clientId: string; clientSecret: string | null; name: string };
  dfe?: { issuer: string; clientId: string; clientSecret: string };
}

/** The GOV.UK Teaching Vacancies API: production's jobs feed unless TEACHING_VACANCIES_URL names another. */
export const DEFAULT_TEACHING_VACANCIES_URL = 'https://teaching-vacancies.service.gov.uk/api/v1/jobs.json';

export type Env = Omit<z.infer<typeof envSchema>, 'JOBS_REFRESH_INTERVAL_MINUTES'> & {
  seedDemo: boolean;
  logRequests: boolean;
  appUrl: string;
  signIn: SignInEnv;
  /** Resolved: 60 in production unless set, else 0 (off). */
  JOBS_REFRESH_INTERVAL_MINUTES: number;
  /** The jobs feed: TEACHING_VACANCIES_URL, else the GOV.UK API in production; none elsewhere (the sample feed's jobs stay). */
  teachingVacanciesUrl: string | undefined;
};

function signInEnv(env: z.infer<typeof envSchema>): { signIn: SignInEnv; problems: string[] } {
  const problems: string[] = [];
  const signIn: SignInEnv = {};
  const need = (names: string[]) => {
    const values = names.map((n) => env[n as keyof typeof env] as string | undefined);
    if (values.every((v) => v === undefined)) return undefined;
    names.forEach(
      (n, i) =>
        values[i] === undefined &&
        problems.push(`  ${n}: must be set too (${names.filter((_, j) => values[j] !== undefined).join(', ')} is set)`),
    );
    return values.every((v) => v !== undefined) ? values : undefined;
  };
  const google = need(['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET']);
  if (google) signIn.google = { clientId: google[0], clientSecret: google[1] };
  const microsoft = need(['MICROSOFT_ENTRA_TENANT_ID', 'MICROSOFT_ENTRA_CLIENT_ID', 'MICROSOFT_ENTRA_CLIENT_SECRET']);
  if (microsoft) signIn.microsoft = { tenantId: microsoft[0], clientId: microsoft[1], clientSecret: microsoft[2] };
  const dfe = need(['DFE_SIGN_IN_ISSUER', 'DFE_SIGN_IN_CLIENT_ID', 'DFE_SIGN_IN_CLIENT_SECRET']);
  if (dfe) signIn.dfe = { issuer: dfe[0], clientId: dfe[1], clientSecret: dfe[2] };
  // The secret is optional: without it the client is a public one (PKCE only).
  const oidc = need(['OIDC_ISSUER', 'OIDC_CLIENT_ID']);
  if (oidc)
    signIn.oidc = {
      issuer: oidc[0],
      clientId: oidc[1],
      clientSecret: env.OIDC_CLIENT_SECRET ?? null,
      name: env.OIDC_NAME ?? 'Single sign-on',
    };
  return { signIn, problems };
}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const env = parsed.data;
  const { signIn, problems } = signInEnv(env);
  if (problems.length) throw new Error(`Invalid environment:\n${problems.join('\n')}`);
  if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
    throw new Error(
      'Invalid environment:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither (neither: a pair is generated and kept in the database)',
    );
  }
  if (env.NODE_ENV === 'production' && (!env.SESSION_SECRET || env.SESSION_SECRET.length < 32)) {
    throw new Error('Invalid environment:\n  SESSION_SECRET: must be set to at least 32 characters in production');
  }
  return {
    ...env,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    seedDemo: env.SEED_DEMO ?? env.NODE_ENV !== 'production',
    JOBS_REFRESH_INTERVAL_MINUTES: env.JOBS_REFRESH_INTERVAL_MINUTES ?? (env.NODE_ENV === 'production' ? 60 : 0),
    teachingVacanciesUrl: env.TEACHING_VACANCIES_URL ?? (env.NODE_ENV === 'production' ? DEFAULT_TEACHING_VACANCIES_URL : undefined),
    logRequests: env.LOG_REQUESTS ?? env.NODE_ENV !== 'test',
    signIn,
  };
}

/** Every entry point starts here: .env when present, then the parsed environment, or the problems and exit 1. */
export function loadEnv(): Env {
  if (existsSync('.env')) process.loadEnvFile('.env');
  try {
    return parseEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

/** True when NODE_ENV says production (for guards that must hold before or without a parsed environment). */
export const isProduction = (): boolean => process.env.NODE_ENV === 'production';

/** The variable the server's primary process hands its workers the local sign-in provider's client in. */
export const DEV_OIDC_ENV = 'TILT_DEV_OIDC';
/** In a worker: the local sign-in provider's client the primary handed over, or null. */
export const devOidcFromPrimary = (): unknown => JSON.parse(process.env[DEV_OIDC_ENV] ?? 'null');

/** The variable the server's primary process hands its workers Litestream's pid in (decision 0009). */
export const LITESTREAM_PID_ENV = 'TILT_LITESTREAM_PID';
/** The Litestream process replicating this server's database: the primary's parent, as handed to a worker. */
export const litestreamPid = (): number => Number(process.env[LITESTREAM_PID_ENV] ?? process.ppid);
/** The environment of the server Litestream runs for us (decision 0009): this one, marked as under it, with where its metrics are (0021). */
export const underLitestreamEnv = (metricsAddr: string): NodeJS.ProcessEnv => ({
  ...process.env,
  TILT_UNDER_LITESTREAM: '1',
  TILT_LITESTREAM_METRICS_ADDR: metricsAddr,
});
