// Gzip for API answers worth compressing (over 1 KB), done once on the finished body with zlib.
// (hono/compress streams every answer without a Content-Length, tiny ones too, which cost the
// no-op route most of its throughput.) The shared answer cache (answer-cache.ts) compresses each
// cached answer once with gzipBody and marks it `Vary: Accept-Encoding`, so this middleware leaves
// those answers alone.
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

const gzipAsync = promisify(gzip);
export const COMPRESS_THRESHOLD = 1024;

/** Does the request accept gzip? */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return /\bgzip\b/.test(acceptEncoding ?? '');
}

/**
 * The ETag of the gzip form of an answer whose plain form is tagged `etag`: a tag of its own
 * (weak stays weak), so a conditional request that names one form never gets a 304 for the
 * other (RFC 9110 §8.8.3; decision 1055).
 */
export function gzipEtag(etag: string): string {
  return etag.replace(/"$/, '-gzip"');
}

/** The gzip of a body worth compressing, or null when it is under the threshold. */
export async function gzipBody(body: Uint8Array): Promise<Buffer | null> {
  if (body.length < COMPRESS_THRESHOLD) return null;
  return gzipAsync(body, { level: 6 });
}

export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!res.body || res.headers.has('Content-Encoding') || c.req.method === 'HEAD') return;
    // Already negotiated (a cached answer, compressed once when it was stored).
    if (/accept-encoding/i.test(res.headers.get('Vary') ?? '')) return;
    if (!acceptsGzip(c.req.header('Accept-Encoding'))) return;
    if (!/json|text|javascript|svg/.test(res.headers.get('Content-Type') ?? '')) return;
    const body = Buffer.from(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    headers.append('Vary', 'Accept-Encoding');
    const zipped = await gzipBody(body);
    if (!zipped) {
      c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
      return;
    }
    headers.set('Content-Encoding', 'gzip');
    headers.set('Content-Length', String(zipped.length));
    const etag = headers.get('ETag');
    if (etag) headers.set('ETag', gzipEtag(etag));
    // Replaced whole: assigning over c.res would copy the old answer's headers (its ETag) back on.
    c.res = undefined;
    c.res = new Response(new Uint8Array(zipped), { status: res.status, statusText: res.statusText, headers });
  };
}
