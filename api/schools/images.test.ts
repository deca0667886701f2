// School images batch against local school websites: og:image, twitter:image, a named <img>,
// none, a timeout, a 500; progress, results, the concurrency limit, and hand-set images kept.
// The slow site never answers, so the timeout (2 s) only has to be long enough for the others under load.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, isNotNull } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { schools } from '../../db/schema';
import { createApp } from '../app';
import { ok, signIn, typedClient } from '../../test/app';
import { testDb } from '../../test/db';
import { findSchoolImage } from './images';
import { localServer, type LocalServer } from '../../test/servers';

const ADMIN = 'admin@example.test';
let site: LocalServer;
let inFlight = 0;
let maxInFlight = 0;

const page = (head: string, body = '') => `<!doctype html><html><head><title>School</title>${head}</head><body>${body}</body></html>`;

beforeAll(async () => {
  site = await localServer((req, res) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => inFlight--);
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const html = (s: string) => setTimeout(() => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(s), 60);
    if (path.startsWith('/og')) return html(page('<meta content="/images/front.jpg?w=1200&amp;h=630" property="og:image">'));
    if (path.startsWith('/twitter')) return html(page('<meta name="twitter:image" content="https://cdn.example.org/school.png">'));
    if (path.startsWith('/img'))
      return html(
        page(
          '',
          '<img src="/logo.png" alt="Argyle Primary School logo" width="120"><img src="data:image/gif;base64,R0lGOD" alt="Argyle Primary School">' +
            '<img src="photos/building.jpg" alt="Pupils outside Argyle Primary School" width="900" height="500">',
        ),
      );
    if (path.startsWith('/data-og')) return html(page('<meta property="og:image" content="data:image/png;base64,AAAA">'));
    if (path.startsWith('/none')) return html(page('<meta name="description" content="Welcome">', '<img src="/x.jpg" alt="">'));
    if (path.startsWith('/error')) return void res.writeHead(500, { 'Content-Type': 'text/html' }).end('Internal Server Error');
    if (path.startsWith('/slow')) return; // never answers
    res.writeHead(404).end();
  });
});
afterAll(() => site.close());

function setup(options: { timeoutMs?: number } = {}) {
  const db = testDb({ demo: false });
  const app = createApp({
    db,
    adminEmails: [ADMIN],
    external: { images: { allowPrivate: true, timeoutMs: options.timeoutMs ?? 2000, concurrency: 4 } },
  });
  const admin = signIn(db, { id: 'admin', email: ADMIN });
  // Only our test schools have websites.
  db.update(schools).set({ website: null }).run();
  const pick = (urn: number, path: string | null, extra: Partial<typeof schools.$inferInsert> = {}) => {
    db.update(schools)
      .set({ website: path ? site.url + path : null, ...extra })
      .where(eq(schools.urn, urn))
      .run();
    return db.select().from(schools).where(eq(schools.urn, urn)).get()!;
  };
  return { db, app, admin, pick };
}

/** The batch's progress, typed by its route. */
const batchOf = (app: ReturnType<typeof createApp>, id: string, cookie: string) =>
  ok(typedClient(app).schools.images['batch-update'][':id'].$get({ param: { id } }, { headers: { Cookie: cookie } }));

async function waitDone(app: ReturnType<typeof createApp>, id: string, cookie: string) {
  for (let i = 0; i < 200; i++) {
    const body = await batchOf(app, id, cookie);
    if (body.status === 'done') return body;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('batch did not finish');
}

describe('POST /api/schools/images/batch-update', () => {
  it('runs in the background, reports progress and results, never overwrites a hand-set image', async () => {
    const { db, app, admin, pick } = setup();
    const og = pick(100000, '/og');
    const none = pick(100001, '/none');
    const slow = pick(100005, '/slow');
    const argyle = pick(100008, '/img'); // Argyle Primary School
    const twitter = pick(138312, '/twitter');
    const dataOg = pick(100018, '/data-og');
    const hand = pick(101131, '/og', { imageUrl: 'https://example.org/hand.jpg', imageSource: 'set by hand' });
    const brokenSchool = pick(100020, '/error');

    maxInFlight = 0;
    const start = await app.request('/api/schools/images/batch-update', { method: 'POST', headers: { Cookie: admin } });
    expect(start.status).toBe(202);
    const started = await start.json();
    expect(started).toMatchObject({ status: 'running', total: 7, processed: 0, updated: 0 });
    expect(started.id).toMatch(/^[0-9a-f-]{36}$/);

    // While the slow site keeps it busy the batch is still running, with partial progress.
    const mid = await (await app.request(`/api/schools/images/batch-update/${started.id}`, { headers: { Cookie: admin } })).json();
    expect(mid.status).toBe('running');
    expect(mid.processed).toBeLessThan(7);

    const done = await waitDone(app, started.id, admin);
    expect(done).toMatchObject({ status: 'done', total: 7, processed: 7, updated: 3 });
    expect(done.results).toHaveLength(7);
    expect(maxInFlight).toBeLessThanOrEqual(4);
    expect(maxInFlight).toBeGreaterThan(1);
    const result = (id: number) => done.results.find((r) => r.schoolId === id);
    expect(result(og.id)).toMatchObject({ success: true, source: 'school website', imageUrl: `${site.url}/images/front.jpg?w=1200&h=630` });
    expect(result(twitter.id)).toMatchObject({ success: true, source: 'school website', imageUrl: 'https://cdn.example.org/school.png' });
    expect(result(argyle.id)).toMatchObject({ success: true, imageUrl: `${site.url}/photos/building.jpg` });
    expect(result(none.id)).toMatchObject({ success: false, source: null, error: 'no image found' });
    expect(result(dataOg.id)).toMatchObject({ success: false, error: 'no image found' });
    expect(result(slow.id)).toMatchObject({ success: false, error: expect.stringMatching(/within 2000 ms/) });
    expect(result(brokenSchool.id)).toMatchObject({ success: false, error: 'HTTP 500' });
    expect(result(hand.id)).toBeUndefined();

    // Stored: image and source for the three; the hand-set one unchanged.
    const stored = db
      .select({ id: schools.id, imageUrl: schools.imageUrl, imageSource: schools.imageSource })
      .from(schools)
      .where(isNotNull(schools.imageUrl))
      .all();
    expect(stored).toHaveLength(4);
    expect(stored.find((s) => s.id === hand.id)).toEqual({
      id: hand.id,
      imageUrl: 'https://example.org/hand.jpg',
      imageSource: 'set by hand',
    });
    expect(
      stored
        .filter((s) => s.imageSource === 'school website')
        .map((s) => s.id)
        .sort(),
    ).toEqual([og.id, argyle.id, twitter.id].sort());

    // A second batch does not retry this process's failures, nor the schools that now have an image.
    const again = await (await app.request('/api/schools/images/batch-update', { method: 'POST', headers: { Cookie: admin } })).json();
    expect(again.total).toBe(0);
    expect((await waitDone(app, again.id, admin)).processed).toBe(0);
  });

  it('takes a limit, answers 401/403 to others, 404 for an unknown batch, 400 for a bad limit', async () => {
    const { db, app, admin, pick } = setup();
    pick(100000, '/og');
    pick(100001, '/twitter');
    pick(100005, '/none');
    const limited = await app.request('/api/schools/images/batch-update?limit=2', { method: 'POST', headers: { Cookie: admin } });
    expect(limited.status).toBe(202);
    const body = await limited.json();
    expect(body.total).toBe(2);
    // A second start while it runs returns the running batch.
    const same = await (await app.request('/api/schools/images/batch-update', { method: 'POST', headers: { Cookie: admin } })).json();
    expect(same).toMatchObject({ id: body.id, alreadyRunning: true });
    expect((await waitDone(app, body.id, admin)).updated).toBe(2);
    expect(
      db
        .select()
        .from(schools)
        .where(inArray(schools.urn, [100000, 100001]))
        .all()
        .every((s) => s.imageSource === 'school website'),
    ).toBe(true);

    expect((await app.request('/api/schools/images/batch-update', { method: 'POST' })).status).toBe(401);
    const teacher = signIn(db, { id: 't', email: 'teacher@example.test' });
    expect((await app.request('/api/schools/images/batch-update', { method: 'POST', headers: { Cookie: teacher } })).status).toBe(403);
    expect((await app.request(`/api/schools/images/batch-update/${body.id}`, { headers: { Cookie: teacher } })).status).toBe(403);
    const unknown = await app.request('/api/schools/images/batch-update/4f1c2d3e-0000-4000-8000-000000000000', {
      headers: { Cookie: admin },
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'Batch not found' });
    const bad = await app.request('/api/schools/images/batch-update?limit=lots', { method: 'POST', headers: { Cookie: admin } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields.limit).toBe('Limit must be a number');
  });
});

describe('findSchoolImage', () => {
  it('prefers og:image, then twitter:image, then a large named <img>; resolves against <base>', () => {
    const html = page(
      '<base href="https://school.example/en/"><meta name="twitter:image" content="tw.jpg">',
      '<img src="hall.jpg" alt="Hall at St Mary’s School" width="600">',
    );
    expect(findSchoolImage(html, 'https://school.example/', "St Mary's School")).toEqual({
      url: 'https://school.example/en/tw.jpg',
      via: 'twitter:image',
    });
    expect(
      findSchoolImage(
        page('', '<img src="hall.jpg" alt="Hall at Hillside Primary" width="600">'),
        'https://s.example/',
        'Hillside Primary School',
      ),
    ).toEqual({
      url: 'https://s.example/hall.jpg',
      via: 'img',
    });
    expect(
      findSchoolImage(page('', '<img src="hall.jpg" alt="Our hall" width="600">'), 'https://s.example/', 'Hillside Primary School'),
    ).toBeNull();
    expect(findSchoolImage(page('<meta property="og:image" content="javascript:alert(1)">'), 'https://s.example/', 'X')).toBeNull();
  });
});

describe('image batches shared by server processes', () => {
  it('reports progress to a second app instance on the same database, which cannot start another batch meanwhile', async () => {
    const { db, app, admin, pick } = setup({ timeoutMs: 1500 });
    pick(100000, '/og');
    pick(100001, '/none');
    pick(100005, '/slow');
    // Another server process: its own connection to the same file, its own memory.
    const otherDb = openDatabase(db.$client.name);
    const other = createApp({
      db: otherDb,
      adminEmails: [ADMIN],
      external: { images: { allowPrivate: true, timeoutMs: 1500, holder: 'other-process' } },
    });
    const started = await (await app.request('/api/schools/images/batch-update', { method: 'POST', headers: { Cookie: admin } })).json();
    expect(started).toMatchObject({ status: 'running', total: 3, alreadyRunning: false });
    // The other process sees the same batch running, with the progress made so far.
    await expect
      .poll(
        async () =>
          (await (await other.request(`/api/schools/images/batch-update/${started.id}`, { headers: { Cookie: admin } })).json()).processed,
        { timeout: 5000 },
      )
      .toBe(2);
    const seen = await batchOf(other, started.id, admin);
    expect(seen).toMatchObject({ id: started.id, status: 'running', total: 3, processed: 2, updated: 1 });
    expect(seen.results.map((r) => r.success).sort()).toEqual([false, true]);
    // Starting from the other process returns the running batch instead of a second one.
    const second = await (await other.request('/api/schools/images/batch-update', { method: 'POST', headers: { Cookie: admin } })).json();
    expect(second).toMatchObject({ id: started.id, alreadyRunning: true });
    // Done: the other process reports the end too.
    const done = await waitDone(other, started.id, admin);
    expect(done).toMatchObject({ status: 'done', total: 3, processed: 3, updated: 1 });
    expect(done.results.find((r) => r.error?.includes('within 1500 ms'))).toBeDefined();
    expect(otherDb.$client.prepare('select count(*) n from image_batches').get()).toEqual({ n: 1 });
    // Now the other process may start one (the lease was released); it skips the failures.
    const next = await (await other.request('/api/schools/images/batch-update', { method: 'POST', headers: { Cookie: admin } })).json();
    expect(next).toMatchObject({ alreadyRunning: false, total: 0 });
    otherDb.$client.close();
  });
});

describe('image batches left behind', () => {
  it('closes a batch whose process died (its lease lapsed) and keeps the last 20 batches', async () => {
    const { db, app, admin } = setup();
    const insert = db.$client.prepare(
      'insert into image_batches (id, status, total, processed, updated, started_at) values (?, ?, 5, 1, 0, ?)',
    );
    for (let i = 0; i < 21; i++) insert.run(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, 'done', 1_700_000_000_000 + i);
    const dead = '0000dead-0000-4000-8000-000000000000';
    insert.run(dead, 'running', 1_700_000_100_000);
    db.$client
      .prepare("insert into leases (name, holder, expires_at) values ('school-images:batch', 'dead-process', ?)")
      .run(Date.now() - 1);
    const started = await (await app.request('/api/schools/images/batch-update', { method: 'POST', headers: { Cookie: admin } })).json();
    expect(started).toMatchObject({ alreadyRunning: false, total: 0 });
    const closed = await (await app.request(`/api/schools/images/batch-update/${dead}`, { headers: { Cookie: admin } })).json();
    expect(closed).toMatchObject({ status: 'done', processed: 1 });
    expect(closed.finishedAt).toEqual(expect.any(String));
    expect(db.$client.prepare('select count(*) n from image_batches').get()).toEqual({ n: 20 });
    // 23 batches: the oldest three went.
    expect(
      (await app.request('/api/schools/images/batch-update/00000000-0000-4000-8000-000000000002', { headers: { Cookie: admin } })).status,
    ).toBe(404);
    expect(
      (await app.request('/api/schools/images/batch-update/00000000-0000-4000-8000-000000000003', { headers: { Cookie: admin } })).status,
    ).toBe(200);
  });
});
