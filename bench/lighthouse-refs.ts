// The references bench:lighthouse measures beside the app in the same run (issue 40): for each
// page, the same HTML and CSS with every script removed (`static`), and the same markup hydrated
// by React alone (`hydrate`, bench/ref-hydrate.tsx). Both are served by a small server of their
// own that passes every other request (the stylesheet, icons, fonts) through to the app's server
// unchanged, compression included. Drift of the browser or the box moves the references too; what
// the app adds over `hydrate` is the product's own work.
// Also here: starting a second build (another checkout's dist/, e.g. a git worktree) for a side
// by side run.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { CHROMIUM, freePort } from '../e2e/harness';
import type { RefNode } from './ref-hydrate';

/** The page's HTML with every script (and module preload) removed. */
export function withoutScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '').replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '');
}

// HTML attribute names React spells otherwise (the few the app's markup uses, and their kin).
const PROP_NAMES: Record<string, string> = {
  class: 'className',
  for: 'htmlFor',
  tabindex: 'tabIndex',
  readonly: 'readOnly',
  maxlength: 'maxLength',
  minlength: 'minLength',
  autocomplete: 'autoComplete',
  enterkeyhint: 'enterKeyHint',
  inputmode: 'inputMode',
  crossorigin: 'crossOrigin',
  srcset: 'srcSet',
  fetchpriority: 'fetchPriority',
  colspan: 'colSpan',
  rowspan: 'rowSpan',
  datetime: 'dateTime',
  novalidate: 'noValidate',
  spellcheck: 'spellCheck',
  referrerpolicy: 'referrerPolicy',
  autofocus: 'autoFocus',
  'stroke-width': 'strokeWidth',
  'stroke-linecap': 'strokeLinecap',
  'stroke-linejoin': 'strokeLinejoin',
  'fill-rule': 'fillRule',
  'clip-rule': 'clipRule',
  'xlink:href': 'xlinkHref',
};
const BOOLEAN = new Set([
  'hidden',
  'disabled',
  'checked',
  'selected',
  'required',
  'multiple',
  'open',
  'readonly',
  'novalidate',
  'autofocus',
]);

function styleObject(css: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const decl of css.split(';')) {
    const i = decl.indexOf(':');
    if (i < 0) continue;
    const name = decl.slice(0, i).trim();
    const key = name.startsWith('--') ? name : name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    out[key] = decl.slice(i + 1).trim();
  }
  return out;
}

/** React props for an element's HTML attributes (value/checked as defaults: uncontrolled). */
function propsOf(tag: string, attrs: [string, string][]): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [name, value] of attrs) {
    if (name === 'style') props.style = styleObject(value);
    else if (name === 'value' && tag !== 'option' && tag !== 'button') props.defaultValue = value;
    else if (name === 'checked') props.defaultChecked = true;
    else props[PROP_NAMES[name] ?? name] = BOOLEAN.has(name) ? true : value;
  }
  return props;
}

type RawNode = string | { tag: string; attrs: [string, string][]; kids: RawNode[] } | { boundary: RawNode[] };

// Runs in the page (a string: tsx's helpers do not exist there). A Suspense boundary's comments
// (<!--$--> ... <!--/$-->) become a node of its own; other comments (React's text separators) go.
const WALK_ROOT = `(() => {
  const walk = (parent) => {
    const stack = [[]];
    for (const node of Array.from(parent.childNodes)) {
      const top = stack[stack.length - 1];
      if (node.nodeType === Node.TEXT_NODE) top.push(node.data);
      else if (node.nodeType === Node.COMMENT_NODE) {
        if (node.data === '$' || node.data === '$?' || node.data === '$!') stack.push([]);
        else if (node.data === '/$' && stack.length > 1) {
          const boundary = stack.pop();
          stack[stack.length - 1].push({ boundary });
        }
      } else if (node instanceof Element) {
        const attrs = Array.from(node.attributes).map((a) => [a.name, a.value]);
        top.push({ tag: node.localName, attrs, kids: node.localName === 'template' ? [] : walk(node) });
      }
    }
    return stack[0];
  };
  return walk(document.getElementById('root'));
})()`;

/** `#root`'s DOM as the browser parses the page (scripts off): elements, text, Suspense boundaries. */
async function rawTree(html: string): Promise<RawNode[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    await page.setContent(withoutScripts(html));
    return await page.evaluate<RawNode[]>(WALK_ROOT);
  } finally {
    await browser.close();
  }
}

function toRef(node: RawNode): RefNode {
  if (typeof node === 'string') return node;
  if ('boundary' in node) return ['$S', {}, ...node.boundary.map(toRef)];
  const props = propsOf(node.tag, node.attrs);
  if (node.tag === 'textarea') {
    props.defaultValue = node.kids.filter((k) => typeof k === 'string').join('');
    return [node.tag, props];
  }
  return [node.tag, props, ...node.kids.map(toRef)];
}

/** The page with its scripts replaced by the tree of its `#root` and the hydrate-only bundle. */
export async function hydrateOnly(html: string, bundle: string): Promise<string> {
  const tree = (await rawTree(html)).map(toRef);
  const json = JSON.stringify(tree).replace(/</g, '\\u003c');
  const scripts = `<script type="application/json" id="ref-tree">${json}</script><script type="module" src="${bundle}"></script>`;
  return withoutScripts(html).replace('</body>', `${scripts}</body>`);
}

/**
 * Opens the hydrate-only reference in Chromium: it must hydrate without a mismatch (a mismatch
 * makes React render the page again on the client, which would make the reference cost more).
 */
export async function checkHydrates(url: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(url, { waitUntil: 'load' });
    const hydrated = await page.waitForFunction(
      "Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer'))",
      undefined,
      { timeout: 15_000 },
    );
    await hydrated.dispose();
    await page.waitForTimeout(500);
    if (errors.length) throw new Error(`${url} did not hydrate cleanly:\n${errors.join('\n').slice(0, 2000)}`);
  } finally {
    await browser.close();
  }
}

/** bench/ref-hydrate.tsx bundled for the browser: React's production build, minified. */
export async function hydrateBundle(): Promise<Buffer> {
  const outfile = join(mkdtempSync(join(tmpdir(), 'lh-ref-')), 'hydrate.js');
  await build({
    entryPoints: [join(import.meta.dirname, 'ref-hydrate.tsx')],
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    outfile,
    logLevel: 'error',
  });
  try {
    return readFileSync(outfile);
  } finally {
    rmSync(dirname(outfile), { recursive: true, force: true });
  }
}

export interface RefServer {
  url: string;
  /** Serves `html` at `/ref/{name}` (gzip when asked, as the app's pages are). */
  set: (name: string, html: string) => void;
  close: () => Promise<void>;
}

/** The references' server: its own pages and bundle, every other path from `upstream`. */
export async function startRefServer(upstream: string, files: Record<string, Buffer>): Promise<RefServer> {
  const pages = new Map<string, Buffer>();
  const up = new URL(upstream);
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    const page = pages.get(path);
    const file = files[path];
    if (page || file) {
      const type = page ? 'text/html; charset=utf-8' : 'text/javascript';
      const body = page ?? file;
      res.writeHead(200, { 'content-type': type, 'cache-control': 'no-cache', ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
      res.end(gzip ? gzipSync(body) : body);
      return;
    }
    const headers = { ...req.headers, host: up.host };
    const proxied = request({ host: up.hostname, port: up.port, path, method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    proxied.on('error', () => res.writeHead(502).end());
    req.pipe(proxied);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${port}`,
    set: (name, html) => pages.set(`/ref/${name}`, Buffer.from(html)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Another build's server (a checkout with a built dist/, e.g. a git worktree), as the bench's own. */
export async function startOtherBuild(root: string, env: Record<string, string>): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const oidc = await freePort();
  const database = join(mkdtempSync(join(tmpdir(), 'lh-other-')), 'app.db');
  const child = spawn(process.execPath, [join(root, 'dist', 'server', 'server.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      LOG_REQUESTS: '0',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: database,
      DEV_OIDC_PORT: String(oidc),
      ...env,
    },
    stdio: 'ignore',
  });
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${root}: server exited (${child.exitCode})`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${root}: server did not start within 120 s`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  // Its database folder removed once it has stopped.
  child.once('exit', () => rmSync(dirname(database), { recursive: true, force: true }));
  return { url, stop: () => child.kill('SIGTERM') };
}
