// The shared answer cache: hits and misses, ETag/304, gzip once per entry, invalidation after a
// write through the API and after a write by another connection on the same file, and answers
// that depend on the signed-in user never shared.
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/client';
import { schools } from '../../../db/schema';
import { createApp } from '../../app';
import { caller } from '../../../test/requests';
import { signIn, testApp } from '../../../test/app';
import { expectOwnTagPerForm } from '../../../test/etags';
import { sharingOf } from '../../route-policy';
import { AnswerCache, answerCache } from './answer-cache';

const NOW = new Date('2026-11-22T12:00:00Z');

function setup() {
  const t = testApp({ now: NOW, rateLimit: false });
  const school = t.db.select().from(schools).where(eq(schools.name, 'Westminster City School')).get()!;
  return { ...t, school, call: caller(t.app) };
}

describe('which reads are shared', () => {
  it('covers the public lists and pages, and nothing personal', () => {
    expect(sharingOf('/api/jobs')).toBe('everyone');
    expect(sharingOf('/api/schools/12/reviews')).toBe('everyone');
    expect(sharingOf('/api/salaries/stats')).toBe('everyone');
    expect(sharingOf('/api/forum/threads')).toBe('visitors');
    // A thread: a member may see pending replies; its view is counted before the cache is asked (api/forum/views.ts).
    expect(sharingOf('/api/forum/threads/4')).toBe('visitors');
    for (const path of [
      '/api/me',
      '/api/saved-jobs',
      '/api/jobs/3/saved',
      '/api/schools/3/user-mood',
      '/api/moderation/queue',
      '/api/health',
    ]) {
      expect(sharingOf(path)).toBeNull();
    }
  });
});

describe('answer cache', () => {
  it('answers the second read from memory, with the same bytes, an ETag and no-cache', async () => {
    const { app } = setup();
    const first = await app.request('/api/pay-scales');
    const firstBody = await first.text();
    expect(first.status).toBe(200);
    expect(first.headers.get('X-Cache')).toBe('miss');
    expect(first.headers.get('Cache-Control')).toBe('no-cache');
    expect(first.headers.get('Content-Type')).toMatch(/application\/json/);
    const etag = first.headers.get('ETag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    const second = await app.request('/api/pay-scales');
    expect(second.headers.get('X-Cache')).toBe('hit');
    expect(second.headers.get('ETag')).toBe(etag);
    expect(await second.text()).toBe(firstBody);
    expect(JSON.parse(firstBody).length).toBeGreaterThan(10);
    // Another URL is another entry.
    const other = await app.request('/api/pay-scales?effectiveDate=2026-09-01');
    expect(other.headers.get('X-Cache')).toBe('miss');
    // A refused read (400) is not cached.
    const bad = await app.request('/api/pay-scales?effectiveDate=soon');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('X-Cache')).toBeNull();
    expect((await app.request('/api/pay-scales?effectiveDate=soon')).status).toBe(400);
    // Personal or unlisted reads keep no-store and never say X-Cache.
    const health = await app.request('/api/health');
    expect(health.headers.get('Cache-Control')).toBe('no-store');
    expect(health.headers.get('X-Cache')).toBeNull();
  });

  it('computes an answer once when many ask for it at the same time', async () => {
    const { app } = setup();
    const answers = await Promise.all(
      Array.from({ length: 6 }, async () => app.request('/api/schools?sort=rating', { headers: { 'Accept-Encoding': 'gzip' } })),
    );
    expect(answers.map((r) => r.headers.get('X-Cache')).sort()).toEqual(['hit', 'hit', 'hit', 'hit', 'hit', 'miss']);
    const bodies = await Promise.all(answers.map(async (r) => Buffer.from(await r.arrayBuffer()).toString('base64')));
    expect(new Set(bodies).size).toBe(1);
    expect(new Set(answers.map((r) => r.headers.get('ETag'))).size).toBe(1);
  });

  it('answers 304 with no body to a matching If-None-Match, on a hit and on a miss', async () => {
    const { app, school } = setup();
    const first = await app.request(`/api/schools/${school.id}`);
    const etag = first.headers.get('ETag')!;
    const notModified = await app.request(`/api/schools/${school.id}`, { headers: { 'If-None-Match': etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('ETag')).toBe(etag);
    expect(await notModified.text()).toBe('');
    // Several tags, one matching.
    const listed = await app.request(`/api/schools/${school.id}`, { headers: { 'If-None-Match': `"nope", ${etag}` } });
    expect(listed.status).toBe(304);
    const stale = await app.request(`/api/schools/${school.id}`, { headers: { 'If-None-Match': 'W/"old"' } });
    expect(stale.status).toBe(200);
    expect((await stale.json()).name).toBe('Westminster City School');
    // A second app on the same data (another worker) computes the same ETag: 304 on its miss too.
    const { db } = setup();
    const twin = createApp({ db, now: () => NOW, rateLimit: false });
    const same = await twin.request(`/api/pay-scales`);
    const twinEtag = same.headers.get('ETag')!;
    const mine = await app.request(`/api/pay-scales`, { headers: { 'If-None-Match': twinEtag } });
    expect(mine.headers.get('X-Cache')).toBe('miss');
    expect(mine.status).toBe(304);
  });

  it('compresses an entry once and serves gzip or identity by Accept-Encoding', async () => {
    const { app } = setup();
    const plain = await app.request('/api/schools');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(1024);
    const zipped = await app.request('/api/schools', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(zipped.headers.get('X-Cache')).toBe('hit');
    expect(zipped.headers.get('Content-Encoding')).toBe('gzip');
    expect(zipped.headers.get('Vary')).toBe('Accept-Encoding');
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(Number(zipped.headers.get('Content-Length'))).toBe(bytes.length);
    expect(bytes.length).toBeLessThan(text.length);
    expect(gunzipSync(bytes).toString()).toBe(text);
    // The paging header of the list is part of the cached answer.
    expect(zipped.headers.get('X-Total-Count')).toBe(plain.headers.get('X-Total-Count'));
    expect(Number(zipped.headers.get('X-Total-Count'))).toBeGreaterThan(0);
  });

  it("gives the gzip and the plain form each its own ETag: the other form's ETag never gets a 304", async () => {
    const { app, school } = setup();
    const get = (headers: Record<string, string> = {}) => app.request('/api/schools', { headers });
    await expectOwnTagPerForm(get, { acceptGzip: 'gzip', tag: /^W\/".+"$/ });
    // An answer too small to compress has one form, and one tag whatever is accepted.
    const small = await app.request(`/api/schools/${school.id}/mood-stats`);
    const smallZipped = await app.request(`/api/schools/${school.id}/mood-stats`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(Number(small.headers.get('Content-Length'))).toBeLessThan(1024);
    expect(smallZipped.headers.get('Content-Encoding')).toBeNull();
    expect(smallZipped.headers.get('ETag')).toBe(small.headers.get('ETag'));
  });

  it('forgets answers after a write through the API', async () => {
    const { app, call, db, school } = setup();
    const ada = signIn(db, { id: 'test:ada', email: 'ada@example.test', firstName: 'Ada' });
    const before = await call('GET', `/api/schools/${school.id}/mood-stats`);
    expect(before.headers.get('X-Cache')).toBe('miss');
    expect((await call('GET', `/api/schools/${school.id}/mood-stats`)).headers.get('X-Cache')).toBe('hit');
    const created = await call('POST', `/api/schools/${school.id}/mood`, {
      cookie: ada,
      body: { mood: 'happy', emoji: '😊', anonymous: true },
    });
    expect(created.status).toBe(201);
    const after = await call('GET', `/api/schools/${school.id}/mood-stats`);
    expect(after.headers.get('X-Cache')).toBe('miss');
    expect(after.body.totalMoods).toBe(before.body.totalMoods + 1);
    expect(after.headers.get('ETag')).not.toBe(before.headers.get('ETag'));
    // The old ETag no longer matches.
    const revalidated = await app.request(`/api/schools/${school.id}/mood-stats`, {
      headers: { 'If-None-Match': before.headers.get('ETag')! },
    });
    expect(revalidated.status).toBe(200);
  });

  it('forgets answers after a write by another connection (another process) on the same file', async () => {
    const { app, db, school } = setup();
    const first = (await (await app.request(`/api/schools/${school.id}`)).json()) as { name: string };
    expect(first.name).toBe('Westminster City School');
    expect((await app.request(`/api/schools/${school.id}`)).headers.get('X-Cache')).toBe('hit');
    const other = openDatabase(db.$client.name);
    other.update(schools).set({ name: 'Westminster City School (renamed)' }).where(eq(schools.id, school.id)).run();
    other.$client.close();
    const after = await app.request(`/api/schools/${school.id}`);
    expect(after.headers.get('X-Cache')).toBe('miss');
    expect(((await after.json()) as { name: string }).name).toBe('Westminster City School (renamed)');
  });

  it('forgets answers after a write of this process outside any request (a background job)', async () => {
    const { app, db } = setup();
    const count = async () => ((await (await app.request('/api/stats')).json()) as { schools: number }).schools;
    const n = await count();
    expect((await app.request('/api/stats')).headers.get('X-Cache')).toBe('hit');
    db.$client.prepare('update schools set is_active = 0 where id = (select min(id) from schools where is_active = 1)').run();
    expect(await count()).toBe(n - 1);
  });

  it('never shares an answer that depends on the signed-in user', async () => {
    const { call, db } = setup();
    const ada = signIn(db, { id: 'test:ada', email: 'ada@example.test', firstName: 'Ada' });
    const bob = signIn(db, { id: 'test:bob', email: 'bob@example.test', firstName: 'Bob' });
    const categoryId = (await call('GET', '/api/forum/categories')).body[0].id;
    // A visitor fills the cache first.
    const visitor = await call('GET', '/api/forum/threads');
    expect(visitor.headers.get('X-Cache')).toBe('miss');
    expect(visitor.headers.get('Vary')).toBe('Accept-Encoding, Cookie');
    const posted = await call('POST', '/api/forum/threads', {
      cookie: ada,
      body: { categoryId, title: 'Ada only until approved', content: 'Waiting for a moderator to look at this thread.' },
    });
    expect(posted.status).toBe(201);
    const titles = (r: { body: { title: string }[] }) => r.body.map((t) => t.title);
    // Ada sees her pending thread; the answer is hers alone (no-store, never from the cache).
    const adas = await call('GET', '/api/forum/threads', { cookie: ada });
    expect(titles(adas)).toContain('Ada only until approved');
    expect(adas.headers.get('Cache-Control')).toBe('no-store');
    expect(adas.headers.get('X-Cache')).toBeNull();
    // Bob and visitors do not, however often Ada asks first.
    await call('GET', '/api/forum/threads', { cookie: ada });
    const bobs = await call('GET', '/api/forum/threads', { cookie: bob });
    expect(titles(bobs)).not.toContain('Ada only until approved');
    expect(titles(bobs).length).toBe(visitor.body.length);
    const visitor2 = await call('GET', '/api/forum/threads');
    expect(titles(visitor2)).not.toContain('Ada only until approved');
    // A pending thread changes nothing visitors see: their answer stays kept (decision 1057).
    expect(visitor2.headers.get('X-Cache')).toBe('hit');
    // A read that never looks at the session is shared with signed-in users too.
    await call('GET', '/api/forum/categories');
    expect((await call('GET', '/api/forum/categories', { cookie: bob })).headers.get('X-Cache')).toBe('hit');
  });

  it('never stores a Set-Cookie: a session refresh reaches its own user only', async () => {
    // Two hours after the sessions were made: the first request of each refreshes its cookie.
    const later = new Date(Date.now() + 2 * 3_600_000);
    const t = testApp({ now: later, rateLimit: false });
    const ada = signIn(t.db, { id: 'test:ada', email: 'ada@example.test', firstName: 'Ada' });
    const first = await t.app.request('/api/stats', { headers: { Cookie: ada } });
    expect(first.headers.get('X-Cache')).toBe('miss');
    expect(first.headers.get('Set-Cookie')).toMatch(/^tilt_session=/);
    // The refresh (a write no visitor sees) kept the answer, which carries no cookie.
    const visitor = await t.app.request('/api/stats');
    expect(visitor.headers.get('Set-Cookie')).toBeNull();
    const hit = await t.app.request('/api/stats');
    expect(hit.headers.get('X-Cache')).toBe('hit');
    expect(hit.headers.get('Set-Cookie')).toBeNull();
    // Bob's refresh comes with his own answer, from the cache or not.
    const bob = signIn(t.db, { id: 'test:bob', email: 'bob@example.test', firstName: 'Bob' });
    await t.app.request('/api/stats');
    const bobs = await t.app.request('/api/stats', { headers: { Cookie: bob } });
    expect(bobs.headers.get('Set-Cookie')).toContain(bob.split('=')[1]);
    expect(bobs.headers.get('Set-Cookie')).not.toContain(ada.split('=')[1]);
  });

  it('keeps within its memory budget, dropping the least recently used', async () => {
    const { db } = setup();
    const cache = new AnswerCache(db, () => NOW, { maxBytes: 8 * 3000 });
    const v = cache.snapshot();
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']) {
      cache.store(key, await cache.build(v, [], Buffer.alloc(2500, key), new Headers({ 'content-type': 'application/json' })));
      if (key === 'h') cache.lookup('a', v); // 'a' used again: kept over 'b' and 'c'
    }
    expect(cache.size.bytes).toBeLessThanOrEqual(8 * 3000);
    expect(cache.size.entries).toBe(8);
    expect(cache.lookup('a', v)).toBeDefined();
    expect(cache.lookup('b', v)).toBeUndefined();
    expect(cache.lookup('c', v)).toBeUndefined();
    expect(cache.lookup('j', v)?.body.length).toBe(2500);
  });

  it('answers a request that takes no gzip (the page renderer reads in process) before the gzip form is made, which is then kept', async () => {
    const { db } = setup();
    const cache = new AnswerCache(db, () => NOW);
    const reads = new Hono();
    reads.use(answerCache(cache, { sharingOf: () => 'everyone', dataOf: () => ['schools'] }));
    let handled = 0;
    reads.get('/big', (c) => (handled++, c.json(Array.from({ length: 400 }, (_, i) => ({ i, text: `row ${i}` })))));
    const plain = await reads.request('/big');
    expect(plain.headers.get('X-Cache')).toBe('miss');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    const text = await plain.text();
    expect(JSON.parse(text)).toHaveLength(400);
    // Answered while the gzip was still being made: nothing kept yet, the computation still pending.
    expect(cache.size.entries).toBe(0);
    expect(cache.pending.size).toBe(1);
    // A browser's request meanwhile waits for that entry (no second computation) and gets its gzip form.
    const zipped = await reads.request('/big', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(zipped.headers.get('X-Cache')).toBe('hit');
    expect(zipped.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe(text);
    expect(handled).toBe(1);
    expect(cache.size.entries).toBe(1);
    expect(cache.pending.size).toBe(0);
    expect((await reads.request('/big')).headers.get('ETag')).toBe(plain.headers.get('ETag'));
  });
});
