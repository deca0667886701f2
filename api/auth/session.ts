// Reads the session cookie on every /api request and exposes the signed-in user (or null) as
// c.var.user; the route guards (api/platform/access.ts) read it from there.
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv, CookieSettings, SessionUser } from '../context';
import { validateSession } from './session-store';

export type { CookieSettings };

/** `__Host-` prefixed and Secure over https or in production; never `_session` (the local OpenID provider's). */
export function cookieSettings(options: { production: boolean; https: boolean }): CookieSettings {
  const secure = options.production || options.https;
  return { name: secure ? '__Host-tilt_session' : 'tilt_session', secure };
}

export function setSessionCookie(c: Context, settings: CookieSettings, token: string, expire: Date) {
  setCookie(c, settings.name, token, { httpOnly: true, sameSite: 'Lax', path: '/', secure: settings.secure, expires: expire });
}

export function clearSessionCookie(c: Context, settings: CookieSettings) {
  deleteCookie(c, settings.name, { path: '/', secure: settings.secure });
}

export function isAdminEmail(email: string | null | undefined, adminEmails: readonly string[]) {
  return !!email && adminEmails.includes(email.trim().toLowerCase());
}

export function session(options: { settings: CookieSettings; adminEmails: readonly string[] }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const found = validateSession(c.get('db'), getCookie(c, options.settings.name), c.get('now')());
    if (found) {
      const user: SessionUser = { ...found.user, isAdmin: isAdminEmail(found.user.email, options.adminEmails) };
      c.set('user', user);
      c.set('sessionId', found.sid);
      if (found.refreshed) setSessionCookie(c, options.settings, getCookie(c, options.settings.name)!, found.expire);
    } else {
      c.set('user', null);
      c.set('sessionId', null);
      if (getCookie(c, options.settings.name)) clearSessionCookie(c, options.settings);
    }
    await next();
  };
}
