// The server's reading of the route declarations (decision 0006): every route of the API with its
// policy, straight from the routers' OpenAPI registry, so nothing keeps a list of its own. The
// web app and the service worker read the same table through core/route-policy.gen.ts, which
// `npm run routes:policy` writes from here (and route-policy.test.ts keeps fresh).
import { api } from './api';
import {
  isVersioned,
  routePolicy,
  templateMatcher,
  type DataTable,
  type DataTag,
  type PolicyData,
  type ReadRoute,
  type RoutePolicy,
} from '../core/route-policy';

/** Where the API is mounted (createApp: app.route('/api', api)). */
export const API_PREFIX = '/api';

export interface DeclaredRoute {
  method: string;
  /** OpenAPI's spelling, with the mount: '/api/schools/{id}'. */
  path: string;
  policy: RoutePolicy;
}

/** Every declared route of the API, in declaration order. */
export const API_ROUTES: readonly DeclaredRoute[] = api.openAPIRegistry.definitions.flatMap((d) =>
  d.type === 'route'
    ? [{ method: d.route.method.toUpperCase(), path: API_PREFIX + d.route.path, policy: d.route['x-policy'] as RoutePolicy }]
    : [],
);

/** The table the web side reads (written to core/route-policy.gen.ts). */
export function policyData(routes: readonly DeclaredRoute[] = API_ROUTES): PolicyData {
  const prefixes = [...new Set(routes.map((r) => `/${r.path.split('/')[1]}`))];
  const reads: ReadRoute[] = routes.filter((r) => r.method === 'GET').map((r) => [r.path, r.policy.cache, r.policy.limit]);
  const pages = routes.flatMap((r) => (r.policy.page && !r.policy.page.index ? [r.policy.page.path] : []));
  return { serverPrefixes: prefixes, reads, noindexPages: [...new Set(pages)].sort() };
}

/** The live policy: the answer cache, the read limit, the static files and the page renderer read it. */
export const API_POLICY = routePolicy(policyData());

/** What the answer cache may share, and with whom: null for an answer it must never keep. */
export function sharingOf(path: string): 'everyone' | 'visitors' | null {
  const sharing = API_POLICY.sharingOf(path);
  return sharing === 'everyone' || sharing === 'visitors' ? sharing : null;
}

// Only the versioned kinds: a shared read names no other (policyOf), and a page is kept by these alone.
const dataMatcher = templateMatcher(
  API_ROUTES.filter((r) => r.method === 'GET').map((r) => [r.path, (r.policy.data ?? []).filter(isVersioned)] as const),
);

/** The data a shared read's answer is built from (its declared `data`, decision 1057): empty for any other path. */
export function dataOf(path: string): readonly DataTag[] {
  return dataMatcher(path) ?? [];
}

/** The generated module's text: the table as the web app imports it. */
export function policyModule(data: PolicyData = policyData()): string {
  const quote = (v: unknown): string => (Array.isArray(v) ? `[${v.map(quote).join(', ')}]` : `'${String(v)}'`);
  // As the formatter (biome, width 140) writes it, so format:check and the staleness test agree: one line when it fits.
  const list = (key: string, items: readonly unknown[]) => {
    const line = `[${items.map(quote).join(', ')}]`;
    return `  ${key}: ${line},`.length <= 140 ? line : `[\n${items.map((i) => `    ${quote(i)},`).join('\n')}\n  ]`;
  };
  return `// Generated from the route declarations (api/<resource>/<resource>.routes.ts) by \`npm run routes:policy\`
// (api/scripts/route-policy.ts): do not edit. route-policy.test.ts fails when it is stale.
// Read through core/route-policy.ts by the offline layer, the service worker and the page head.
export const ROUTE_POLICY = {
  serverPrefixes: ${list('serverPrefixes', data.serverPrefixes)},
  reads: ${list('reads', data.reads)},
  noindexPages: ${list('noindexPages', data.noindexPages)},
} as const;
`;
}

/** Each route's declared data (reads and writes that name any): what the web app reads again after a write (decision 0015). */
export function dataTable(routes: readonly DeclaredRoute[] = API_ROUTES): DataTable {
  const named = routes.filter((r) => r.policy.data && r.policy.data.length > 0);
  return {
    reads: named.filter((r) => r.method === 'GET').map((r) => [r.path, r.policy.data!]),
    writes: named.filter((r) => r.method !== 'GET').map((r) => [`${r.method} ${r.path}`, r.policy.data!]),
  };
}

/** The generated core/route-data.gen.ts: apart from route-policy.gen.ts, so the first load never carries it (only a write's code reads it). */
export function dataModule(table: DataTable = dataTable()): string {
  const row = ([route, data]: readonly [string, readonly string[]]) => `    ['${route}', [${data.map((t) => `'${t}'`).join(', ')}]],`;
  const list = (rows: DataTable['reads']) => (rows.length ? `[\n${rows.map(row).join('\n')}\n  ]` : '[]');
  return `// Generated from the route declarations' \`data\` by \`npm run routes:policy\` (api/scripts/route-policy.ts): do
// not edit. route-policy.test.ts fails when it is stale. Read by web/data/refresh.ts (decision 0015).
export const ROUTE_DATA = {
  reads: ${list(table.reads)},
  writes: ${list(table.writes)},
} as const;
`;
}

const uploads = templateMatcher(API_ROUTES.flatMap((r) => (r.policy.upload ? [[`/${r.method}${r.path}`, r.policy.upload] as const] : [])));

/** The file a write takes as its raw body (policy.upload), or undefined for a JSON write: the cross-site check and the body limit ask. */
export function uploadOf(method: string, path: string): RoutePolicy['upload'] {
  return uploads(`/${method.toUpperCase()}${path}`);
}
