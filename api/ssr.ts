// Server-rendered pages (decision 1301): a navigation to a client route is answered
// with the page rendered by web/entry-server.tsx inside the built index.html: the head tags
// (title, description, canonical, Open Graph, JSON-LD), the markup, the data for hydration, and
// modulepreload links for the screen's chunk. The API is asked in process (`app.request`).
// The built index.html itself stays the empty shell the service worker precaches for offline.
// A finished page is kept by its own filters and the answers' data versions (decision 1056).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { escapeHtml } from '../core/html';
import { plainPage } from './platform/html-page';
import { buildEntry, sendEntry, type AnswerCache, type Entry } from './platform/middleware/answer-cache';
import type { AppEnv } from './context';
import type { DataTag } from './platform/data-versions';
import { builtFrom } from './platform/data-versions';
import { dataOf, sharingOf } from './route-policy';
import { acceptsGzip } from './platform/middleware/compression';
import { SERVER_PATHS } from './static';
import { bootScript, bootTag, preloadsFor, templateParts, utf8Of, type Manifest } from './ssr-template';

import { steppedBody } from './stepped-body';

export { preloadsFor, templateParts } from './ssr-template';

export interface ServerRenderOptions {
  distDir: string;
  /** APP_URL, for canonical and Open Graph URLs. */
  origin: string;
  /** Answers an API request in process, made for the page's caller (her address goes with it: the API's read limit counts it as hers). */
  fetch: (path: string, init: RequestInit | undefined, caller: Context) => Response | Promise<Response>;
  /** Counts the page itself as one read of its caller: null, or the seconds to wait (over the limit). */
  countPage?: (caller: Context) => number | null;
  /** What a visit to the page counts (a thread's view), before the page cache is asked, so a kept page counts it too. */
  onVisit?: (caller: Context, pathname: string) => void;
  /** Renders run at once (RENDERS_AT_ONCE by default); the others wait their turn. */
  rendersAtOnce?: number;
  /** Finished pages kept by their key (the renderer's pageKey), with the answers' data-version signal (decision 1056). */
  cache?: AnswerCache;
  /** Loads the page renderer on the first page (api/server.ts: the web app's entry-server module). */
  renderer: () => Promise<PageRenderer>;
}

/** What the page renderer is given to read the API with (in process, for one page's caller). */
export type ApiFetch = (path: string, init?: RequestInit) => Response | Promise<Response>;

/**
 * The page renderer (web/entry-server.tsx), handed in by the caller (api/server.ts) so the API's
 * modules never import the web app's (which imports the API's types): no import loop.
 */
export interface PageRenderer {
  render(
    url: string,
    options: { fetch: ApiFetch; origin: string },
  ): Promise<{ status: number; html: string; head: unknown; payload: unknown; module?: string; failed: boolean }>;
  /** The key a page is cached by and rendered at, or null for a page that is never cached. */
  pageKey: (url: string) => string | null;
  /**
   * A page whose status is known before it is rendered (always 200: no path parameter, no query
   * string, not the catch-all), with its screen's module: its head is sent before the render.
   * Null for the others (a detail page is a 404 when its record is missing).
   */
  headFirst?: (url: string) => { module?: string } | null;
  headHtml: (head: never) => string;
  scriptJson: (value: unknown) => string;
  SSR_DATA_ID: string;
}

/**
 * The caller is over the read limit: a small page saying so, with Retry-After, and none of the
 * data (decision 1410). Never stored: the next request after the wait gets the real page.
 */
function tooManyPage(c: Context, wait: number, path: string) {
  c.header('Retry-After', String(wait));
  c.header('Cache-Control', 'no-store');
  const minutes = wait > 60 ? `${Math.ceil(wait / 60)} minutes` : wait === 1 ? 'a second' : `${wait} seconds`;
  return c.html(
    plainPage(
      'Too many requests',
      `<h1>Too many requests</h1><p>This address has asked for many pages in a short time. Please wait ${minutes} and try again.</p><a class="button" href="${escapeHtml(path)}">Try again</a><a class="button secondary" href="/">Home page</a>`,
    ),
    429,
  );
}

/** A file, not a page (a page's last segment may hold a dot: /unsubscribe/12.Ab3x). */
const FILE_PATH = /\.(html|js|mjs|css|json|webmanifest|svg|png|jpe?g|gif|webp|ico|txt|xml|woff2?|map)$/i;

/** A page rendered with no cache: never looked up. */
const NOT_KEPT = { deps: [], at: [], minute: -1, local: -1 };

/** Pages rendered at once per process; more wait their turn. */
export const RENDERS_AT_ONCE = 2;

/**
 * The rest of this turn of the event loop is left to what is waiting: requests that arrived
 * meanwhile (a probe, a kept page, an API read) are read and answered before the caller goes on.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * At most `limit` tasks run at once; the others wait, in order. A task that ends hands its place
 * on at the event loop's next turn, never at once: a queue of renders does not run back to back
 * in one turn while other requests wait for the loop.
 */
class Turns {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) setImmediate(next);
      else this.running--;
    }
  }
}

/** What a page says to browsers: revalidate every time; a request carrying a cookie is never stored by a shared cache. */
const pageCacheControl = (c: Context) => (c.req.header('Cookie') ? 'private, no-cache' : 'no-cache');

/** What every page of one middleware shares: its options, the built shell and manifest, the render turns. */
interface PageServer {
  options: ServerRenderOptions;
  template: ReturnType<typeof templateParts>;
  manifest: Manifest;
  /** The boot script written into each page, and its CSP hash (undefined in a build without dist/boot.js). */
  boot: ReturnType<typeof bootScript> | undefined;
  cache: AnswerCache | undefined;
  renders: Turns;
}

type Snapshot = ReturnType<AnswerCache['snapshot']>;
type Settle = ((e: Entry | null) => void) | undefined;

export function serverRender(options: ServerRenderOptions): MiddlewareHandler<AppEnv> {
  const indexPath = join(options.distDir, 'index.html');
  const manifestPath = join(options.distDir, '.vite', 'manifest.json');
  const template = existsSync(indexPath) ? templateParts(readFileSync(indexPath, 'utf8')) : undefined;
  const manifest = existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest) : {};
  const bootPath = join(options.distDir, 'boot.js');
  const boot = existsSync(bootPath) ? bootScript(readFileSync(bootPath, 'utf8')) : undefined;
  const cache = options.cache;
  const renders = new Turns(options.rendersAtOnce ?? RENDERS_AT_ONCE);
  // A render's API reads each take a turn of the event loop of their own, apart from the React
  // passes before and after them: what arrived meanwhile is answered between the steps.
  const fetch: ServerRenderOptions['fetch'] = async (path, init, caller) => {
    await nextTurn();
    const res = await options.fetch(path, init, caller);
    await nextTurn();
    return res;
  };
  const server: PageServer | undefined = template && { options: { ...options, fetch }, template, manifest, boot, cache, renders };
  let renderer: Promise<PageRenderer> | undefined;
  return async (c, next) => {
    if (!server || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next();
    const path = c.req.path;
    if (SERVER_PATHS.test(path) || FILE_PATH.test(path)) return next();
    // The page's one inline script, allowed by its hash (api/platform/middleware/security.ts).
    if (boot) c.set('inlineScripts', [...(c.get('inlineScripts') ?? []), boot.hash]);
    const { pathname, search } = new URL(c.req.url);
    // An address that does not decode is the client's mistake: 400 with one log line (errors.ts
    // answers the URIError), not a page whose router warns about it on every render pass.
    decodeURIComponent(pathname);
    // The page is one read of its caller, and each API read it makes is hers too: over the
    // limit she gets the 429 page, never the page with its data inlined (decision 1410).
    const wait = options.countPage?.(c) ?? null;
    if (wait !== null) return tooManyPage(c, wait, path);
    options.onVisit?.(c, pathname);
    let r: PageRenderer;
    try {
      r = await (renderer ??= options.renderer());
    } catch (error) {
      console.error('The page renderer did not load; serving the app shell:', error);
      return next();
    }
    // A cacheable page is rendered at its key (its own filters only, normalised), so every
    // address that maps to one key gets the same bytes (decision 1056).
    const key = cache ? r.pageKey(pathname + search) : null;
    const url = key ?? pathname + search;
    // Read before rendering: a change during the render makes the page stale, never wrong.
    const now = cache?.snapshot();
    if (key) {
      const kept = await serveKept(server, c, key, now!);
      if (kept) return kept;
    }
    let settle: Settle;
    if (key) {
      cache!.stats.misses++;
      const promise = new Promise<Entry | null>((resolve) => (settle = resolve));
      cache!.pending.set(key, { snapshot: now!, promise });
      void promise.then(() => cache!.pending.get(key)?.promise === promise && cache!.pending.delete(key));
    }
    // A page whose status cannot depend on its data: its head leaves at once, before the render
    // (and before waiting for a render's turn), so the browser fetches the stylesheet meanwhile.
    const early = c.req.method === 'GET' ? r.headFirst?.(url) : null;
    if (early) return streamPage(server, c, r, { url, module: early.module, key, now, settle });
    let entry: Entry | null = null;
    try {
      // Renders take turns (a few at a time): a crawl's misses queue here, off the event loop,
      // while kept pages and the API are answered between their steps (decisions 1058, 1059).
      const rendered = await renders.run(() => renderPage(server, c, r, url));
      if (typeof rendered === 'number') return tooManyPage(c, rendered, path);
      if (!rendered) return next();
      const { status, shareable, reads, data } = rendered;
      const body = utf8Of([headFor(server, rendered.module), ...rendered.rest]);
      const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8' });
      // A page depends on the data of every answer it inlined (decision 1057).
      entry = await buildEntry(now ? builtFrom(now, [...data]) : NOT_KEPT, body, headers);
      entry.reads = reads;
      // Only a whole page made of answers that are the same for every visitor is kept.
      if (key && status === 200 && shareable) cache!.store(key, entry);
      sendEntry(c, entry, { cacheControl: pageCacheControl(c), vary: 'Accept-Encoding', state: key ? 'miss' : 'none', status });
      if (status !== 200 || !shareable) entry = null;
    } finally {
      settle?.(entry);
    }
  };
}

/**
 * The kept page at `key` (waiting for one being rendered), sent with its ETag; the 429 page when
 * its caller is over the limit; undefined when there is none (the page is rendered).
 */
async function serveKept(server: PageServer, c: Context, key: string, now: Snapshot): Promise<Response | undefined> {
  const cache = server.cache!;
  let entry = cache.lookup(key, now);
  const computing = entry ? undefined : cache.inFlight(key, now);
  if (computing) entry = (await computing) ?? undefined;
  if (!entry) return undefined;
  // A kept page costs its caller what rendering it would: one read per API read it inlines.
  for (let i = 0; i < (entry.reads ?? 0); i++) {
    const more = server.options.countPage?.(c) ?? null;
    if (more !== null) return tooManyPage(c, more, c.req.path);
  }
  cache.stats.hits++;
  sendEntry(c, entry, { cacheControl: pageCacheControl(c), vary: 'Accept-Encoding', state: 'hit' });
  return c.res;
}

/** The head up to the page's own tags: the shell's (charset, stylesheet, icons) and the boot script with the screen's chunks. */
function headFor({ template, manifest, boot }: PageServer, module: string | undefined): string {
  // The screen's own chunk (not the entry's, which the entry imports itself).
  const screenChunks = preloadsFor(manifest, module)
    .map((file) => `/${file}`)
    .filter((file) => !template.preloads.includes(file));
  const tag = template.entry
    ? `\n    ${bootTag(template.entry, [...template.preloads, ...screenChunks], boot?.text, template.manifest)}`
    : '';
  return template.headOpen + tag;
}

/**
 * A page whose status is known before it is rendered, sent in two steps: the head up to the
 * page's own tags at once (flushed through gzip), then, once rendered, its title and meta tags
 * and the body. The finished page is kept as any other, so the next request gets it whole with
 * its ETag; this first answer has none (its bytes are not known when its headers leave).
 */
function streamPage(
  server: PageServer,
  c: Context,
  r: PageRenderer,
  page: { url: string; module: string | undefined; key: string | null; now: Snapshot | undefined; settle: Settle },
): Response {
  const { url, key, now, settle } = page;
  const { template, cache } = server;
  const first = headFor(server, page.module);
  const gzip = acceptsGzip(c.req.header('Accept-Encoding'));
  const { stream, write, gzipped } = steppedBody(gzip);
  // Over the read limit mid-render, or the render failed: the page ends as the app's shell,
  // without data (never a page missing part of its data); the browser renders it.
  const shell = `\n  </head>${template.bodyOpen}<div id="root"></div>${template.afterRoot}`;
  write(first, false);
  void (async () => {
    let entry: Entry | null = null;
    try {
      const rendered = await server.renders.run(() => renderPage(server, c, r, url));
      if (!rendered || typeof rendered === 'number') return write(shell, true);
      // The page's bytes made once: the rest goes on the wire, the whole is kept.
      const head = Buffer.from(first);
      const body = utf8Of([first, ...rendered.rest]);
      write(body.subarray(head.length), true);
      if (key && rendered.status === 200 && rendered.shareable) {
        const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8' });
        entry = await buildEntry(builtFrom(now!, [...rendered.data]), body, headers, await gzipped);
        entry.reads = rendered.reads;
        cache!.store(key, entry);
      }
    } catch (error) {
      console.error(`Server render of ${url} failed while streaming:`, error);
      write(shell, true);
    } finally {
      settle?.(entry);
    }
  })();
  c.header('Content-Type', 'text/html; charset=utf-8');
  c.header('Cache-Control', pageCacheControl(c));
  c.header('Vary', 'Accept-Encoding');
  c.header('X-Cache', key ? 'miss' : 'none');
  if (gzip) c.header('Content-Encoding', 'gzip');
  return c.body(stream, 200);
}

/**
 * Renders one page: what follows the head's shared part (the page's own head tags, the body),
 * whether every answer in it is shared, how many API reads it made; the seconds to wait when
 * an API read was over the caller's limit (the 429 page); null to serve the shell.
 */
async function renderPage({ options, template }: PageServer, c: Context, r: PageRenderer, url: string) {
  let refusedFor: number | null = null;
  let shareable = true;
  let reads = 0;
  const data = new Set<DataTag>();
  const fetch: ApiFetch = async (apiPath, init) => {
    const res = await options.fetch(apiPath, init, c);
    reads++;
    for (const tag of dataOf(apiPath.split('?')[0])) data.add(tag);
    if (res.status === 429) refusedFor = Math.max(refusedFor ?? 1, Number(res.headers.get('Retry-After')) || 1);
    // Per-user data (an answer never shared) or an error: the page is not kept.
    if (res.status !== 200 || !sharingOf(apiPath.split('?')[0])) shareable = false;
    return res;
  };
  let page;
  try {
    page = await r.render(url, { fetch, origin: options.origin });
  } catch (error) {
    if (refusedFor !== null) return refusedFor as number;
    // Never a broken page: the shell renders it in the browser as before.
    console.error(`Server render of ${url} failed; serving the app shell:`, error);
    return null;
  }
  if (refusedFor !== null) return refusedFor as number;
  const { headHtml, scriptJson, SSR_DATA_ID } = r;
  // In pieces, each written once into the page's bytes (utf8Of): the markup and the data are most of it.
  const rest = [
    `\n    ${headHtml(page.head as never)}\n  </head>${template.bodyOpen}<div id="root">`,
    page.html,
    `</div>\n    <script type="application/json" id="${SSR_DATA_ID}">`,
    scriptJson(page.payload),
    `</script>${template.afterRoot}`,
  ];
  return { status: page.status, module: page.module, rest, shareable: shareable && !page.failed, reads, data };
}
