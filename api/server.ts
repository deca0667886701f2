// Entry point: read the environment, open (create, migrate, seed) the database, listen.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { openDatabase } from '../db/client';
import { seed } from '../db/seed/index';
import { createApp, DEFAULT_DIST_DIR } from './app';
import { parseEnv } from './env';
import { FeedError, refreshJobsOnce } from './services/vacancies-import';
import { externalServices } from './services/external';
import { callbackUrl, oidcProvider, providersFromEnv } from './lib/oidc';

if (existsSync('.env')) process.loadEnvFile('.env');

let env;
try {
  env = parseEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const db = openDatabase(env.DATABASE_PATH);
const seeded = seed(db, { demo: env.seedDemo });
console.log(`Database ${env.DATABASE_PATH}: ${seeded.schools} schools, ${seeded.payScales} pay-scale rows${seeded.demo ? ', demo layer added' : ''}`);

const external = { teachingVacanciesUrl: env.TEACHING_VACANCIES_URL };
// Sign-in: the providers of the environment; with none outside production, the local provider.
let signIn = providersFromEnv(env.signIn, env.appUrl);
let devOidc: { close(): Promise<void> } | undefined;
if (signIn.length === 0 && env.NODE_ENV !== 'production') {
  const { startDevOidc } = await import('./dev-oidc/provider');
  const client = { clientId: 'tilt-local', clientSecret: randomBytes(24).toString('base64url') };
  const redirect = callbackUrl(env.appUrl, 'dev');
  const port = env.DEV_OIDC_PORT ?? (env.PORT === 0 ? 0 : env.PORT + 1);
  const dev = await startDevOidc({ port, redirectUris: [redirect], ...client }).catch((error: NodeJS.ErrnoException) => {
    console.error(`The local sign-in provider could not listen on port ${port} (${error.code ?? error.message}); set DEV_OIDC_PORT to a free port.`);
    process.exit(1);
  });
  devOidc = dev;
  // prompt=login: the form every time, so you can sign in as someone else after signing out.
  signIn = [oidcProvider({ id: 'dev', label: 'Local sign-in', issuer: dev.issuer, ...client, extraAuthParams: { prompt: 'login' } }, redirect)];
  console.log(`No sign-in provider configured: local sign-in provider (development only) at ${dev.issuer}`);
} else if (signIn.length === 0) {
  console.warn('No sign-in provider configured (GOOGLE_*, MICROSOFT_ENTRA_*, OIDC_*): /api/login answers 503.');
}

const app = createApp({
  db,
  external,
  distDir: env.DIST_DIR ?? DEFAULT_DIST_DIR,
  logRequests: env.logRequests,
  adminEmails: env.ADMIN_EMAILS,
  production: env.NODE_ENV === 'production',
  https: env.appUrl.startsWith('https:'),
  signIn,
  appUrl: env.APP_URL,
  trustProxy: env.TRUST_PROXY ?? false,
  sessionSecret: env.SESSION_SECRET,
  rateLimit: { readsPerMinute: env.RATE_LIMIT_READS_PER_MINUTE, loginsPerMinute: env.RATE_LIMIT_LOGINS_PER_MINUTE },
});
const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  console.log(`Teachers In London Talk listening on http://localhost:${info.port}`);
});

// Refresh Jobs on a schedule (JOBS_REFRESH_INTERVAL_MINUTES); the button and the timer share one lock.
if (env.JOBS_REFRESH_INTERVAL_MINUTES > 0) {
  const feed = externalServices(external).feed;
  const every = env.JOBS_REFRESH_INTERVAL_MINUTES * 60_000;
  console.log(`Refresh Jobs every ${env.JOBS_REFRESH_INTERVAL_MINUTES} min from ${feed.url}`);
  setInterval(() => {
    const { started, promise } = refreshJobsOnce(db, feed, new Date());
    if (!started) return;
    promise.then(
      (r) => console.log(`Scheduled job refresh: ${r.deletedJobs} deleted, ${r.imported} imported, ${r.updated} updated, ${r.deactivated} deactivated, ${r.skipped} skipped`),
      (e) => console.error(`Scheduled job refresh failed: ${e instanceof FeedError ? e.message : e}`),
    );
  }, every).unref();
}

function shutdown(signal: string) {
  console.log(`${signal}: closing`);
  void devOidc?.close();
  server.close(() => {
    db.$client.close();
    process.exit(0);
  });
  // Keep-alive connections with no request in flight would hold the close open.
  (server as { closeIdleConnections?: () => void }).closeIdleConnections?.();
  setTimeout(() => process.exit(0), 3000).unref();
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
