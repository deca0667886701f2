// A server-rendered page's answers saved on the device from its payload, read from its HTML as the
// service worker sees it: each as the API sent it, public answers only, dated by the render.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { payloadFromHtml, scriptJson, type SsrPayload } from '../lib/ssr-payload';
import { OfflineDatabase } from './db';
import { keepPageAnswers, seedAnswers } from './seed';

const school = { id: 7, name: 'Camden </script> Academy', rating: 4.5 };
const reviews = { rows: [{ id: 1, text: 'Kind <b>staff</b>' }], total: 1 };
const payload: SsrPayload = {
  fallback: { '"/api/schools/7"': school, '#reviews': reviews, $inf$jobs: [{ rows: [{ id: 3 }], total: 9 }] },
  now: 1_790_000_000_000,
  seed: [
    { url: '/api/schools/7', key: '"/api/schools/7"', headers: { 'content-type': 'application/json' } },
    { url: '/api/schools/7/reviews?sort=new&limit=5', key: '#reviews', pick: 'rows', headers: { 'x-total-count': '1' } },
    { url: '/api/jobs?school=7', key: '$inf$jobs', pick: 'page0' },
    { url: '/api/schools/7/interviews', body: '[{"id":2}]' },
    // Never on a page (it is always a visitor's), and never kept if it were.
    { url: '/api/saved-jobs', body: '[{"id":1}]' },
    // A pointer to nothing: skipped.
    { url: '/api/schools/8', key: '"/api/schools/8"' },
  ],
  fresh: [],
};
const html = `<!doctype html><html><head><title>x</title></head><body><div id="root"><h1>Camden</h1></div>
    <script type="application/json" id="ssr-data">${scriptJson(payload)}</script><script type="module" src="/boot.js"></script></body></html>`;

describe('a page kept on the device from its HTML', () => {
  it('reads the payload out of the page (escaped < and > included) and nothing from a page without one', () => {
    expect(payloadFromHtml(html)).toEqual(payload);
    expect(payloadFromHtml('<html><body><div id="root"></div></body></html>')).toBeUndefined();
    expect(payloadFromHtml('<script type="application/json" id="ssr-data">{"cut</script>')).toBeUndefined();
  });

  it('rebuilds each public answer as the API sent it, under its sorted key', () => {
    const answers = seedAnswers(payload);
    expect(answers.map((a) => [a.key, a.body])).toEqual([
      ['/api/schools/7', JSON.stringify(school)],
      ['/api/schools/7/reviews?limit=5&sort=new', JSON.stringify(reviews.rows)],
      ['/api/jobs?school=7', '[{"id":3}]'],
      ['/api/schools/7/interviews', '[{"id":2}]'],
    ]);
    expect(answers[1].headers.get('x-total-count')).toBe('1');
    expect(answers[3].headers.get('content-type')).toBe('application/json');
  });

  it('saves them in the offline store, dated by the server clock of the render', async () => {
    const db = new OfflineDatabase('seed-test');
    expect(await keepPageAnswers(payloadFromHtml(html)!, db)).toBe(4);
    const rows = await db.responses.orderBy('url').toArray();
    expect(rows.map((r) => r.url)).toEqual([
      '/api/jobs?school=7',
      '/api/schools/7',
      '/api/schools/7/interviews',
      '/api/schools/7/reviews?limit=5&sort=new',
    ]);
    expect(rows.every((r) => r.savedAt === payload.now && r.owner === undefined)).toBe(true);
    expect(JSON.parse(rows[1].body)).toEqual(school);
    expect(rows[3].headers).toEqual({ 'content-type': 'application/json', 'x-total-count': '1' });
    expect(await db.responses.get('/api/saved-jobs')).toBeUndefined();
  });
});
