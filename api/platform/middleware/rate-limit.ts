// Rate limits (decisions 0202, 1403, 1410), counted in SQLite so every server process shares them:
// - writes per signed-in user: 20 a minute and 200 a day by default, on every write route (a
//   write can re-render pages for everyone); moderators' and admins' decisions count
//   in a bucket of their own, ten times larger (moderationLimit);
//   api/platform/middleware/write-limit-routes.test.ts walks the app's routes and names the few exempt ones;
// - API reads (GET/HEAD) per client IP: 600 a minute by default (a read declared `limit: 'none'`, health, is exempt); a server-rendered page counts
//   as one read of its caller, and the API reads it makes in process carry her address (ssr.ts);
// - sign-in starts (GET /api/login) per client IP: 30 a minute by default;
// - a form's Markdown preview per signed-in user: 20 a minute and 300 a day (PREVIEW_LIMITS,
//   decision 1411), its own bucket, so previewing never uses up her writes.
// Over a limit the answer is 429 `{ error }` with Retry-After (seconds until the full window
// ends). Requests refused by the limiter are not counted. Without a client address (in-process
// test requests) the per-IP limits do not apply.
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../context';
import { clientIp } from '../request-info';
import { countOnce, DAY, hashed, MINUTE, take, type RateLimiter } from './rate-limit-store';

export { DEFAULT_RATE_LIMITS, RateLimiter, type RateLimitOptions, type RateLimits } from './rate-limit-store';

function tooMany(c: Context<AppEnv>, wait: number, error: string) {
  c.header('Retry-After', String(wait));
  return c.json({ error }, 429);
}

/**
 * Counts one write of `userId` (the signed-in user, or the owner of what a signed link changes):
 * null, or the 429 answer to send when her writes for the window are used up.
 */
export function writeLimited(c: Context<AppEnv>, userId: string) {
  const wait = c.get('rateLimiter')?.write(userId, c.get('now')().getTime()) ?? null;
  return wait === null ? null : tooMany(c, wait, 'Too many submissions. Please wait a moment and try again.');
}

/** Limits the signed-in user's writes; place after requireUser. Without a limiter in the context it lets everything through. */
export const rateLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.get('user');
  const refused = user && writeLimited(c, user.id);
  if (refused) return refused;
  await next();
};

/** The moderation limit (RateLimiter.moderate): place after requireUser/requireAdmin on moderators' and admins' actions. */
export const moderationLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.get('user');
  const wait = user ? (c.get('rateLimiter')?.moderate(user.id, c.get('now')().getTime()) ?? null) : null;
  if (wait !== null) return tooMany(c, wait, 'Too many submissions. Please wait a moment and try again.');
  await next();
};

/**
 * A form's Markdown preview costs a render (bounded, api/markdown/render.ts) and stores nothing: each
 * user has 20 a minute and 300 a day, far more than a writer toggling Preview needs (decision 1411).
 */
export const PREVIEW_LIMITS = [
  { ms: MINUTE, max: 20 },
  { ms: DAY, max: 300 },
] as const;

/** The preview limit: place after requireUser. Without a limiter in the context it lets everything through. */
export const previewLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.get('user');
  const limiter = c.get('rateLimiter');
  const wait = user && limiter ? take(limiter.db, `preview:${user.id}`, PREVIEW_LIMITS, c.get('now')().getTime()) : null;
  if (wait !== null) return tooMany(c, wait, 'Too many previews. Please wait a moment and try again.');
  await next();
};

function perIp(kind: 'read' | 'login', limiter: RateLimiter | undefined, c: Context<AppEnv>): number | null {
  if (!limiter) return null;
  return countPerIp(kind, limiter, clientIp(c, limiter.proxy), c.get('now')().getTime());
}

function countPerIp(kind: 'read' | 'login', limiter: RateLimiter, ip: string, at: number): number | null {
  return ip === 'unknown' ? null : limiter[kind](ip, at);
}

/**
 * Counts a server-rendered page as one read of its caller (outside the API's middleware, so
 * the limiter and clock are handed in): null, or the seconds to wait. Decision 1410.
 */
export function pageRead(limiter: RateLimiter | undefined, c: Context, at: number): number | null {
  return limiter ? countPerIp('read', limiter, clientIp(c, limiter.proxy), at) : null;
}

/**
 * Per-IP limit on API reads (GET/HEAD), but for the reads declared `limit: 'none'` (`unlimited`:
 * /api/health, for monitors). Place after the context is set.
 */
export function readLimit(unlimited: (path: string) => boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if ((c.req.method === 'GET' || c.req.method === 'HEAD') && !unlimited(c.req.path)) {
      const wait = perIp('read', c.get('rateLimiter'), c);
      if (wait !== null) return tooMany(c, wait, 'Too many requests. Please wait a moment and try again.');
    }
    await next();
  };
}

/** Per-IP limit on sign-in starts. */
export const loginLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const wait = perIp('login', c.get('rateLimiter'), c);
  if (wait !== null) return tooMany(c, wait, 'Too many sign-in attempts. Please wait a minute and try again.');
  await next();
};

/** True the first time this viewer (the user, else the client IP; hashed) is seen for `item` today. */
export function firstViewToday(c: Context<AppEnv>, item: string): boolean {
  const user = c.get('user');
  const viewer = user ? `u:${hashed(user.id)}` : `ip:${hashed(clientIp(c, { trustProxy: c.get('trustProxy') }))}`;
  return countOnce(c.get('db'), `view:${item}:${viewer}`, DAY, c.get('now')().getTime());
}
