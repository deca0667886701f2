import type { DB } from '../db/client';
import type { SchoolMember, User } from '../db/schema';
import type { RateLimiter } from './platform/middleware/rate-limit-store';
import type { ExternalServices } from './external';
import type { Mailer } from './alerts/sender/mailer';
import type { SignInProvider } from './auth/oidc';

// Types shared by the app and its middleware live here; this module imports no middleware that
// imports it back (so there is no import loop context <-> middleware).

export type SessionUser = User & { isAdmin: boolean };

/** The session cookie's name and Secure flag (auth/session.ts decides them). */
export interface CookieSettings {
  name: string;
  secure: boolean;
}

/** What every handler can read from the context. */
export interface AppEnv {
  Variables: {
    db: DB;
    /** The clock, injectable so tests can move time (the job board's one-month window). */
    now: () => Date;
    requestId: string;
    /** The signed-in user, or null for a visitor. */
    user: SessionUser | null;
    sessionId: string | null;
    /** The caller's live membership of the route's school, set by requireSchoolMember (schools/members.ts). */
    schoolMember?: SchoolMember;
    /** Where uploaded files live (media/ beside the database); absent: uploads answer 503. */
    mediaDir?: string;
    /** Reports that hide an item from the public until a moderator decides (REPORT_HIDE_THRESHOLD). */
    reportHideThreshold: number;
    /** Rate limits of this app, counted in SQLite (absent: no limit). */
    rateLimiter?: RateLimiter;
    /** TRUST_PROXY: X-Forwarded-Proto / X-Forwarded-For come from our own proxy (platform/request-info.ts). */
    trustProxy: boolean;
    /** The Teaching Vacancies feed settings and the school image batches. */
    external: ExternalServices;
    /** Sign-in providers and cookie settings (auth/auth.handlers.ts). */
    /** The OpenAPI document of the whole app (built once, on first request: docs/docs.handlers.ts). */
    apiDocument: () => Record<string, unknown>;
    /** CSP hashes of the inline scripts of this answer (the API reference page), added to its script-src. */
    inlineScripts?: string[];
    /** Email of one-time links (school claims, invitations): SMTP, .eml files in development, null when off. */
    mailer: Mailer | null;
    /** The public origin links in emails point at (APP_URL, else http://localhost:PORT). */
    siteOrigin: string;
    auth: {
      providers: readonly SignInProvider[];
      cookies: CookieSettings /** SESSION_SECRET: signs the OAuth transaction cookie. */;
      secret: string;
    };
  };
}
