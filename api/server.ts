// Entry point: read the environment, open (create, migrate, seed) the database, listen.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { openDatabase } from '../db/client';
import { removePidFile, writePidFile } from '../db/ops';
import { seed } from '../db/seed/index';
import { createApp, DEFAULT_DIST_DIR } from './app';
import { parseEnv } from './env';
import { FeedError, refreshJobsOnce } from './services/vacancies-import';
import { externalServices } from './services/external';
import { lastPublished, publishSalaries } from './routes/salaries';
import { callbackUrl, oidcProvider, providersFromEnv } from './lib/oidc';
import { runAlertsPass } from './services/alerts/pass';
import { alertsDepsFromEnv } from './services/alerts/setup';

if (existsSync('.env')) process.loadEnvFile('.env');

let env;
try {
  env = parseEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const db = openDatabase(env.DATABASE_PATH);
// The pid file tells `npm run restore` that a server is using this database (db/ops.ts).
writePidFile(env.DATABASE_PATH);
process.on('exit', () => removePidFile(env.DATABASE_PATH));
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
  reportHideThreshold: env.REPORT_HIDE_THRESHOLD,
  production: env.NODE_ENV === 'production',
  https: env.appUrl.startsWith('https:'),
  signIn,
});
const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  console.log(`Teachers In London Talk listening on http://localhost:${info.port}`);
});

// Job alerts and closing-date reminders: one pass every ALERTS_INTERVAL_MINUTES, and right after a
// scheduled jobs refresh (instant alerts). H8's lease decides which worker runs it (lead wires at merge).
const alertsSetup = alertsDepsFromEnv(db, env);
for (const w of alertsSetup.warnings) console.warn(w);
const alertsPass = () =>
  runAlertsPass(db, alertsSetup.deps, new Date()).then(
    (r) => r.alertsSent + r.reminders + r.failures > 0 && console.log(`Alerts pass: ${r.alertsSent} alerts sent (${r.jobsSent} jobs), ${r.emails} emails, ${r.pushes} push, ${r.reminders} reminders, ${r.failures} failures`),
    (e) => console.error(`Alerts pass failed: ${e}`),
  );
if (env.ALERTS_INTERVAL_MINUTES > 0) {
  console.log(`Job alerts every ${env.ALERTS_INTERVAL_MINUTES} min; email: ${alertsSetup.deps.mailer?.describe ?? 'off'}`);
  setInterval(alertsPass, env.ALERTS_INTERVAL_MINUTES * 60_000).unref();
}

// Refresh Jobs on a schedule (JOBS_REFRESH_INTERVAL_MINUTES); the button and the timer share one lock.
if (env.JOBS_REFRESH_INTERVAL_MINUTES > 0) {
  const feed = externalServices(external).feed;
  const every = env.JOBS_REFRESH_INTERVAL_MINUTES * 60_000;
  console.log(`Refresh Jobs every ${env.JOBS_REFRESH_INTERVAL_MINUTES} min from ${feed.url}`);
  setInterval(() => {
    const { started, promise } = refreshJobsOnce(db, feed, new Date());
    if (!started) return;
    promise.then(
      (r) => {
        console.log(`Scheduled job refresh: ${r.deletedJobs} deleted, ${r.imported} imported, ${r.updated} updated, ${r.deactivated} deactivated, ${r.skipped} skipped`);
        if (r.imported > 0 && env.ALERTS_INTERVAL_MINUTES > 0) void alertsPass();
      },
      (e) => console.error(`Scheduled job refresh failed: ${e instanceof FeedError ? e.message : e}`),
    );
  }, every).unref();
}

// Salary figures are published in daily batches (decision 1420): at start when a day has passed, then every day.
const SALARY_PUBLISH_MS = 24 * 3_600_000;
const publishSalaryBatch = () => {
  const r = publishSalaries(db, new Date());
  console.log(`Salary batch: ${r.published} published, ${r.heldBack} held back`);
};
if (Date.now() - (lastPublished(db)?.getTime() ?? 0) >= SALARY_PUBLISH_MS) publishSalaryBatch();
setInterval(publishSalaryBatch, SALARY_PUBLISH_MS).unref();

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
