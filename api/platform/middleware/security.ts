import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from '../../context';
import { effectiveProtocol, type ProxySettings } from '../request-info';

/** Strict-Transport-Security, sent only on an https answer (decision 1406). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers for every answer. The Content-Security-Policy is strict (`script-src 'self'`):
 * the app has no inline script, the service worker is registered from code; forms post to this
 * site only (`form-action 'self'`: the sign-out page). Permissions-Policy: no camera or
 * microphone, geolocation for this site only. HSTS only when the request came over
 * https (directly, or per X-Forwarded-Proto with TRUST_PROXY): on plain http it is meaningless
 * and would pin a development host.
 */
export function securityHeaders(settings: ProxySettings = {}): MiddlewareHandler<AppEnv> {
  const headers = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'https:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      manifestSrc: ["'self'"],
      workerSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    permissionsPolicy: { camera: [], microphone: [], geolocation: ['self'] },
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: 'strict-origin-when-cross-origin',
  });
  return async (c, next) => {
    let own: string | null = null;
    await headers(c, async () => {
      await next();
      // An answer that set a policy of its own keeps it (a job's document: sandbox, decision 2116).
      own = c.res.headers.get('Content-Security-Policy');
    });
    if (own) c.res.headers.set('Content-Security-Policy', own);
    // A page that carries its own inline script (the API reference) allows exactly that script, by hash.
    const inline = c.get('inlineScripts');
    const csp = c.res.headers.get('Content-Security-Policy');
    if (!own && inline?.length && csp)
      c.res.headers.set('Content-Security-Policy', csp.replace("script-src 'self'", `script-src 'self' ${inline.join(' ')}`));
    if (effectiveProtocol(c, settings) === 'https:') c.res.headers.set('Strict-Transport-Security', HSTS);
  };
}
