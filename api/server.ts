// Entry point: read the environment, open (create, migrate, seed) the database once, then serve.
// WEB_CONCURRENCY=N (default: the CPUs in production, 1 otherwise) runs N worker processes
// (node:cluster) on the same port and the same SQLite file (WAL, busy timeout); the primary
// restarts a worker that dies and shuts them all down gracefully. With N=1 one process does it all.
// Nothing that matters lives in one worker's memory: sessions, rate limits, image-batch progress
// and leases are in SQLite, and the answer and page caches follow the data versions kept in it (decision 1057).
// See docs/decisions/1052-one-process-per-core.md.
// It is started by the entry file server.ts at the project's root, which hands it the web app's page
// renderer: api/ imports nothing of web/ (decision 0019).
import cluster, { type Worker } from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { serve } from '@hono/node-server';
import { openDatabase, type DB } from '../db/client';
import { mediaDirOf, removePidFile, writePidFile } from '../db/ops';
import { seed } from '../db/seed/index';
import { DEV_OIDC_ENV, devOidcFromPrimary, LITESTREAM_PID_ENV, litestreamPid, loadEnv, type Env } from './env';
import { scheduleWithLease } from './platform/lease';
import { backfillReporterKeys } from './moderation/reports';
import { callbackUrl, oidcProvider, providersFromEnv, type SignInProvider } from './auth/oidc';
import { scheduleJobsRefresh } from './jobs/feed-schedule';
import { externalServices } from './external';
import { lastPublished, publishSalaries } from './salaries/salaries.service';
import { runAlertsPass } from './alerts/sender/pass';
import { alertsDepsFromEnv } from './alerts/sender/setup';
import { runUnderLitestream } from './replication/litestream';
import { configureReplication } from './replication/status';
import type { PageRenderer } from './ssr';

type AlertsDeps = ReturnType<typeof alertsDepsFromEnv>['deps'];
type ExternalConfig = Parameters<typeof externalServices>[0];
/** Loads the server-side renderer of the web app's pages (server.ts: web/entry-server.tsx). */
type LoadRenderer = () => Promise<PageRenderer>;

/** The local development sign-in provider, started once (primary) and shared with the workers. */
interface DevOidcClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
}
const NO_SIGN_IN = [
  'Cannot start in production: no sign-in provider is configured. Set all the variables of at least one:',
  '  Google: GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET',
  '  Microsoft Entra ID: MICROSOFT_ENTRA_TENANT_ID, MICROSOFT_ENTRA_CLIENT_ID, MICROSOFT_ENTRA_CLIENT_SECRET',
  '  any OpenID Connect issuer: OIDC_ISSUER, OIDC_CLIENT_ID (OIDC_CLIENT_SECRET optional)',
  '  DfE Sign-in: DFE_SIGN_IN_ISSUER, DFE_SIGN_IN_CLIENT_ID, DFE_SIGN_IN_CLIENT_SECRET',
  'or ALLOW_NO_SIGN_IN=1 to serve visitors only. See docs/operations.md "Sign-in".',
].join('\n');
const ALERTS_LEASE = 'alerts:schedule';
const SALARIES_LEASE = 'salaries:publish';
const SALARY_PUBLISH_MS = 24 * 3_600_000;

/** Publishes a salary batch when a day has passed since the last one. */
function publishSalaryBatchIfDue(db: DB) {
  if (Date.now() - (lastPublished(db)?.getTime() ?? 0) < SALARY_PUBLISH_MS) return;
  const r = publishSalaries(db, new Date());
  console.log(`Salary batch: ${r.published} published, ${r.heldBack} held back`);
}

const env: Env = loadEnv();
const workers = env.WEB_CONCURRENCY ?? (env.NODE_ENV === 'production' ? availableParallelism() : 1);
// Litestream runs this server (`replicate -exec`, decision 0009): it alone checkpoints the WAL.
const replicated = env.LITESTREAM_REPLICA_URL !== undefined && env.TILT_UNDER_LITESTREAM === true;
const openDb = () => openDatabase(env.DATABASE_PATH, { checkpoints: replicated ? 'litestream' : 'sqlite' });
/** The code the process ends with: 1 after replication stopped under it, so a supervisor restarts both. */
let exitCode = 0;

/** Starts the server: in the primary (migrates, supervises, or serves alone) or in a worker. */
export async function startServer(pageRenderer: LoadRenderer) {
  if (cluster.isPrimary) await primary(pageRenderer);
  else await worker(openDb(), devOidcFromPrimary() as DevOidcClient | null, null, pageRenderer);
}

/**
 * Under Litestream: /api/health reports it, and when it is gone (killed: this process is orphaned)
 * the server says so and stops rather than write on with nothing copied and no checkpoints.
 */
function watchReplication() {
  if (!replicated) return;
  const pid = litestreamPid();
  configureReplication({
    replicaUrl: env.LITESTREAM_REPLICA_URL!,
    databasePath: env.DATABASE_PATH,
    litestreamPid: pid,
    metricsAddr: env.TILT_LITESTREAM_METRICS_ADDR,
    log: cluster.isPrimary,
  });
  if (!cluster.isPrimary) return;
  const timer = setInterval(() => {
    if (process.ppid === pid) return;
    clearInterval(timer);
    console.error(
      `Replication stopped: Litestream (pid ${pid}) is gone, so writes are no longer copied to the replica; stopping the server (start it again with npm start).`,
    );
    exitCode = 1;
    process.kill(process.pid, 'SIGTERM');
  }, 1000);
  timer.unref();
}

async function primary(pageRenderer: LoadRenderer) {
  // Production with no way to sign in is a mistake to stop at before anything is opened or
  // written, in words, not a trace (decision 0008).
  if (env.NODE_ENV === 'production' && providersFromEnv(env.signIn, env.appUrl).length === 0 && !env.ALLOW_NO_SIGN_IN) {
    console.error(NO_SIGN_IN);
    process.exit(1);
  }
  // Replication configured and not yet under Litestream: restore if need be, then run under it.
  if (env.LITESTREAM_REPLICA_URL && !env.TILT_UNDER_LITESTREAM) return runUnderLitestream(env.DATABASE_PATH, env.LITESTREAM_REPLICA_URL);
  watchReplication();
  let db: DB;
  try {
    db = openDb();
  } catch (error) {
    // A migration that fails names itself; drizzle's transaction left the file as it was.
    console.error(`Cannot start: ${(error as Error).message}`);
    process.exit(1);
  }
  // The pid file tells `npm run restore` that a server is using this database (db/ops.ts).
  writePidFile(env.DATABASE_PATH);
  process.on('exit', () => removePidFile(env.DATABASE_PATH));
  const seeded = seed(db, { demo: env.seedDemo });
  console.log(
    `Database ${env.DATABASE_PATH}: ${seeded.schools} schools, ${seeded.payScales} pay-scale rows${seeded.demo ? ', demo layer added' : ''}`,
  );
  publishSalaryBatchIfDue(db);
  // Reports made before reporter keys existed get theirs where the reporter is still known (decision 1424).
  const keyed = backfillReporterKeys(db);
  if (keyed) console.log(`Reports: ${keyed} given a reporter key`);
  // Alert settings once here (VAPID keys generated and stored on first start; start-up warnings).
  const alerts = alertsDepsFromEnv(db, env);
  for (const w of alerts.warnings) console.warn(w);
  if (env.ALERTS_INTERVAL_MINUTES > 0)
    console.log(`Job alerts every ${env.ALERTS_INTERVAL_MINUTES} min; email: ${alerts.deps.mailer?.describe ?? 'off'}`);

  // Sign-in: with no provider configured outside production, the local provider (one instance,
  // here in the primary; its interaction state lives in its own memory, the app's in cookies/DB).
  let dev: DevOidcClient | null = null;
  let devServer: { issuer: string; close(): Promise<void> } | null = null;
  if (providersFromEnv(env.signIn, env.appUrl).length === 0 && env.NODE_ENV !== 'production') {
    const { startDevOidc } = await import('./dev-oidc/provider');
    const client = { clientId: 'tilt-local', clientSecret: randomBytes(24).toString('base64url') };
    const port = env.DEV_OIDC_PORT ?? (env.PORT === 0 ? 0 : env.PORT + 1);
    devServer = await startDevOidc({ port, redirectUris: [callbackUrl(env.appUrl, 'dev')], ...client }).catch((error: unknown) => {
      const { code, message } = error as NodeJS.ErrnoException; // listen() fails with a system error
      console.error(`The local sign-in provider could not listen on port ${port} (${code ?? message}); set DEV_OIDC_PORT to a free port.`);
      process.exit(1);
    });
    dev = { issuer: devServer.issuer, ...client };
    console.log(`No sign-in provider configured: local sign-in provider (development only) at ${dev.issuer}`);
  } else if (providersFromEnv(env.signIn, env.appUrl).length === 0) {
    console.warn('No sign-in provider configured (ALLOW_NO_SIGN_IN=1): visitors only; /api/login answers 503.');
  }

  if (workers <= 1) return worker(db, dev, devServer, pageRenderer);

  // The workers open their own connections; the primary only supervises.
  db.$client.close();
  console.log(`Starting ${workers} worker processes (WEB_CONCURRENCY)`);
  let stopping = false;
  const recentDeaths: number[] = [];
  // Every worker must sign the temporary sign-in cookie with the same secret (a sign-in may start
  // on one worker and finish on another): without SESSION_SECRET (development) the primary makes one.
  const sessionSecret = env.SESSION_SECRET || randomBytes(32).toString('base64url');
  const fork = () =>
    cluster.fork({ [DEV_OIDC_ENV]: JSON.stringify(dev), SESSION_SECRET: sessionSecret, [LITESTREAM_PID_ENV]: String(process.ppid) });
  for (let i = 0; i < workers; i++) fork();
  cluster.on('exit', (w: Worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        void devServer?.close();
        process.exit(exitCode);
      }
      return;
    }
    // A crash: start another, slowing down if they keep dying.
    const now = Date.now();
    recentDeaths.push(now);
    while (recentDeaths.length && recentDeaths[0] < now - 30_000) recentDeaths.shift();
    const delay = recentDeaths.length > 5 ? 5000 : 100;
    console.error(`Worker ${w.process.pid} ended (${signal ?? `code ${code}`}); starting another in ${delay} ms`);
    setTimeout(() => !stopping && fork(), delay);
  });
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} workers`);
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
    setTimeout(() => process.exit(exitCode), 5000).unref();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

/** The configured sign-in providers, or the local provider the primary started (development). */
function signInProviders(dev: DevOidcClient | null): SignInProvider[] {
  if (!dev) return providersFromEnv(env.signIn, env.appUrl);
  // prompt=login: the form every time, so you can sign in as someone else after signing out.
  // It plays DfE Sign-in too: an organisation on its form makes a school member (decision 2102).
  return [
    oidcProvider(
      { id: 'dev', label: 'Local sign-in', ...dev, extraAuthParams: { prompt: 'login' }, organisations: true },
      callbackUrl(env.appUrl, 'dev'),
    ),
  ];
}

async function worker(db: DB, dev: DevOidcClient | null, devServer: { close(): Promise<void> } | null, pageRenderer: LoadRenderer) {
  // The app (routes, renderer, their packages) only where requests are served: with workers, the
  // primary, which migrates and supervises, never loads it (a bundle chunk of its own; start-up, issue 39).
  const { createApp, DEFAULT_DIST_DIR } = await import('./app');
  if (cluster.isWorker) watchReplication();
  const signIn = signInProviders(dev);
  const external = { teachingVacanciesUrl: env.teachingVacanciesUrl, push: { hosts: env.PUSH_SERVICE_HOSTS } };
  const alertsSetup = alertsDepsFromEnv(db, env);
  const app = createApp({
    mailer: alertsSetup.deps.mailer,
    db,
    external,
    distDir: env.DIST_DIR ?? DEFAULT_DIST_DIR,
    logRequests: env.logRequests,
    adminEmails: env.ADMIN_EMAILS,
    reportHideThreshold: env.REPORT_HIDE_THRESHOLD,
    production: env.NODE_ENV === 'production',
    https: env.appUrl.startsWith('https:'),
    signIn,
    answerCache: env.ANSWER_CACHE_MB > 0 ? { maxBytes: env.ANSWER_CACHE_MB * 1024 * 1024 } : false,
    pageCache: env.PAGE_CACHE_MB > 0 ? { maxBytes: env.PAGE_CACHE_MB * 1024 * 1024 } : false,
    appUrl: env.APP_URL,
    trustProxy: env.TRUST_PROXY ?? false,
    sessionSecret: env.SESSION_SECRET,
    rateLimit: { readsPerMinute: env.RATE_LIMIT_READS_PER_MINUTE, loginsPerMinute: env.RATE_LIMIT_LOGINS_PER_MINUTE },
    siteOrigin: env.appUrl,
    // Uploaded photos live beside the database file (decision 2110).
    mediaDir: mediaDirOf(env.DATABASE_PATH),
    // Pages rendered on the server from the web app's own routes (the server-rendered first visit).
    pageRenderer,
  });
  const name = cluster.isWorker ? ` (worker ${cluster.worker!.id}, pid ${process.pid})` : '';
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    console.log(`Teachers In London Talk listening on http://localhost:${info.port}${name}`);
  });

  const stops = startSchedules(db, alertsSetup.deps, external, name);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: closing${name}`);
    for (const stop of stops) stop();
    void devServer?.close();
    server.close(() => {
      db.$client.close();
      process.exit(exitCode);
    });
    // Keep-alive connections with no request in flight would hold the close open.
    (server as { closeIdleConnections?: () => void }).closeIdleConnections?.();
    setTimeout(() => process.exit(exitCode), 3000).unref();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  // The primary is gone (killed): do not linger as an orphan.
  if (cluster.isWorker) process.on('disconnect', () => shutdown('primary gone'));
}

/**
 * The background work, each in the one process holding its lease: job alerts and closing-date
 * reminders, the daily salary batch, the jobs feed's refresh. Returns what stops each.
 */
function startSchedules(db: DB, alerts: AlertsDeps, external: ExternalConfig, name: string): (() => void)[] {
  const stops: (() => void)[] = [];
  // Job alerts and closing-date reminders: one pass every ALERTS_INTERVAL_MINUTES in the one process
  // holding the alerts lease, and right after a scheduled jobs refresh that imported jobs (instant alerts).
  const alertsPass = () =>
    runAlertsPass(db, alerts, new Date()).then(
      (r) =>
        r.alertsSent + r.reminders + r.failures + r.deferred > 0 &&
        console.log(
          `Alerts pass${name}: ${r.alertsSent} alerts sent (${r.jobsSent} jobs), ${r.emails} emails, ${r.pushes} push, ${r.reminders} reminders, ${r.failures} failures, ${r.deferred} left for the next pass`,
        ),
      (e: unknown) => console.error(`Alerts pass failed${name}: ${String(e)}`),
    );
  if (env.ALERTS_INTERVAL_MINUTES > 0)
    stops.push(scheduleWithLease(db, ALERTS_LEASE, env.ALERTS_INTERVAL_MINUTES * 60_000, () => void alertsPass()));

  // Salary figures are published in daily batches (decision 1420): the lease holder checks hourly
  // whether a day has passed since the last batch (the primary publishes a due batch at start).
  stops.push(scheduleWithLease(db, SALARIES_LEASE, 3_600_000, () => publishSalaryBatchIfDue(db)));

  // Refresh Jobs at start-up and every JOBS_REFRESH_INTERVAL_MINUTES (60 by default in production), in
  // one process only (the schedule lease), retried with backoff when the feed fails (decision 0406).
  const feed = externalServices(external).feed;
  if (env.JOBS_REFRESH_INTERVAL_MINUTES > 0 && !feed) {
    if (!cluster.isWorker || cluster.worker!.id === 1)
      console.log("Refresh Jobs: no feed outside production without TEACHING_VACANCIES_URL; the sample feed's jobs stay");
  } else if (env.JOBS_REFRESH_INTERVAL_MINUTES > 0 && feed) {
    if (!cluster.isWorker || cluster.worker!.id === 1)
      console.log(`Refresh Jobs at start-up and every ${env.JOBS_REFRESH_INTERVAL_MINUTES} min from ${feed.url}`);
    stops.push(
      scheduleJobsRefresh({
        db,
        feed,
        everyMs: env.JOBS_REFRESH_INTERVAL_MINUTES * 60_000,
        name,
        onRefreshed: (r) => r.imported > 0 && env.ALERTS_INTERVAL_MINUTES > 0 && void alertsPass(),
      }),
    );
  }
  return stops;
}
