// Gzip for API answers worth compressing (over 1 KB), done once on the finished body with zlib.
// (hono/compress streams every answer without a Content-Length, tiny ones too, which cost the
// no-op route most of its throughput.)
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

const gzipAsync = promisify(gzip);
export const COMPRESS_THRESHOLD = 1024;

export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!res.body || res.headers.has('Content-Encoding') || c.req.method === 'HEAD') return;
    if (!/\bgzip\b/.test(c.req.header('Accept-Encoding') ?? '')) return;
    if (!/json|text|javascript|svg/.test(res.headers.get('Content-Type') ?? '')) return;
    const body = Buffer.from(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    headers.append('Vary', 'Accept-Encoding');
    if (body.length < COMPRESS_THRESHOLD) {
      c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
      return;
    }
    const zipped = await gzipAsync(body, { level: 6 });
    headers.set('Content-Encoding', 'gzip');
    headers.set('Content-Length', String(zipped.length));
    c.res = new Response(new Uint8Array(zipped), { status: res.status, statusText: res.statusText, headers });
  };
}
