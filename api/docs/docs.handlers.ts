// The OpenAPI document and its reference page (decision 0006). The page is Scalar's Hono
// middleware with its bundle served from node_modules (the app works without a CDN), and its one
// inline script allowed by hash in this page's Content-Security-Policy (platform/middleware/security.ts).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { RouteHandler } from '@hono/zod-openapi';
import { Scalar } from '@scalar/hono-api-reference';
import type { AppEnv } from '../context';
import { acceptsGzip } from '../platform/middleware/compression';
import type * as routes from './docs.routes';

export const document: RouteHandler<typeof routes.document> = (c) => c.json(c.get('apiDocument')(), 200);

const SCRIPT_PATH = '/api/docs/scalar.js';
const page = Scalar<AppEnv>({
  url: '/api/openapi.json',
  cdn: SCRIPT_PATH,
  pageTitle: 'Teachers In London Talk API',
  withDefaultFonts: false,
  hideClientButton: true,
  showDeveloperTools: 'never',
  telemetry: false,
  agent: { disabled: true },
});

/** sha256 of each inline script of an HTML page, as CSP source expressions. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`,
  );
}

export const reference: RouteHandler<typeof routes.reference> = async (c) => {
  const res = (await page(c, async () => {})) as Response;
  const html = await res.clone().text();
  c.set('inlineScripts', inlineScriptHashes(html));
  return res;
};

let bundle: { body: Buffer; gzip: Buffer; etag: string } | undefined;
function scalarBundle() {
  if (!bundle) {
    const body = readFileSync(fileURLToPath(import.meta.resolve('@scalar/api-reference/browser/standalone.js')));
    bundle = { body, gzip: gzipSync(body), etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"` };
  }
  return bundle;
}

export const referenceScript: RouteHandler<typeof routes.referenceScript> = (c) => {
  const { body, gzip, etag } = scalarBundle();
  const zipped = acceptsGzip(c.req.header('Accept-Encoding'));
  c.header('Cache-Control', 'public, max-age=86400');
  c.header('Vary', 'Accept-Encoding');
  c.header('ETag', zipped ? etag.replace(/"$/, '-gzip"') : etag);
  if (c.req.header('If-None-Match') === c.res.headers.get('ETag')) return c.body(null, 304);
  c.header('Content-Type', 'text/javascript; charset=utf-8');
  if (zipped) c.header('Content-Encoding', 'gzip');
  return c.body(new Uint8Array(zipped ? gzip : body), 200);
};
