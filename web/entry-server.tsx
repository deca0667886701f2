// The server renderer (the server-rendered first visit, decision 1301): renders a public page from the same routes and
// screens the browser runs, with the data read through the same typed client, whose fetch is the
// API answered in process (`app.request`, no socket). React 19's prerender waits for the lazy
// screen chunks and every Suspense boundary, so the HTML is the finished page.
//
// A render runs in passes: each pass records the SWR keys the screens ask for; the answers are
// fetched and the page is rendered again with them as SWR `fallback`, until no screen asks for
// anything new (a detail page usually needs two passes). The first pass, which has no answers,
// asks the same of every render of one address: what it asked is remembered and fetched first
// the next time, so a page rendered again usually needs one pass. Always rendered as a visitor: no
// cookie is passed on, so the HTML is the same for everyone and safe to cache; the signed-in
// parts fill in after hydration.
import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { SWRConfig, unstable_serialize } from 'swr';
import { buildHead, lookupIn, type HeadTags } from './app/head';
// What api/ssr.ts needs besides render(): one module to load.
export { headHtml } from './app/head';
export { scriptJson } from './lib/ssr-payload';
export { SSR_DATA_ID } from './app/ssr-data';
export { pageKey } from './app/routes';

/** A page always answered 200 (no path parameter, no query string, not the catch-all): api/ssr.ts sends its head before rendering it. */
export function headFirst(url: string): { module?: string } | null {
  const { pathname, search } = new URL(url, 'http://ssr.local');
  if (search) return null;
  const leaf = matchLeaf(pathname);
  if (!leaf.path || leaf.path === '*' || Object.keys(leaf.params).length > 0) return null;
  return { module: leaf.handle?.module };
}
import { PageStatusContext } from './lib/page-status';
import { matchAppRoutes } from './app/route-branches';
import { matchLeaf, matchRoutesWith, routes } from './app/routes';
import { recordRequests, type SsrPayload, type SsrSeed, type Wanted } from './app/ssr-data';
import { AUTH_KEY } from './data/auth';
import { ApiRequestError, setServerFetch } from './data/client';
import { setClock } from './lib/format';
import { isSharedPath } from './offline/shared-paths';

// The renderer meets every id of every school: it matches routes branch by branch (issue 39).
matchRoutesWith(matchAppRoutes);

export interface RenderOptions {
  /** Answers an API request in process (the Hono app's `request`). */
  fetch: (input: string, init?: RequestInit) => Response | Promise<Response>;
  /** APP_URL: canonical and Open Graph URLs. */
  origin: string;
  now?: number;
}

export interface RenderResult {
  status: number;
  /** The markup of #root. */
  html: string;
  head: HeadTags;
  payload: SsrPayload;
  /** The matched screen's module (routes' handle.module), for modulepreload. */
  module?: string;
  /** Something went wrong while rendering (a read failed, a component threw): the page must not be cached. */
  failed: boolean;
  /** How many times the page was rendered to reach its answers (a list's first render is usually 2, later ones 1). */
  passes: number;
}

interface Call {
  url: string;
  status: number;
  body: string;
  headers: Record<string, string>;
}
interface RenderContext {
  fetch: RenderOptions['fetch'];
  now: number;
  calls: Call[];
}
const store = new AsyncLocalStorage<RenderContext>();
/** As web/offline/cache-fetch.ts keeps them: what the screens read besides the body. */
const KEPT_HEADERS = ['content-type', 'x-total-count', 'x-total-count-capped', 'link'];

// Every typed-client request made during a render is answered by that render's in-process API.
setServerFetch(async (input: RequestInfo | URL, init?: RequestInit) => {
  const ctx = store.getStore();
  if (!ctx) throw new TypeError('API request outside a server render');
  const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : new URL(input.url).pathname;
  // A visitor's request: no cookie, no credentials.
  const res = await ctx.fetch(url, { method: init?.method ?? 'GET' });
  const body = await res.text();
  const headers: Record<string, string> = {};
  for (const h of KEPT_HEADERS) {
    const v = res.headers.get(h);
    if (v !== null) headers[h] = v;
  }
  ctx.calls.push({ url, status: res.status, body, headers });
  return new ReadAnswer(body, res);
});

/**
 * An in-process answer read once: its text is kept for the seed and parsed from that text for the
 * screen, instead of the body stream teed (`clone()`), read twice and decoded twice. The screens'
 * client reads only `ok`, `status`, `statusText`, `headers`, `json()` and `text()` of an answer.
 */
class ReadAnswer extends Response {
  readonly #text: string;
  constructor(text: string, res: Response) {
    super(null, { status: res.status, statusText: res.statusText, headers: res.headers });
    this.#text = text;
  }
  override async text(): Promise<string> {
    return this.#text;
  }
  override async json(): Promise<unknown> {
    return JSON.parse(this.#text);
  }
}
setClock(() => store.getStore()?.now);

const AUTH_ID = unstable_serialize(AUTH_KEY);
const MAX_PASSES = 4;
/** One key a pass asked for: its id (the serialized key), the key and its fetcher. */
type Asked = Wanted extends Map<string, infer W> ? [string, W] : never;

/**
 * What the first pass of a page asked for, by the address rendered (at most FIRST_ASKS_MAX
 * addresses, the oldest forgotten first). That pass has no answers to render with, so what it asks
 * (the keys and the screens' fetchers, which read only their key) is the same on every render of
 * the address; a later render fetches them before its first pass and renders once less.
 */
const firstAsks = new Map<string, Asked[]>();
const FIRST_ASKS_MAX = 500;
function remember(url: string, asked: Asked[]) {
  firstAsks.delete(url);
  firstAsks.set(url, asked);
  if (firstAsks.size > FIRST_ASKS_MAX) firstAsks.delete(firstAsks.keys().next().value!);
}

/**
 * The route table cut down to the branch a path matches (the layout and the page's route), by
 * path (at most 500 paths, then started again). react-router's useRoutes flattens, ranks and
 * compiles the whole table on every render; on the branch alone it finds the same match (the
 * same route objects but the layout's copy, the same params), so the same page is rendered.
 */
const branches = new Map<string, RouteObject[]>();
function branchOf(pathname: string): RouteObject[] {
  let branch = branches.get(pathname);
  if (!branch) {
    const chain = matchAppRoutes(pathname)?.map((m) => m.route);
    branch = routes;
    if (chain?.length) {
      let children: RouteObject[] | undefined;
      // A route above the page's is a parent (never an index route): it keeps its one child.
      for (let i = chain.length - 1; i >= 0; i--) children = [children ? ({ ...chain[i], children } as RouteObject) : chain[i]];
      branch = children!;
    }
    if (branches.size >= 500) branches.clear();
    branches.set(pathname, branch);
  }
  return branch;
}

/** The app's routes (routes.tsx AppRoutes) for the server: the matched branch only; the page's title is the head's there. */
function ServerRoutes() {
  const location = useLocation();
  return useRoutes(branchOf(location.pathname), location);
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

function page(url: string, fallback: Record<string, unknown>, wanted: Wanted, onStatus: () => void) {
  return (
    <StrictMode>
      <PageStatusContext value={onStatus}>
        <SWRConfig value={{ fallback, use: [recordRequests(wanted, fallback)], provider: () => new Map() }}>
          <StaticRouter location={url}>
            <ServerRoutes />
          </StaticRouter>
        </SWRConfig>
      </PageStatusContext>
    </StrictMode>
  );
}

/** A boundary React left to the browser: it suspended (a chunk not loaded yet) or a component in it threw. */
const LEFT_TO_BROWSER = /<!--\$[!?]/;

/**
 * One render of the page with the answers known so far; `wanted` collects the keys its screens asked for.
 * Once the screen's chunks have loaded (every render after a process's first of that screen) nothing
 * suspends and React renders the page synchronously to a string: the same markup as the prerender,
 * without encoding it into a byte stream and decoding it back (about a tenth of a list's render).
 * A boundary left to the browser in that string (a chunk still loading, a component that threw)
 * sends the pass to the prerender, which waits for the chunks and reports the error.
 */
async function renderPass(url: string, fallback: Record<string, unknown>, wanted: Wanted, onStatus: () => void) {
  try {
    const html = renderToString(page(url, fallback, wanted, onStatus));
    if (!LEFT_TO_BROWSER.test(html)) return { html, failed: false };
  } catch {
    // Rendered again below, where the error is reported as it always was.
  }
  wanted.clear();
  let failed = false;
  const { prelude } = await prerenderToNodeStream(
    page(url, fallback, wanted, onStatus),
    // Never outline a large boundary (that needs an inline script, which the CSP forbids): one document.
    {
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onError: (error) => {
        failed = true;
        console.error(`Server render of ${url}:`, error);
      },
    },
  );
  return { html: await streamToString(prelude), failed };
}

/**
 * The public API answers behind one SWR key, for the offline store (web/offline/seed.ts). The body
 * is sent once: as a pointer into the fallback when it can be rebuilt from it.
 */
function seedOf(id: string, data: unknown, calls: Call[]): SsrSeed[] {
  const out: SsrSeed[] = [];
  const only = calls.length === 1;
  const d = data as { rows?: unknown } & unknown[];
  for (const call of calls) {
    if (call.status !== 200 || !isSharedPath(call.url)) continue;
    // A paged list's first page (the most common answer, and the largest): its rows are checked
    // first, which settles it with one JSON.stringify rather than two. The whole value holds those
    // rows and more, so its JSON could not have been the body either (the order below is kept).
    if (only && Array.isArray(d) && (d[0] as { rows?: unknown })?.rows !== undefined && d.rows === undefined) {
      if (call.body === JSON.stringify((d[0] as { rows: unknown }).rows)) {
        out.push({ url: call.url, key: id, pick: 'page0', headers: call.headers });
        continue;
      }
    }
    if (only && call.body === JSON.stringify(data)) out.push({ url: call.url, key: id, headers: call.headers });
    else if (only && d?.rows !== undefined && call.body === JSON.stringify(d.rows))
      out.push({ url: call.url, key: id, pick: 'rows', headers: call.headers });
    else if (
      only &&
      Array.isArray(d) &&
      (d[0] as { rows?: unknown })?.rows !== undefined &&
      call.body === JSON.stringify((d[0] as { rows: unknown }).rows)
    )
      out.push({ url: call.url, key: id, pick: 'page0', headers: call.headers });
    else out.push({ url: call.url, body: call.body, headers: call.headers });
  }
  return out;
}

export async function render(url: string, options: RenderOptions): Promise<RenderResult> {
  const ctx: RenderContext = { fetch: options.fetch, now: options.now ?? Date.now(), calls: [] };
  return store.run(ctx, () => renderIn(ctx, url, options));
}

async function renderIn(ctx: RenderContext, url: string, options: RenderOptions): Promise<RenderResult> {
  const path = new URL(url, 'http://ssr.local').pathname;
  const leaf = matchLeaf(path);
  const meta = leaf.handle;
  const isCatchAll = leaf.path === '*';

  const fallback: Record<string, unknown> = {};
  const fresh = new Set<string>();
  const seed: SsrSeed[] = [];
  const tried = new Set<string>();
  let notFound = isCatchAll;
  let html = '';

  // Whether the last pass (the HTML sent) showed a screen's "not found" state (lib/page-status.tsx).
  let shownNotFound = false;
  let failed = false;
  const onStatus = () => {
    shownNotFound = true;
  };

  /**
   * Fetches what a pass asked for and has not been tried. False when no answer was added: the next
   * pass would render the same page again (who is signed in is never asked; a read that failed adds nothing).
   */
  const ask = async (asked: Iterable<Asked>) => {
    const missing = [...asked].filter(([id]) => !tried.has(id));
    let added = false;
    // One at a time, so each answer is paired with the API requests it made.
    for (const [id, { key, fetcher }] of missing) {
      tried.add(id);
      // Who is signed in is the browser's question: the page hydrates with it pending (as the
      // server renders it), never with a visitor's null that a signed-in screen would act on.
      if (id === AUTH_ID) continue;
      const first = ctx.calls.length;
      try {
        const data = await fetcher!(key);
        fallback[id] = data;
        added = true;
        const calls = ctx.calls.slice(first);
        if (calls.length > 0 && calls.every((c) => isSharedPath(c.url))) fresh.add(id);
        seed.push(...seedOf(id, data, calls));
      } catch (error) {
        if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) notFound = true;
        // Over the caller's read limit: api/ssr.ts answers the 429 page instead of this one.
        else {
          failed = true;
          if (!(error instanceof ApiRequestError && error.status === 429)) console.error(`Server render of ${url}: ${id}:`, error);
        }
      }
    }
    return added;
  };

  // The first pass, rendered with no answers, depends on the address alone: what it asked for
  // the last time this address was rendered is asked at once, and that pass is not rendered again.
  const known = firstAsks.get(url);
  if (known) await ask(known);
  let passes = 0;
  for (let pass = known ? 1 : 0; pass < MAX_PASSES; pass++) {
    const wanted: Wanted = new Map();
    shownNotFound = false;
    const rendered = await renderPass(url, fallback, wanted, onStatus);
    passes++;
    html = rendered.html;
    failed ||= rendered.failed;
    if (pass === 0 && !rendered.failed && wanted.size > 0) remember(url, [...wanted]);
    if (!(await ask(wanted))) break;
  }

  notFound ||= shownNotFound;
  const head = buildHead({ path, params: leaf.params, meta, data: lookupIn(fallback), origin: options.origin, notFound });
  return {
    status: notFound ? 404 : 200,
    html,
    head,
    payload: { fallback, now: ctx.now, seed, fresh: [...fresh] },
    module: meta?.module,
    failed,
    passes,
  };
}
