// Cross-site request protection for a cookie-authenticated JSON API. Every state-changing
// request (bodyless ones too) from another origin is refused with 403, judged by
// Sec-Fetch-Site, else Origin. A write with a body must be JSON (415 otherwise): Hono's JSON
// validator would quietly read a form post as {}.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function csrf(options: { trustedOrigins?: readonly string[] } = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!UNSAFE.has(c.req.method)) return next();
    const site = c.req.header('Sec-Fetch-Site');
    const origin = c.req.header('Origin');
    const own = new URL(c.req.url).origin;
    const sameOrigin = origin === undefined || origin === own || options.trustedOrigins?.includes(origin);
    if ((site && site !== 'same-origin' && site !== 'none') || !sameOrigin) {
      return c.json({ error: 'Cross-site request refused' }, 403);
    }
    const length = c.req.header('Content-Length');
    const hasBody = (length !== undefined && length !== '0') || c.req.header('Transfer-Encoding') !== undefined;
    if (hasBody && !/^application\/json\s*(;|$)/i.test(c.req.header('Content-Type') ?? '')) {
      return c.json({ error: 'Content-Type must be application/json' }, 415);
    }
    await next();
  };
}
