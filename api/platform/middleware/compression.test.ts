// Gzip of uncached API answers: an answer that carries an ETag gets a tag of its own in its gzip
// form, so a conditional request naming the plain form never matches the compressed one.
import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { compression, gzipEtag } from './compression';

describe('compression', () => {
  it('compresses answers over 1 KB and gives a tagged answer a gzip tag of its own', async () => {
    const body = JSON.stringify(Array.from({ length: 100 }, (_, i) => ({ row: i, text: 'the same words again' })));
    const app = new Hono().use(compression()).get('/tagged', (c) => {
      c.header('ETag', 'W/"abc"');
      return c.body(body, 200, { 'Content-Type': 'application/json' });
    });
    const plain = await app.request('/tagged');
    expect([plain.headers.get('Content-Encoding'), plain.headers.get('ETag')]).toEqual([null, 'W/"abc"']);
    const zipped = await app.request('/tagged', { headers: { 'Accept-Encoding': 'gzip' } });
    expect([zipped.headers.get('Content-Encoding'), zipped.headers.get('ETag'), zipped.headers.get('Vary')]).toEqual([
      'gzip',
      'W/"abc-gzip"',
      'Accept-Encoding',
    ]);
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe(body);
  });

  it('keeps a strong tag strong and a weak one weak', () => {
    expect(gzipEtag('"x1"')).toBe('"x1-gzip"');
    expect(gzipEtag('W/"x1"')).toBe('W/"x1-gzip"');
  });
});
