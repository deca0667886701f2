// The built app served from memory: a file's gzip and plain forms each have their own ETag, so a
// conditional request with the other form's tag gets the full answer, never a 304 for the wrong body.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { serveApp } from './static';

function app() {
  const dir = mkdtempSync(join(tmpdir(), 'tilt-static-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'assets', 'app-1.js'),
    `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `row ${i}`))};\n`,
  );
  writeFileSync(join(dir, 'tiny.txt'), 'small');
  return new Hono().use(serveApp(dir));
}

describe('static files', () => {
  it("gives the gzip and plain forms of a file each its own ETag; the other form's ETag is not a match", async () => {
    const files = app();
    const get = (headers: Record<string, string> = {}) => files.request('/assets/app-1.js', { headers });
    const plain = await get();
    const text = await plain.text();
    const zipped = await get({ 'Accept-Encoding': 'gzip, br' });
    expect(zipped.headers.get('Content-Encoding')).toBe('gzip');
    const plainTag = plain.headers.get('ETag')!;
    const gzipTag = zipped.headers.get('ETag')!;
    expect(plainTag).toMatch(/^".+"$/);
    expect(gzipTag).toMatch(/^".+"$/);
    expect(gzipTag).not.toBe(plainTag);
    expect((await get({ 'If-None-Match': plainTag })).status).toBe(304);
    expect((await get({ 'Accept-Encoding': 'gzip', 'If-None-Match': gzipTag })).status).toBe(304);
    const crossPlain = await get({ 'If-None-Match': gzipTag });
    expect([crossPlain.status, crossPlain.headers.get('Content-Encoding'), crossPlain.headers.get('ETag')]).toEqual([200, null, plainTag]);
    expect(await crossPlain.text()).toBe(text);
    const crossGzip = await get({ 'Accept-Encoding': 'gzip', 'If-None-Match': plainTag });
    expect([crossGzip.status, crossGzip.headers.get('Content-Encoding'), crossGzip.headers.get('ETag')]).toEqual([200, 'gzip', gzipTag]);
    expect(gunzipSync(Buffer.from(await crossGzip.arrayBuffer())).toString()).toBe(text);
    // A file too small to compress has one form and one tag.
    const tiny = await files.request('/tiny.txt', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(tiny.headers.get('Content-Encoding')).toBeNull();
    expect(tiny.headers.get('ETag')).toBe((await files.request('/tiny.txt')).headers.get('ETag'));
  });
});
