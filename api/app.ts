// Assembles the server in one visible order: errors → request id and log → security headers →
// compression → context → per-IP read limit → session → csrf → shared answer cache → body limit → routes → the built app with its SPA fallback → 404.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import type { DB } from '../db/client';
import type { AppEnv } from './context';
import { warmSearchVocabulary } from './search';
import { DataVersions } from './platform/data-versions';
import { AnswerCache, answerCache, type AnswerCacheOptions } from './platform/middleware/answer-cache';
import { compression } from './platform/middleware/compression';
import { csrf } from './platform/middleware/csrf';
import { apiNotFound, onError } from './platform/middleware/errors';
import { securityHeaders } from './platform/middleware/security';
import { pageRead, RateLimiter, readLimit, type RateLimitOptions } from './platform/middleware/rate-limit';
import { cookieSettings, session } from './auth/session';
import { oneClickUnsubscribe } from './alerts';
import { oneClick } from './alerts/alerts.routes';
import type { SignInProvider } from './auth/oidc';
import type { Mailer } from './alerts/sender/mailer';
import { clientIp, type OnBehalfOf } from './platform/request-info';
import { DEFAULT_REPORT_HIDE_THRESHOLD } from './moderation/reports';
import { externalServices, type ExternalOptions } from './external';
import { pageVisits, threadViews } from './forum/views';
import { mediaRoutes } from './media';
import { sitemapRoutes } from './sitemap';
import { serverRender, type PageRenderer } from './ssr';
import { serveApp } from './static';
import { api } from './api';
import { API_POLICY, dataOf, sharingOf, uploadOf } from './route-policy';

export interface AppOptions {
  db: DB;
  /** Folder of the built web app (vite build output); omit to serve the API only. */
  distDir?: string;
  now?: () => Date;
  logRequests?: boolean;
  /** Emails (lower case) of the administrators (ADMIN_EMAILS). */
  adminEmails?: readonly string[];
  /** Production or https: Secure, `__Host-` session cookie. */
  production?: boolean;
  https?: boolean;
  /** Rate limits (default: writes 20 a minute and 200 a day per user, reads 600 and sign-in starts 30 a minute per IP); false turns them off. */
  rateLimit?: Partial<RateLimitOptions> | false;
  /** The Teaching Vacancies feed and school-website fetching (tests point these at local servers). */
  external?: ExternalOptions;
  /** Reports that hide an item until a moderator decides (REPORT_HIDE_THRESHOLD, default 3). */
  reportHideThreshold?: number;
  /** Sign-in providers (auth/oidc.ts providersFromEnv, or the local development provider). */
  signIn?: readonly SignInProvider[];
  /** APP_URL when set: the public origin the cross-site check accepts (behind a TLS proxy). */
  appUrl?: string;
  /** TRUST_PROXY: honour X-Forwarded-Proto / X-Forwarded-For from the one proxy in front. */
  trustProxy?: boolean;
  /** SESSION_SECRET: signs the OAuth transaction cookie (default: random per app, fine for one process). */
  sessionSecret?: string;
  /** The shared answer cache of public reads (ANSWER_CACHE_MB); false turns it off. */
  answerCache?: AnswerCacheOptions | false;
  /** The cache of finished server-rendered pages (PAGE_CACHE_MB); false turns it off. */
  pageCache?: AnswerCacheOptions | false;
  /** The public origin (APP_URL, else http://localhost:PORT): canonical URLs of server-rendered pages and the sitemap. */
  siteOrigin?: string;
  /** Sends the one-time links of school claims and invitations (the alerts' mailer); null or absent: email is off. */
  mailer?: Mailer | null;
  /** Uploaded files (a school's photo, decision 2110): media/ beside the database file; omit to refuse uploads (503). */
  mediaDir?: string;
  /** Server-renders pages (with distDir): api/server.ts loads web/entry-server.tsx; without it, the shell is served. */
  pageRenderer?: () => Promise<PageRenderer>;
}

export { api, type ApiType } from './api';

/** The OpenAPI document's head (GET /api/openapi.json). */
export const DOCUMENT_INFO = {
  openapi: '3.1.0',
  info: {
    title: 'Teachers In London Talk API',
    version: '1',
    description:
      "The API of Teachers In London Talk. Answers and errors are JSON; an error is `{ error, fields? }`. Each operation's `x-policy` says who may call it, how its answer may be kept, its rate limit and its screen.",
  },
};

export const DEFAULT_DIST_DIR = join(import.meta.dirname, '..', 'dist');

/** A file's body limit: too large says so in the form's words, on its field (a job's document, decision 2116; a photo). */
function uploadLimit(maxBytes: number): MiddlewareHandler<AppEnv> {
  const words = `The file must be ${Math.round(maxBytes / (1024 * 1024))} MB or smaller`;
  return bodyLimit({ maxSize: maxBytes, onError: (c: Context) => c.json({ error: words, fields: { file: words } }, 413) });
}

export function createApp(options: AppOptions) {
  const app = new OpenAPIHono<AppEnv>();
  const trustProxy = !!options.trustProxy;
  const rateLimiter = options.rateLimit === false ? undefined : new RateLimiter(options.db, options.rateLimit, { trustProxy });
  const external = externalServices(options.external);
  // The typo corrector's vocabulary, built once the app is up rather than on a first search (decision 0701).
  setImmediate(() => {
    if (options.db.$client.open) warmSearchVocabulary(options.db);
  }).unref();
  app.onError(onError);
  // Built on first request from the routes' declarations (app.route merged the API's under /api).
  let document: Record<string, unknown> | undefined;
  const apiDocument = () => (document ??= app.getOpenAPI31Document(DOCUMENT_INFO) as unknown as Record<string, unknown>);
  app.use(requestId());
  if (options.logRequests) {
    app.use(async (c, next) => {
      const started = performance.now();
      await next();
      console.log(`[${c.get('requestId')}] ${c.req.method} ${c.req.path} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms`);
    });
  }
  app.use(securityHeaders({ trustProxy }));
  app.use('/api/*', compression());
  const origin = (options.siteOrigin ?? options.appUrl ?? 'http://localhost:3000').replace(/\/$/, '');
  const cookies = cookieSettings({ production: !!options.production, https: !!options.https });
  const auth = { providers: options.signIn ?? [], cookies, secret: options.sessionSecret || randomBytes(32).toString('base64url') };
  app.use('/api/*', async (c, next) => {
    c.set('db', options.db);
    c.set('auth', auth);
    c.set('now', options.now ?? (() => new Date()));
    if (rateLimiter) c.set('rateLimiter', rateLimiter);
    c.set('trustProxy', trustProxy);
    c.set('external', external);
    c.set('apiDocument', apiDocument);
    c.set('mailer', options.mailer ?? null);
    c.set('siteOrigin', origin);
    if (options.mediaDir) c.set('mediaDir', options.mediaDir);
    c.set('reportHideThreshold', options.reportHideThreshold ?? DEFAULT_REPORT_HIDE_THRESHOLD);
    c.header('Cache-Control', 'no-store');
    await next();
  });
  app.use('/api/*', readLimit(API_POLICY.isUnlimitedRead));
  app.use('/api/*', session({ settings: cookies, adminEmails: options.adminEmails ?? [] }));
  app.use('/api/*', csrf({ appUrl: options.appUrl, trustProxy, uploadOf }));
  // Answers and pages are kept by one set of data versions (decision 1057).
  const versions = new DataVersions(options.db, options.now);
  // A thread's view is counted before the cache is asked: a kept answer still counts its visit.
  app.use('/api/forum/threads/:id', threadViews());
  if (options.answerCache !== false)
    app.use('/api/*', answerCache(new AnswerCache(options.db, options.now, options.answerCache, versions), { sharingOf, dataOf }));
  // JSON bodies up to 64 KB; a route that takes a file says how large in its policy (policy.upload).
  const tooLarge = (c: Context) => c.json({ error: 'Request body too large' }, 413);
  const jsonLimit: MiddlewareHandler<AppEnv> = bodyLimit({ maxSize: 64 * 1024, onError: tooLarge });
  const uploadLimits = new Map<number, MiddlewareHandler<AppEnv>>();
  app.use('/api/*', (c: Context<AppEnv, string>, next) => {
    const upload = uploadOf(c.req.method, c.req.path);
    if (!upload) return jsonLimit(c, next);
    let limit = uploadLimits.get(upload.maxBytes);
    if (!limit) uploadLimits.set(upload.maxBytes, (limit = uploadLimit(upload.maxBytes)));
    return limit(c, next);
  });
  app.route('/api', api);
  app.openapi(oneClick, oneClickUnsubscribe(options.db, options.now)); // RFC 8058 one-click (no cookie, no JSON)
  app.route('/', sitemapRoutes({ db: options.db, origin, now: options.now }));
  app.route('/', mediaRoutes(options.mediaDir, options.db));
  if (options.distDir) {
    // Pages are rendered on the server (api/ssr.ts), their data read in process from this app.
    // Their reads count against the caller's read limit: the page as one, each in-process API read as one more (decision 1410).
    if (options.pageRenderer) {
      const clock = options.now ?? (() => new Date());
      app.use(
        serverRender({
          distDir: options.distDir,
          origin,
          fetch: (path, init, caller) => app.request(path, init, { onBehalfOf: clientIp(caller, { trustProxy }) } satisfies OnBehalfOf),
          countPage: (caller) => pageRead(rateLimiter, caller, clock().getTime()),
          onVisit: pageVisits(options.db, { trustProxy, now: clock }),
          cache: options.pageCache === false ? undefined : new AnswerCache(options.db, options.now, options.pageCache, versions),
          renderer: options.pageRenderer,
        }),
      );
    }
    app.use(serveApp(options.distDir));
  }
  app.notFound(apiNotFound);
  return app;
}
