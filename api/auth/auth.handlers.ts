// Sign-in (product §1, §4, §7): GET /api/login → identity provider → GET /api/callback/:provider →
// a new server-side session → back to a safe, same-site returnTo. POST /api/logout ends the
// session (GET /api/logout is a page whose button posts); GET /api/auth/user answers the signed-in user or 401. The OpenID Connect details live
// in oidc.ts (the only importer of arctic); the routes are declared in auth.routes.ts.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { forumModerators, users } from '../../db/schema';
import type { AppEnv } from '../context';
import { escapeHtml } from '../../core/html';
import { plainPage } from '../platform/html-page';
import { SignInError, type Identity, type SignInProvider } from './oidc';
import { createSession, invalidateSession } from './session-store';
import { createRouter } from '../platform/route';
import { clearSessionCookie, setSessionCookie, type CookieSettings } from './session';
import { applyDfeOrganisation } from '../schools/dfe';
import * as routes from './auth.routes';

/** How long a started sign-in may take (the temporary cookie's lifetime). */
export const SIGN_IN_WINDOW_S = 600;

/**
 * A returnTo kept only when it is a path on this site: starts with one "/", no second "/" or
 * "\" after it, no scheme, no control characters, not under /api. Anything else becomes "/".
 */
export function safeReturnTo(value: string | undefined | null): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  // No control characters or whitespace anywhere in the path.
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f\s]/.test(value)) return '/';
  let url: URL;
  try {
    url = new URL(value, 'https://same.invalid');
  } catch {
    return '/';
  }
  if (url.origin !== 'https://same.invalid') return '/';
  const path = url.pathname + url.search + url.hash;
  if (path.startsWith('//') || /^\/api(\/|$|\?|#)/.test(path)) return '/';
  return path;
}

/** The temporary cookie of one sign-in in progress (never `_session` or `_interaction`: the local provider's). */
export const oauthCookieName = (cookies: CookieSettings) => (cookies.secure ? '__Host-tilt_oauth' : 'tilt_oauth');

interface PendingSignIn {
  /** provider id */
  p: string;
  /** state */
  s: string;
  /** PKCE code verifier */
  v: string;
  /** nonce */
  n: string;
  /** returnTo */
  r: string;
}

const sign = (payload: string, secret: string) => createHmac('sha256', secret).update(`tilt_oauth.${payload}`).digest('base64url');

/** The temporary cookie's value: base64url JSON, a dot, and its HMAC-SHA256 under SESSION_SECRET (decision 1406). */
export const encodePending = (p: PendingSignIn, secret: string) => {
  const payload = Buffer.from(JSON.stringify(p)).toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
};

/** The pending sign-in, or null when the cookie is missing, malformed or not signed by us. */
export function decodePending(raw: string | undefined, secret: string): Partial<PendingSignIn> | null {
  if (!raw || raw.length > 4096) return null;
  const [payload, mac, extra] = raw.split('.');
  if (!payload || !mac || extra !== undefined || !sameString(mac, sign(payload, secret))) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return value && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}

function sameString(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function page(c: Context<AppEnv>, status: ContentfulStatusCode, title: string, body: string) {
  return c.html(plainPage(title, body), status);
}

function failure(c: Context<AppEnv>, status: ContentfulStatusCode, message: string, returnTo = '/') {
  const again = `/api/login?returnTo=${encodeURIComponent(returnTo)}`;
  return page(
    c,
    status,
    'Sign-in failed',
    `<h1>Sign-in failed</h1><p>${escapeHtml(message)}</p><a class="button" href="${escapeHtml(again)}">Try again</a><a class="button secondary" href="/">Back to the home page</a>`,
  );
}

function chooser(c: Context<AppEnv>, providers: readonly SignInProvider[], returnTo: string) {
  const links = providers
    .map(
      (p) =>
        `<a class="button" href="/api/login?provider=${encodeURIComponent(p.id)}&amp;returnTo=${encodeURIComponent(returnTo)}">${escapeHtml(p.label)}</a>`,
    )
    .join('');
  return page(
    c,
    200,
    'Sign in',
    `<h1>Sign in to Teachers In London Talk</h1><p>Choose how you sign in. Your school account works if your school uses Google Workspace or Microsoft 365.</p>${links}<a class="button secondary" href="/">Cancel</a>`,
  );
}

/** Creates or refreshes the user `${provider}:${subject}` from the provider's claims. */
function upsertUser(c: Context<AppEnv>, providerId: string, identity: Identity): string {
  const db = c.get('db');
  const id = `${providerId}:${identity.subject}`;
  const now = c.get('now')();
  const profile = {
    email: identity.email,
    firstName: identity.firstName,
    lastName: identity.lastName,
    profileImageUrl: identity.profileImageUrl,
  };
  db.transaction((tx) => {
    if (identity.email) {
      const owner = tx.select({ id: users.id }).from(users).where(eq(users.email, identity.email)).get();
      // Accounts are not merged by email across providers (an email claim is only as good as its
      // provider); the second one is refused with a clear message instead.
      if (owner && owner.id !== id) {
        throw new SignInError(
          'This email address already belongs to an account that signs in with another provider. Please sign in the way you did before.',
          409,
        );
      }
    }
    tx.insert(users)
      .values({ id, ...profile, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: users.id, set: { ...profile, updatedAt: now } })
      .run();
  });
  return id;
}

export const authRoutes = createRouter()
  .openapi(routes.login, async (c) => {
    const { providers, cookies } = c.get('auth');
    const returnTo = safeReturnTo(c.req.query('returnTo'));
    if (providers.length === 0) {
      return page(
        c,
        503,
        'Sign-in unavailable',
        '<h1>Sign-in is not available</h1><p>No identity provider is configured on this server.</p><a class="button" href="/">Back to the home page</a>',
      );
    }
    const chosen = c.req.query('provider');
    const provider = providers.length === 1 ? providers[0] : providers.find((p) => p.id === chosen);
    if (!provider) return chooser(c, providers, returnTo);
    let start;
    try {
      start = await provider.start();
    } catch (error) {
      if (error instanceof SignInError) return failure(c, error.status, error.message, returnTo);
      throw error;
    }
    const pending: PendingSignIn = { p: provider.id, s: start.state, v: start.codeVerifier, n: start.nonce, r: returnTo };
    setCookie(c, oauthCookieName(cookies), encodePending(pending, c.get('auth').secret), {
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      secure: cookies.secure,
      maxAge: SIGN_IN_WINDOW_S,
    });
    return c.redirect(start.url, 302);
  })
  .openapi(routes.callback, async (c) => {
    const { providers, cookies } = c.get('auth');
    const name = oauthCookieName(cookies);
    const pending = decodePending(getCookie(c, name), c.get('auth').secret);
    deleteCookie(c, name, { path: '/', secure: cookies.secure });
    const returnTo = safeReturnTo(pending?.r);
    if (!pending) return failure(c, 400, 'Your sign-in took too long or was started in another browser. Please try again.', returnTo);
    const error = c.req.query('error');
    if (error) {
      const message =
        error === 'access_denied' ? 'Sign-in was cancelled.' : `The identity provider did not sign you in (${error.slice(0, 60)}).`;
      return failure(c, 400, message, returnTo);
    }
    const provider = providers.find((p) => p.id === c.req.param('provider'));
    if (!provider || pending.p !== provider.id)
      return failure(c, 400, 'This sign-in was started with another provider. Please try again.', returnTo);
    const state = c.req.query('state');
    if (!state || typeof pending.s !== 'string' || !sameString(state, pending.s)) {
      return failure(c, 400, 'The sign-in answer did not match the sign-in we started (state). Please try again.', returnTo);
    }
    if (typeof pending.v !== 'string' || !pending.v || typeof pending.n !== 'string' || !pending.n) {
      return failure(c, 400, 'The sign-in could not be verified (missing code verifier). Please try again.', returnTo);
    }
    const code = c.req.query('code');
    if (!code) return failure(c, 400, 'The identity provider sent no sign-in code.', returnTo);
    let userId: string;
    try {
      const identity = await provider.finish({ code, codeVerifier: pending.v, nonce: pending.n, now: c.get('now')() });
      userId = upsertUser(c, provider.id, identity);
      // DfE Sign-in: the organisation the person signed in for may make them a school's member (decision 2102).
      if (provider.organisations && identity.organisation != null)
        applyDfeOrganisation(c.get('db'), userId, identity.organisation, c.get('now')());
    } catch (err) {
      if (err instanceof SignInError) {
        console.warn(`sign-in (${provider.id}) refused: ${err.message}`);
        return failure(c, err.status, err.message, returnTo);
      }
      throw err;
    }
    // A new session at every sign-in; the one this browser had (if any) ends.
    const previous = c.get('sessionId');
    if (previous) invalidateSession(c.get('db'), previous);
    const { token, expire } = createSession(c.get('db'), userId, c.get('now')());
    setSessionCookie(c, cookies, token, expire);
    return c.redirect(returnTo, 302);
  })
  // Sign-out is a POST behind the cross-site check (a cross-site link or image must not sign
  // anyone out). The web app posts with fetch (204); the page below posts a form (303 home).
  .openapi(routes.logout, (c) => {
    const { cookies } = c.get('auth');
    const sid = c.get('sessionId');
    if (sid) invalidateSession(c.get('db'), sid);
    clearSessionCookie(c, cookies);
    if (/text\/html/.test(c.req.header('Accept') ?? '')) return c.redirect('/', 303);
    return c.body(null, 204);
  })
  // The spec's /api/logout address stays as a page: a button that posts (no script: CSP script-src 'self').
  .openapi(routes.logoutPage, (c) => {
    if (!c.get('sessionId')) return c.redirect('/', 302);
    return page(
      c,
      200,
      'Sign out',
      `<h1>Sign out</h1><p>Sign out of Teachers In London Talk on this browser?</p><form method="post" action="/api/logout"><button class="button" type="submit">Sign Out</button></form><a class="button secondary" href="/">Cancel</a>`,
    );
  })
  // A visitor is answered 200 with null (spec §4: no user means signed out), so a visitor's page
  // logs no failed request (the server-rendered first visit); the write routes keep answering 401.
  .openapi(routes.currentUser, (c) => {
    const user = c.get('user');
    if (!user) return c.json(null, 200);
    return c.json(
      {
        id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        profileImageUrl: user.profileImageUrl,
        isAdmin: user.isAdmin,
        /** Moderates at least one forum category (the moderation queue is open to them). */
        isModerator:
          user.isAdmin ||
          !!c.get('db').select({ id: forumModerators.id }).from(forumModerators).where(eq(forumModerators.userId, user.id)).get(),
      },
      200,
    );
  });
