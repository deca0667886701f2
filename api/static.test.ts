// The built app served from memory: a file's gzip and plain forms each have their own ETag, so a
// conditional request with the other form's tag gets the full answer, never a 304 for the wrong body.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { expectOwnTagPerForm } from '../test/etags';
import { loadStaticFiles, serveApp } from './static';

function app() {
  const dir = mkdtempSync(join(tmpdir(), 'tilt-static-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'assets', 'app-1.js'),
    `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `row ${i}`))};\n`,
  );
  writeFileSync(join(dir, 'tiny.txt'), 'small');
  mkdirSync(join(dir, 'server'));
  writeFileSync(join(dir, 'server', 'server.mjs'), 'const secretish = 1;');
  return new Hono().use(serveApp(dir));
}

describe('static files', () => {
  it("gives the gzip and plain forms of a file each its own ETag; the other form's ETag is not a match", async () => {
    const files = app();
    const get = (headers: Record<string, string> = {}) => files.request('/assets/app-1.js', { headers });
    await expectOwnTagPerForm(get, { acceptGzip: 'gzip, br', tag: /^".+"$/ });
    // A file too small to compress has one form and one tag.
    const tiny = await files.request('/tiny.txt', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(tiny.headers.get('Content-Encoding')).toBeNull();
    expect(tiny.headers.get('ETag')).toBe((await files.request('/tiny.txt')).headers.get('ETag'));
  });

  it("never serves the server's own bundle (dist/server/, decision 0008)", async () => {
    const res = await app().request('/server/server.mjs');
    expect(await res.text()).not.toContain('secretish');
  });
});

describe('gzip forms', () => {
  it('are made when first asked for, not at the start, then kept; each unzips to the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tilt-static-'));
    mkdirSync(join(dir, 'assets'));
    const text = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `row ${i}`))};\n`;
    writeFileSync(join(dir, 'assets', 'app-1.js'), text);
    writeFileSync(join(dir, 'assets', 'app-2.js'), text.replace('rows', 'others'));
    const files = loadStaticFiles(dir);
    expect([...files.values()].map((f) => [f.compressible, f.gzip])).toEqual([
      [true, undefined],
      [true, undefined],
    ]);
    const app = new Hono().use(serveApp(dir, files));
    const zipped = await app.request('/assets/app-1.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(zipped.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe(text);
    const made = files.get('/assets/app-1.js')!.gzip;
    expect(made).toBeInstanceOf(Buffer);
    // Kept: the next request gets the same bytes; a plain request and the other file make none.
    await app.request('/assets/app-1.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(files.get('/assets/app-1.js')!.gzip).toBe(made);
    expect(await (await app.request('/assets/app-2.js')).text()).toBe(text.replace('rows', 'others'));
    expect(files.get('/assets/app-2.js')!.gzip).toBeUndefined();
  });
});
