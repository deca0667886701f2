// Server-rendered pages (issue 13, decision 1301): a navigation to a client route is answered
// with the page rendered by web/entry-server.tsx inside the built index.html: the head tags
// (title, description, canonical, Open Graph, JSON-LD), the markup, the data for hydration, and
// modulepreload links for the screen's chunk. The API is asked in process (`app.request`).
// The built index.html itself stays the empty shell the service worker precaches for offline.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { SERVER_PATHS } from './static';

/** Vite's build manifest (build.manifest): source module → chunk file and its imports. */
type Manifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

export interface ServerRenderOptions {
  distDir: string;
  /** APP_URL, for canonical and Open Graph URLs. */
  origin: string;
  /** Answers an API request in process. */
  fetch: (path: string, init?: RequestInit) => Response | Promise<Response>;
  /** Loads the page renderer on the first page (api/server.ts: the web app's entry-server module). */
  renderer: () => Promise<PageRenderer>;
}

/**
 * The page renderer (web/entry-server.tsx), handed in by the caller (api/server.ts) so the API's
 * modules never import the web app's (which imports the API's types): no import loop.
 */
export interface PageRenderer {
  render(url: string, options: { fetch: ServerRenderOptions['fetch']; origin: string }): Promise<{ status: number; html: string; head: unknown; payload: unknown; module?: string }>;
  headHtml(head: never): string;
  scriptJson(value: unknown): string;
  SSR_DATA_ID: string;
}

/** The chunks a screen module needs, transitively (entry chunk excluded: the page loads it). */
export function preloadsFor(manifest: Manifest, module: string | undefined): string[] {
  if (!module || !manifest[module]) return [];
  const out = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || entry.isEntry || out.has(entry.file)) return;
    out.add(entry.file);
    entry.imports?.forEach(visit);
  };
  visit(module);
  return [...out];
}

/** The built shell with its default title and description taken out (the page's own go in). */
export function templateParts(indexHtml: string) {
  let stripped = indexHtml.replace(/\s*<title>[\s\S]*?<\/title>/, '').replace(/\s*<meta name="description"[^>]*>/, '');
  // The app's entry and its preloads: fetched by /boot.js after the first paint (see there).
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(stripped)?.[1];
  const preloads: string[] = [];
  if (entry) {
    stripped = stripped.replace(/\s*<script type="module" crossorigin src="[^"]+"><\/script>/, '').replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href: string) => {
      preloads.push(href);
      return '';
    });
  }
  // The offline shell's static frame (web/index.html) is not part of a server-rendered page.
  stripped = stripped.replace(/<div id="root"><!--shell-->[\s\S]*?<!--\/shell--><\/div>/, '<div id="root"></div>');
  const [beforeRoot, afterRoot] = stripped.split('<div id="root"></div>');
  if (afterRoot === undefined) throw new Error('index.html has no <div id="root"></div>');
  return { beforeRoot, afterRoot, entry, preloads };
}

/** The boot script tag: the entry and the chunks it imports (all fetched at once) after the first paint. */
export function bootTag(entry: string, screenChunks: string[]) {
  const attr = screenChunks.length ? ` data-preload="${screenChunks.join(' ')}"` : '';
  return `<script type="module" src="/boot.js" data-entry="${entry}"${attr}></script>`;
}

/** A file, not a page (a page's last segment may hold a dot: /unsubscribe/12.Ab3x). */
const FILE_PATH = /\.(html|js|mjs|css|json|webmanifest|svg|png|jpe?g|gif|webp|ico|txt|xml|woff2?|map)$/i;

export function serverRender(options: ServerRenderOptions): MiddlewareHandler {
  const indexPath = join(options.distDir, 'index.html');
  const manifestPath = join(options.distDir, '.vite', 'manifest.json');
  const template = existsSync(indexPath) ? templateParts(readFileSync(indexPath, 'utf8')) : undefined;
  const manifest: Manifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {};
  let renderer: Promise<PageRenderer> | undefined;
  return async (c, next) => {
    if (!template || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next();
    const path = c.req.path;
    if (SERVER_PATHS.test(path) || FILE_PATH.test(path)) return next();
    const url = path + (new URL(c.req.url).search || '');
    let rendered;
    try {
      renderer ??= options.renderer();
      const r = await renderer;
      rendered = { ...r, page: await r.render(url, { fetch: options.fetch, origin: options.origin }) };
    } catch (error) {
      // Never a broken page: the shell renders it in the browser as before.
      console.error(`Server render of ${url} failed; serving the app shell:`, error);
      return next();
    }
    const { headHtml, scriptJson, SSR_DATA_ID, page } = rendered;
    const head_ = headHtml(page.head as never);
    // The screen's own chunk (not the entry's, which the entry imports itself).
    const screenChunks = preloadsFor(manifest, page.module)
      .map((file) => `/${file}`)
      .filter((file) => !template.preloads.includes(file));
    const boot = template.entry ? `\n    ${bootTag(template.entry, [...template.preloads, ...screenChunks])}` : '';
    const head = `    ${head_}${boot}\n  </head>`;
    const html =
      template.beforeRoot.replace(/\s*<\/head>/, '\n' + head) +
      `<div id="root">${page.html}</div>\n    <script type="application/json" id="${SSR_DATA_ID}">${scriptJson(page.payload)}</script>` +
      template.afterRoot;
    // The page is rendered as a visitor whoever asks (no cookie reaches the renderer), so it is
    // the same for everyone; still, an answer to a request carrying a cookie is never stored by
    // a shared cache.
    c.header('Cache-Control', c.req.header('Cookie') ? 'private, no-cache' : 'no-cache');
    c.header('Vary', 'Accept-Encoding');
    c.header('Content-Type', 'text/html; charset=utf-8');
    if (/\bgzip\b/.test(c.req.header('Accept-Encoding') ?? '')) {
      c.header('Content-Encoding', 'gzip');
      return c.body(new Uint8Array(gzipSync(html, { level: 6 })), page.status as 200);
    }
    return c.body(html, page.status as 200);
  };
}
