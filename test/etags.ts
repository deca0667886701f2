// Test helper for answers served in two forms: plain and gzip, each with its own ETag.
import { gunzipSync } from 'node:zlib';
import { expect } from 'vitest';

/**
 * One answer's plain and gzip forms each carry their own ETag (of the shape `tag`): each form's own
 * tag gets a 304 with that tag; the other form's tag gets the full answer, in the form asked for,
 * with its own tag. `get` asks for the answer with these request headers; `acceptGzip` is the
 * Accept-Encoding of the first gzip request.
 */
export async function expectOwnTagPerForm(
  get: (headers?: Record<string, string>) => Response | Promise<Response>,
  { acceptGzip, tag }: { acceptGzip: string; tag: RegExp },
) {
  const plain = await get();
  const text = await plain.text();
  const zipped = await get({ 'Accept-Encoding': acceptGzip });
  expect(zipped.headers.get('Content-Encoding')).toBe('gzip');
  const plainTag = plain.headers.get('ETag')!;
  const gzipTag = zipped.headers.get('ETag')!;
  expect(plainTag).toMatch(tag);
  expect(gzipTag).toMatch(tag);
  expect(gzipTag).not.toBe(plainTag);
  // Each form's own tag: 304.
  const samePlain = await get({ 'If-None-Match': plainTag });
  expect([samePlain.status, samePlain.headers.get('ETag')]).toEqual([304, plainTag]);
  const sameGzip = await get({ 'Accept-Encoding': 'gzip', 'If-None-Match': gzipTag });
  expect([sameGzip.status, sameGzip.headers.get('ETag')]).toEqual([304, gzipTag]);
  // The other form's tag: the full answer in the form asked for, with its own tag.
  const crossPlain = await get({ 'If-None-Match': gzipTag });
  expect([crossPlain.status, crossPlain.headers.get('Content-Encoding'), crossPlain.headers.get('ETag')]).toEqual([200, null, plainTag]);
  expect(await crossPlain.text()).toBe(text);
  const crossGzip = await get({ 'Accept-Encoding': 'gzip', 'If-None-Match': plainTag });
  expect([crossGzip.status, crossGzip.headers.get('Content-Encoding'), crossGzip.headers.get('ETag')]).toEqual([200, 'gzip', gzipTag]);
  expect(gunzipSync(Buffer.from(await crossGzip.arrayBuffer())).toString()).toBe(text);
}
