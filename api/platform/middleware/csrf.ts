// Cross-site request protection for a cookie-authenticated JSON API. Every state-changing
// request (bodyless ones too) from another origin is refused with 403, judged by
// Sec-Fetch-Site, else Origin. Our own origins are APP_URL's (what browsers show behind a
// TLS-terminating proxy) and the request's own (its scheme taken from X-Forwarded-Proto only
// with TRUST_PROXY). A write with a body must be JSON (415 otherwise): Hono's JSON validator
// would quietly read a form post as {} (sign-out's page posts a form without fields: no body).
// A route declared with policy.upload (a school's photo) takes its file's media types instead.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../context';
import { effectiveOrigin, type ProxySettings } from '../request-info';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface CsrfOptions extends ProxySettings {
  /** APP_URL: the public origin of the app. */
  appUrl?: string;
  trustedOrigins?: readonly string[];
  /** A route that takes a file as its raw body (policy.upload, decision 2110): its media types instead of JSON. */
  uploadOf?: (method: string, path: string) => { types: readonly string[] } | undefined;
}

export function csrf(options: CsrfOptions = {}): MiddlewareHandler<AppEnv> {
  const appOrigin = options.appUrl ? new URL(options.appUrl).origin : undefined;
  return async (c, next) => {
    if (!UNSAFE.has(c.req.method)) return next();
    const site = c.req.header('Sec-Fetch-Site');
    const origin = c.req.header('Origin');
    const own = (o: string) => o === appOrigin || o === effectiveOrigin(c, options) || !!options.trustedOrigins?.includes(o);
    const sameOrigin = origin === undefined || own(origin);
    if ((site && site !== 'same-origin' && site !== 'none') || !sameOrigin) {
      return c.json({ error: 'Cross-site request refused' }, 403);
    }
    const length = c.req.header('Content-Length');
    const hasBody = (length !== undefined && length !== '0') || c.req.header('Transfer-Encoding') !== undefined;
    if (hasBody) {
      const type = c.req.header('Content-Type') ?? '';
      const upload = options.uploadOf?.(c.req.method, c.req.path);
      if (upload) {
        const media = type.split(';')[0].trim().toLowerCase();
        if (!upload.types.includes(media)) return c.json({ error: `Content-Type must be one of ${upload.types.join(', ')}` }, 415);
      } else if (!/^application\/json\s*(;|$)/i.test(type)) {
        return c.json({ error: 'Content-Type must be application/json' }, 415);
      }
    }
    await next();
  };
}
