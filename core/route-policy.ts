import { ROUTE_POLICY } from './route-policy.gen';

// Each API route's policy as data (decision 0006): declared once beside the route
// (api/<resource>/<resource>.routes.ts), read live by the server (the answer cache, the read
// limit, the static files and the page renderer) and, through the generated
// route-policy.gen.ts, by the offline layer, the service worker and the page head. It lives in
// core/ (decision 0007) because the server, the web app and the service worker all import it. Pure
// functions, no Dexie and no zod: the first-load bundle and the service worker import them.

/** Who may call a route: anyone, a signed-in user, a forum moderator (or admin), an admin. */
export type Access = 'public' | 'user' | 'moderator' | 'admin';

/**
 * How a GET answer may be kept:
 * - 'everyone': the same for every visitor and user: shared by the server's answer cache and
 *   kept on the device for whoever uses it;
 * - 'visitors': shared by the answer cache for signed-out requests only (a member sees more);
 *   the device keeps it for its owner;
 * - 'owner': never shared; the device keeps it for the user it belongs to (decision 1440);
 * - 'none': never kept, on the server or on the device (health, moderation, admin).
 */
export type Sharing = 'everyone' | 'visitors' | 'owner' | 'none';

/**
 * The rate limit a route counts against (decision 1410): 'read' (per IP, every API GET),
 * 'write' (the signed-in user's writes; on a public route reached by a signed link, the link
 * owner's, counted by the handler), 'moderation' (moderators' and admins' own bucket), 'login'
 * (sign-in starts per IP, on top of the read), 'preview' (a form's Markdown preview, per user, in a
 * smaller bucket of its own: decision 1411), 'none'.
 */
export type Limit = 'read' | 'write' | 'moderation' | 'login' | 'preview' | 'none';

/**
 * The kinds of public data a shared answer can be built from (decision 1057): each has a version
 * that SQLite triggers move when a commit changes what visitors can see of it (data_versions).
 */
export const DATA_TAGS = ['schools', 'jobs', 'reviews', 'interviews', 'moods', 'salaries', 'pay_scales', 'forum'] as const;
export type DataTag = (typeof DATA_TAGS)[number];

/**
 * Data only its own people see, never in a shared answer, so it has no version (decision 0015):
 * a school's staff (claims, members, invitations, claim domains, its audit) and a user's sessions.
 * Their reads and writes name them so the web app reads a staff list, or her sessions, again after
 * a write that changes it.
 */
export const OWN_DATA_TAGS = ['staff', 'sessions'] as const;
/** What a route's `data` may name: a versioned kind of public data, or data only its own people see. */
export type RouteDataTag = DataTag | (typeof OWN_DATA_TAGS)[number];

/** A kind of public data with a version (DATA_TAGS), which a shared read may name. */
export const isVersioned = (tag: RouteDataTag): tag is DataTag => (DATA_TAGS as readonly string[]).includes(tag);

export interface RoutePolicy {
  access: Access;
  /** GET answers only; writes are never kept ('none'). */
  cache: Sharing;
  limit: Limit;
  /** Replayed safely with an Idempotency-Key (decision 0201): the outbox may send it again. */
  idempotent?: boolean;
  /**
   * The route's `{id}` is a school and the caller must be its verified staff with at least this
   * role ('editor': any member; 'admin': the school's admins), else 403 (api/schools/members.ts).
   */
  school?: 'editor' | 'admin';
  /**
   * A read: the data its answer is built from. A shared read ('everyone' | 'visitors') must name
   * it: the server keeps the answer, and every page that inlines it, until one of these changes
   * (decision 1057). A user's own read may name it, so the web app reads it again after her write.
   * A write: the data it may change. After a write the web app reads again every answer whose
   * route names one of these (decision 0015, web/data/refresh.ts). Only a read that is never
   * shared may name OWN_DATA_TAGS.
   */
  data?: readonly RouteDataTag[];
  /**
   * The route takes a file as its raw body (not JSON): these media types, up to maxBytes. The
   * cross-site check accepts them and the body limit is this one (decision 2110); every other
   * write sends JSON of at most 64 KB.
   */
  upload?: { types: readonly string[]; maxBytes: number };
  /** The screen that shows this answer (a react-router path) and whether search engines may index it. */
  page?: { path: string; index: boolean };
}

/** One GET route of the API: its path template ('/api/schools/{id}'), how its answers may be kept, its limit. */
export type ReadRoute = readonly [path: string, cache: Sharing, limit: Limit];

/** What the web side reads of the declarations (route-policy.gen.ts), and what the server reads live. */
export interface PolicyData {
  /** Where the server's own routes live: a navigation there goes to the network, never the app shell. */
  serverPrefixes: readonly string[];
  /** Every GET route of the API. */
  reads: readonly ReadRoute[];
  /** Screens search engines must not index (and everything under them). */
  noindexPages: readonly string[];
}

/** A route's declared data: ['/api/schools/{id}', ['schools', 'jobs']] for a read, ['POST /api/salaries', ['salaries']] for a write. */
export type DataRoute = readonly [route: string, data: readonly RouteDataTag[]];

/** What the web app reads after a write (route-policy.gen.ts' ROUTE_DATA): the routes that name their data. */
export interface DataTable {
  /** GET routes by path template. */
  reads: readonly DataRoute[];
  /** Writes by method and path template: 'PATCH /api/reviews/{id}'. */
  writes: readonly DataRoute[];
}

const segments = (path: string) => path.split('/').slice(1);
const isParam = (segment: string) => segment.startsWith('{');

/** Most specific first: where two templates differ first, a literal segment wins over a parameter. */
function bySpecificity(a: string[], b: string[]) {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (isParam(a[i]) !== isParam(b[i])) return isParam(a[i]) ? 1 : -1;
  }
  return 0;
}

const fits = (template: string[], path: string[]) =>
  template.length === path.length && template.every((t, i) => (isParam(t) ? path[i] !== '' : t === path[i]));

/** The template a path matches, most specific first, or undefined. */
export function templateMatcher<T>(entries: readonly (readonly [string, T])[]): (path: string) => T | undefined {
  const sorted = entries.map(([path, value]) => ({ parts: segments(path), value })).sort((a, b) => bySpecificity(a.parts, b.parts));
  return (path) => {
    const parts = segments(path);
    return sorted.find((e) => fits(e.parts, parts))?.value;
  };
}

/** Matches a path and everything under it: '/api' → /api, /api/, /api/jobs; '/unsubscribe/{token}' → /unsubscribe/…. */
export function prefixPattern(prefixes: readonly string[]): RegExp {
  const escaped = prefixes.map((p) =>
    p
      .split('/{')[0]
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\/$/, ''),
  );
  return new RegExp(`^(${escaped.join('|')})(/|$)`);
}

/** The questions every reader of the declarations asks, answered from one table. */
export function routePolicy(data: PolicyData) {
  const readOf = templateMatcher(data.reads.map(([path, cache, limit]) => [path, { cache, limit }] as const));
  const noindex = prefixPattern(data.noindexPages);
  /** How the answer of a GET to `path` may be kept ('owner' for a path no route declares: never shared). */
  const sharingOf = (path: string): Sharing => readOf(path)?.cache ?? 'owner';
  return {
    sharingOf,
    /** The same answer for everyone (a key is a path with its query). */
    isSharedPath: (key: string) => sharingOf(key.split('?')[0]) === 'everyone',
    /** May the device keep this answer (for its owner, or for everyone)? */
    isKeptOffline: (key: string) => sharingOf(key.split('?')[0]) !== 'none',
    /** A GET the per-IP read limit leaves alone (health checks). */
    isUnlimitedRead: (path: string) => readOf(path)?.limit === 'none',
    serverPaths: prefixPattern(data.serverPrefixes),
    isNoindexPage: (pathname: string) => data.noindexPages.length > 0 && noindex.test(pathname),
  };
}

/** The declarations as the offline layer, the service worker and the page head read them. */
export const WEB_POLICY = routePolicy(ROUTE_POLICY);
