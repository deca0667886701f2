// Serves the built web app from memory: hashed assets cached for a year, everything else
// revalidated, gzip when the browser accepts it, and index.html for every client route.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { gzipEtag } from './platform/middleware/compression';
import { API_POLICY } from './route-policy';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt', '.map']);

interface StaticFile {
  body: Buffer;
  /** Whether it is worth compressing (text, over 1 kB); its gzip form is made when first asked for (gzipOf). */
  compressible: boolean;
  gzip?: Buffer;
  type: string;
  etag: string;
  cacheControl: string;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

export function loadStaticFiles(distDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!existsSync(distDir)) return files;
  for (const path of walk(distDir)) {
    const url = '/' + relative(distDir, path).split(sep).join('/');
    // The server's own bundle (dist/server/, decision 0008) is not the web app's to serve.
    if (url.startsWith('/server/')) continue;
    const ext = extname(path);
    const body = readFileSync(path);
    const hashed = url.startsWith('/assets/');
    files.set(url, {
      body,
      compressible: COMPRESSIBLE.has(ext) && body.length > 1024,
      type: TYPES[ext] ?? 'application/octet-stream',
      etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
      cacheControl: hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
  }
  return files;
}

/**
 * A compressible file's gzip form, made on the first request that takes it and kept. Made at every
 * start for all ~90 compressible files, it cost each start 45-90 ms of CPU, though a server (a
 * test's, one that is restarted) is often asked for a few of them only.
 */
function gzipOf(file: StaticFile): Buffer {
  return (file.gzip ??= gzipSync(file.body));
}

/** Paths the server owns (where the declared routes live): never answered with the app's index.html. */
export const SERVER_PATHS = API_POLICY.serverPaths;

export function serveApp(distDir: string, files = loadStaticFiles(distDir)): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const path = decodeURIComponent(c.req.path);
    let file = files.get(path);
    if (!file && !SERVER_PATHS.test(path) && !extname(path)) file = files.get('/index.html');
    if (!file) return next();
    const useGzip = file.compressible && /\bgzip\b/.test(c.req.header('Accept-Encoding') ?? '');
    // Each form its own tag: the other form's never matches (decision 1055).
    const etag = useGzip ? gzipEtag(file.etag) : file.etag;
    c.header('Cache-Control', file.cacheControl);
    c.header('ETag', etag);
    c.header('Vary', 'Accept-Encoding');
    if (c.req.header('If-None-Match') === etag) return c.body(null, 304);
    c.header('Content-Type', file.type);
    if (useGzip) c.header('Content-Encoding', 'gzip');
    return c.body(new Uint8Array(useGzip ? gzipOf(file) : file.body));
  };
}
