// The page cache (decision 1056): a server-rendered page is kept finished (HTML, its gzip, an
// ETag per form) by its key, the path with the screen's own filters only; a hit renders nothing;
// a write the page shows is seen on the next request; an error, a page with an answer that is not
// shared, or a query string that is not one of the page's filters is never kept.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { forumThreads, reviews, schools } from '../db/schema';
import { jobPosting } from '../test/servers';
import { createSession } from './auth/session-store';
import { applyFeed } from './jobs/feed-import';
import { caller } from '../test/requests';
import { testDb } from '../test/db';
import { fakeDist } from '../test/fake-dist';
import { signIn } from '../test/app';
import { JOB_FILTER_KEYS } from '../web/jobs/JobsPage';
import { SCHOOL_FILTER_KEYS } from '../web/schools/SchoolsPage';
import { matchLeaf, pageKey } from '../web/app/routes';
import { createApp } from './app';
import type { PageRenderer } from './ssr';

const now = new Date('2026-11-24T12:00:00Z');
const db = testDb({ now });
const distDir = fakeDist();
/** Every render the app asks of the page renderer, by address. */
const renders: string[] = [];
/** Renders under way now, and the most seen at once. */
let active = 0;
let mostAtOnce = 0;
/** When set, the renderer's API reads answer 500 (a failed read). */
let failReads = false;
const renderer = async (): Promise<PageRenderer> => {
  const r = (await import('../web/entry-server')) as unknown as PageRenderer;
  return {
    ...r,
    render: async (url, options) => {
      renders.push(url);
      active++;
      mostAtOnce = Math.max(mostAtOnce, active);
      const fetch = failReads
        ? async () => new Response(JSON.stringify({ error: 'Broken' }), { status: 500, headers: { 'Content-Type': 'application/json' } })
        : options.fetch;
      try {
        return await r.render(url, { ...options, fetch });
      } finally {
        active--;
      }
    },
  };
};
const app = createApp({
  db,
  now: () => now,
  distDir,
  appUrl: 'https://teachers.example',
  adminEmails: ['admin@example.test'],
  rateLimit: false,
  pageRenderer: renderer,
});
const call = caller(app);
const admin = signIn(db, { id: 'pc:admin', email: 'admin@example.test', firstName: 'Root' });
const author = signIn(db, { id: 'pc:author', email: 'author@example.test', firstName: 'Ann' });

const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });
const rendersOf = (path: string) => renders.filter((u) => u === path).length;

let school: typeof schools.$inferSelect;
beforeAll(async () => {
  school = db.select().from(schools).where(eq(schools.urn, 100001)).get()!;
  // The first read of the salary figures on a new database publishes them (a write).
  expect((await app.request('/api/salaries/stats')).status).toBe(200);
});

describe('page keys', () => {
  it("keep only the screen's own filters, each once and non-empty, sorted; anything else is never kept", () => {
    expect(pageKey('/jobs')).toBe('/jobs');
    expect(pageKey('/jobs?subject=Mathematics&borough=Camden')).toBe('/jobs?borough=Camden&subject=Mathematics');
    expect(pageKey('/jobs?borough=Camden&subject=Mathematics&search=')).toBe('/jobs?borough=Camden&subject=Mathematics');
    expect(pageKey('/jobs?search=maths%20teacher')).toBe('/jobs?search=maths+teacher');
    expect(pageKey('/jobs?utm_source=whatsapp')).toBeNull();
    expect(pageKey('/jobs?search=a&search=b')).toBeNull();
    expect(pageKey(`/jobs?search=${'x'.repeat(101)}`)).toBeNull();
    expect(pageKey('/schools/12')).toBe('/schools/12');
    expect(pageKey('/schools/012')).toBeNull();
    expect(pageKey('/schools/12?x=1')).toBeNull();
    expect(pageKey('/no-such-page')).toBeNull();
    expect(pageKey('/unsubscribe/12.AbC')).toBeNull();
  });

  it('name every filter each list screen reads', () => {
    expect(matchLeaf('/jobs').handle?.filters).toEqual([...JOB_FILTER_KEYS, 'sort']);
    expect(matchLeaf('/schools').handle?.filters).toEqual([...SCHOOL_FILTER_KEYS]);
  });
});

describe('cached pages', () => {
  it('renders a page once: the next request is the same bytes from memory, for a visitor and a signed-in user alike', async () => {
    const first = await get('/pay-scales');
    const html = await first.text();
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('miss');
    expect(html).toContain('id="ssr-data"');
    const second = await get('/pay-scales');
    expect(second.headers.get('x-cache')).toBe('hit');
    expect(await second.text()).toBe(html);
    expect(second.headers.get('cache-control')).toBe('no-cache');
    const signedIn = await get('/pay-scales', { Cookie: author });
    expect(signedIn.headers.get('x-cache')).toBe('hit');
    expect(signedIn.headers.get('cache-control')).toBe('private, no-cache');
    expect(await signedIn.text()).toBe(html);
    expect(rendersOf('/pay-scales')).toBe(1);
  });

  it('answers 304 to its own ETag, gzip and plain each with their own tag', async () => {
    // The first answer is streamed (its head before its render): its tag is not known when its headers leave.
    const miss = await get('/schools', { 'Accept-Encoding': 'gzip' });
    expect(miss.headers.get('x-cache')).toBe('miss');
    expect(miss.headers.get('etag')).toBeNull();
    await miss.arrayBuffer();
    const gz = await get('/schools', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers.get('x-cache')).toBe('hit');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const gzTag = gz.headers.get('etag')!;
    expect(gzTag).toMatch(/^W\/".+-gzip"$/);
    const plain = await get('/schools');
    const plainTag = plain.headers.get('etag')!;
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(gzTag).toBe(plainTag.replace(/"$/, '-gzip"'));
    const notModified = await get('/schools', { 'Accept-Encoding': 'gzip', 'If-None-Match': gzTag });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe('');
    // The plain form's tag does not validate the gzip form.
    expect((await get('/schools', { 'Accept-Encoding': 'gzip', 'If-None-Match': plainTag })).status).toBe(200);
    expect(rendersOf('/schools')).toBe(1);
  });

  it('is never served for a different filter; addresses with the same filters share one page', async () => {
    const maths = await (await get('/jobs?search=mathematics')).text();
    const english = await get('/jobs?search=english');
    expect(english.headers.get('x-cache')).toBe('miss');
    const englishHtml = await english.text();
    expect(englishHtml).not.toBe(maths);
    expect(englishHtml).toContain('"/api/jobs?search=english');
    expect(maths).toContain('"/api/jobs?search=mathematics');
    const a = await get('/jobs?subject=Mathematics&borough=Camden');
    const b = await get('/jobs?borough=Camden&subject=Mathematics&search=');
    expect(a.headers.get('x-cache')).toBe('miss');
    expect(b.headers.get('x-cache')).toBe('hit');
    expect(await b.text()).toBe(await a.text());
    expect(renders.filter((u) => u.startsWith('/jobs?')).sort()).toEqual([
      '/jobs?borough=Camden&subject=Mathematics',
      '/jobs?search=english',
      '/jobs?search=mathematics',
    ]);
  });

  it("renders every time, and keeps nothing, for a query string that is not one of the page's filters", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await get('/forum?utm_source=newsletter');
      expect(res.status).toBe(200);
      expect(res.headers.get('x-cache')).toBe('none');
    }
    expect(rendersOf('/forum?utm_source=newsletter')).toBe(2);
    expect(rendersOf('/forum')).toBe(0);
  });

  it('keeps no page that failed: a read that errs, or a page that is not found', async () => {
    failReads = true;
    try {
      expect((await get('/salaries')).status).toBe(200);
    } finally {
      failReads = false;
    }
    const good = await get('/salaries');
    expect(good.headers.get('x-cache')).toBe('miss');
    expect(await good.text()).toContain('id="ssr-data"');
    expect((await get('/salaries')).headers.get('x-cache')).toBe('hit');
    expect(rendersOf('/salaries')).toBe(2);
    for (let i = 0; i < 2; i++) expect((await get('/schools/999999')).status).toBe(404);
    expect(rendersOf('/schools/999999')).toBe(2);
  });
});

describe('a thread page is kept and still counts its views', () => {
  /** A request from the client address `ip` (the socket's), with these headers. */
  const from = (ip: string, path: string, headers: Record<string, string> = {}) =>
    app.request(path, { headers }, { incoming: { socket: { remoteAddress: ip } } });
  const viewsOf = (id: number) => db.select({ n: forumThreads.viewCount }).from(forumThreads).where(eq(forumThreads.id, id)).get()!.n;
  const threadIds = async () => ((await (await app.request('/api/forum/threads')).json()) as { id: number }[]).map((t) => t.id);

  it('counts a view once per viewer a day, whether the page or answer is kept or not; the second visitor gets the kept page', async () => {
    const id = (await threadIds())[1];
    const page = `/forum/threads/${id}`;
    const before = viewsOf(id);
    const first = await from('10.1.0.1', page);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('miss');
    const html = await first.text();
    expect(viewsOf(id)).toBe(before + 1);
    // The same visitor again: kept, and not counted twice the same day.
    const again = await from('10.1.0.1', page);
    expect(again.headers.get('x-cache')).toBe('hit');
    expect(viewsOf(id)).toBe(before + 1);
    // A second visitor: the kept page (the count it shows may be behind), and her view counted.
    const second = await from('10.1.0.2', page);
    expect(second.headers.get('x-cache')).toBe('hit');
    expect(await second.text()).toBe(html);
    expect(viewsOf(id)).toBe(before + 2);
    expect(rendersOf(page)).toBe(1);
    // The hydrated page's own read of the thread from the same visitor counts nothing more.
    const own = await from('10.1.0.2', `/api/forum/threads/${id}`);
    expect(own.headers.get('x-cache')).toBe('hit');
    expect(viewsOf(id)).toBe(before + 2);
    // The render's in-process read filled the answer cache: a third visitor's API read is a hit, and counted.
    const third = await from('10.1.0.3', `/api/forum/threads/${id}`);
    expect(third.headers.get('x-cache')).toBe('hit');
    expect(viewsOf(id)).toBe(before + 3);
    // A signed-in reader is a viewer of her own (by account), answered outside the shared cache.
    const viewer = signIn(db, { id: 'pc:reader', email: 'reader@example.test', firstName: 'Rea' });
    const signedIn = await from('10.1.0.3', `/api/forum/threads/${id}`, { Cookie: viewer });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('x-cache')).toBeNull();
    expect(viewsOf(id)).toBe(before + 4);
    expect((await from('10.1.0.3', `/api/forum/threads/${id}`, { Cookie: viewer })).status).toBe(200);
    expect(viewsOf(id)).toBe(before + 4);
    // Counting drops nothing: the page is still kept.
    expect((await from('10.1.0.4', page)).headers.get('x-cache')).toBe('hit');
    expect(viewsOf(id)).toBe(before + 5);
    expect(rendersOf(page)).toBe(1);
  });

  it('a pending or unknown thread counts no view and is never kept', async () => {
    const categoryId = ((await (await app.request('/api/forum/categories')).json()) as { id: number }[])[0].id;
    const pending = await call('POST', '/api/forum/threads', {
      cookie: author,
      body: { categoryId, title: 'Not yet approved, not yet counted', content: 'Waiting for a moderator to read it.' },
    });
    expect(pending.status).toBe(201);
    for (let i = 0; i < 2; i++) {
      const res = await from(`10.2.0.${i}`, `/forum/threads/${pending.body.id}`);
      expect(res.status).toBe(404);
      expect(res.headers.get('x-cache')).toBe('miss');
    }
    expect((await call('GET', `/api/forum/threads/${pending.body.id}`, { cookie: author })).status).toBe(200);
    expect(viewsOf(pending.body.id)).toBe(0);
    expect((await from('10.2.0.9', '/forum/threads/999999')).status).toBe(404);
  });

  it('a new approved reply to the thread changes its kept page on the next request', async () => {
    const id = (await threadIds())[2];
    const page = `/forum/threads/${id}`;
    expect((await get(page)).headers.get('x-cache')).toBe('miss');
    expect((await get(page)).headers.get('x-cache')).toBe('hit');
    const text = 'A reply the moderators have now approved';
    const reply = await call('POST', `/api/forum/threads/${id}/posts`, { cookie: author, body: { content: text } });
    expect(reply.status).toBe(201);
    // Pending: nothing visitors see has changed.
    const pending = await get(page);
    expect(pending.headers.get('x-cache')).toBe('hit');
    expect(await pending.text()).not.toContain(text);
    expect((await call('POST', `/api/moderation/posts/${reply.body.id}/approve`, { cookie: admin })).status).toBe(200);
    const after = await get(page);
    expect(after.headers.get('x-cache')).toBe('miss');
    expect(await after.text()).toContain(text);
    expect((await get(page)).headers.get('x-cache')).toBe('hit');
    expect(rendersOf(page)).toBe(2);
  });

  it('a moderator or the author, who see pending replies, never get or fill the shared copy', async () => {
    const id = (await threadIds())[3];
    const page = `/forum/threads/${id}`;
    const text = 'Pending words only its author and the moderators may read';
    const reply = await call('POST', `/api/forum/threads/${id}/posts`, { cookie: author, body: { content: text } });
    expect(reply.status).toBe(201);
    // Their answers (first, on a cold cache) carry the pending reply and go nowhere near the shared cache.
    for (const cookie of [admin, author]) {
      const own = await get(`/api/forum/threads/${id}`, { Cookie: cookie });
      expect(own.status).toBe(200);
      expect(own.headers.get('x-cache')).toBeNull();
      expect(own.headers.get('cache-control')).toBe('no-store');
      expect(await own.text()).toContain(text);
    }
    const visitor = await get(`/api/forum/threads/${id}`);
    expect(visitor.headers.get('x-cache')).toBe('miss');
    expect(await visitor.text()).not.toContain(text);
    // The page is a visitor's page for everyone, kept once: the pending reply is in none of them.
    const byAdmin = await get(page, { Cookie: admin });
    expect(byAdmin.headers.get('x-cache')).toBe('miss');
    expect(byAdmin.headers.get('cache-control')).toBe('private, no-cache');
    const html = await byAdmin.text();
    expect(html).not.toContain(text);
    const byAuthor = await get(page, { Cookie: author });
    expect(byAuthor.headers.get('x-cache')).toBe('hit');
    expect(await byAuthor.text()).toBe(html);
    const byVisitor = await get(page);
    expect(byVisitor.headers.get('x-cache')).toBe('hit');
    expect(byVisitor.headers.get('cache-control')).toBe('no-cache');
    expect(await byVisitor.text()).toBe(html);
    expect(rendersOf(page)).toBe(1);
    // And the signed-in readers' answers still carry it after the visitors' copy was kept.
    expect(await (await get(`/api/forum/threads/${id}`, { Cookie: admin })).text()).toContain(text);
  });
});

describe('renders take turns', () => {
  it('runs at most two renders at once, however many misses arrive together (a crawl)', async () => {
    mostAtOnce = 0;
    const pages = await Promise.all(Array.from({ length: 6 }, async (_, i) => get(`/jobs?search=turn${i}`)));
    expect(pages.map((p) => p.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(mostAtOnce).toBe(2);
  });
});

describe('pages are dropped only by a change to what they show (decision 1057)', () => {
  const review = (pros: string) => ({
    overallRating: 5,
    workLifeBalanceRating: 4,
    compensationRating: 4,
    careerOpportunitiesRating: 4,
    cultureRating: 5,
    leadershipRating: 4,
    pros,
    cons: 'Long walk from the station',
    jobTitle: 'Teacher',
    yearsAtSchool: '1-2 years',
    wouldRecommend: true,
  });
  /** Asks for each page and answers its X-Cache. */
  const states = async (paths: string[]) =>
    Object.fromEntries(await Promise.all(paths.map(async (p) => [p, (await get(p)).headers.get('x-cache')] as const)));
  const warm = async (paths: string[]) => {
    await states(paths);
    expect(Object.values(await states(paths))).toEqual(paths.map(() => 'hit'));
  };

  it('a save, a pending review, thread and salary, a counted view and a session touch leave every kept page kept', async () => {
    const threadId = ((await (await app.request('/api/forum/threads')).json()) as { id: number }[])[0].id;
    const jobId = ((await (await app.request('/api/jobs')).json()) as { id: number }[])[0].id;
    const pages = ['/', '/jobs', `/jobs/${jobId}`, '/schools', `/schools/${school.id}`, '/salaries', '/forum', '/pay-scales'];
    await warm(pages);
    const rendered = renders.length;
    expect((await call('POST', `/api/jobs/${jobId}/save`, { cookie: author })).status).toBe(201);
    expect((await call('POST', `/api/schools/${school.id}/reviews`, { cookie: author, body: review('Pending and unseen') })).status).toBe(
      201,
    );
    const categoryId = ((await (await app.request('/api/forum/categories')).json()) as { id: number }[])[0].id;
    expect(
      (
        await call('POST', '/api/forum/threads', {
          cookie: author,
          body: { categoryId, title: 'A pending question', content: 'Waiting for a moderator to look at it.' },
        })
      ).status,
    ).toBe(201);
    const salary = {
      jobTitle: 'Primary Teacher',
      schoolType: 'Academy',
      borough: 'Camden',
      yearsExperience: '3-5 years',
      annualSalary: 41_000,
    };
    expect((await call('POST', '/api/salaries', { cookie: author, body: salary })).status).toBe(201);
    const viewsBefore = db.select({ n: forumThreads.viewCount }).from(forumThreads).where(eq(forumThreads.id, threadId)).get()!.n;
    const viewer = signIn(db, { id: 'pc:viewer', email: 'viewer@example.test', firstName: 'Vi' });
    expect((await call('GET', `/api/forum/threads/${threadId}`, { cookie: viewer })).status).toBe(200);
    expect(db.select({ n: forumThreads.viewCount }).from(forumThreads).where(eq(forumThreads.id, threadId)).get()!.n).toBe(viewsBefore + 1);
    // A session last refreshed two hours ago is refreshed (written) by its next request.
    const { token } = createSession(db, 'pc:author', new Date(now.getTime() - 2 * 3_600_000));
    const touched = await get('/api/auth/user', { Cookie: `tilt_session=${token}` });
    expect(touched.headers.get('set-cookie')).toMatch(/^tilt_session=/);
    expect(await states(pages)).toEqual(Object.fromEntries(pages.map((p) => [p, 'hit'])));
    expect(renders.length).toBe(rendered);
  });

  it("an approved review re-renders that school's page and the lists that show its rating; other pages stay kept", async () => {
    const path = `/schools/${school.id}`;
    await warm([path, '/schools', '/', '/pay-scales', '/forum', '/salaries']);
    const pros = 'A wonderfully kind staffroom';
    const created = await call('POST', `/api/schools/${school.id}/reviews`, { cookie: author, body: review(pros) });
    expect(created.status).toBe(201);
    expect((await get(path)).headers.get('x-cache')).toBe('hit');
    expect((await call('POST', `/api/moderation/reviews/${created.body.id}/approve`, { cookie: admin })).status).toBe(200);
    expect(
      db
        .select()
        .from(reviews)
        .where(and(eq(reviews.id, created.body.id), eq(reviews.isApproved, true)))
        .get(),
    ).toBeDefined();
    const after = await get(path);
    expect(after.headers.get('x-cache')).toBe('miss');
    expect(await after.text()).toContain(pros);
    expect(await states(['/schools', '/', '/pay-scales', '/forum', '/salaries'])).toEqual({
      '/schools': 'miss',
      '/': 'miss',
      '/pay-scales': 'hit',
      '/forum': 'hit',
      '/salaries': 'hit',
    });
  });

  it('a jobs feed refresh re-renders the jobs pages; pay scales, salaries and the forum stay kept', async () => {
    await warm(['/jobs', '/jobs?search=mathematics', '/', '/pay-scales', '/salaries', '/forum']);
    const title = 'Teacher of Astronomy';
    const result = applyFeed(
      db,
      {
        listings: [
          jobPosting({
            slug: 'astronomy-westminster',
            title,
            urn: String(school.urn),
            orgName: school.name,
            postcode: 'SW1E 5HJ',
            datePosted: '2026-11-23',
          }),
        ],
        pages: 1,
        capped: false,
      },
      now,
    );
    expect(result.imported).toBe(1);
    const jobsPage = await get('/jobs');
    expect(jobsPage.headers.get('x-cache')).toBe('miss');
    expect(await jobsPage.text()).toContain(title);
    expect(await states(['/jobs?search=mathematics', '/', '/pay-scales', '/salaries', '/forum'])).toEqual({
      '/jobs?search=mathematics': 'miss',
      '/': 'miss',
      '/pay-scales': 'hit',
      '/salaries': 'hit',
      '/forum': 'hit',
    });
  });
});
