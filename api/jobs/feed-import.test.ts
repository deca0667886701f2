// Refresh Jobs against a local Teaching Vacancies feed: pagination, mapping, idempotency, the
// one-month deletion, admins only, and failing feeds that delete nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { jobs, schools } from '../../db/schema';
import { createApp } from '../app';
import { signIn } from '../../test/app';
import { testDb } from '../../test/db';
import { feedPage, jobPosting, localServer, type LocalServer } from '../../test/servers';
import { fetchJson, fetchText, HttpFetchError } from '../platform/http-fetch';

const NOW = new Date('2026-11-22T12:00:00Z');
const DAY = 86_400_000;
const ADMIN = 'admin@example.test';
const TV = 'https://teaching-vacancies.service.gov.uk/jobs/';

// The feed the local server answers; tests change it between runs.
let pages: unknown[][] = [];
let feedServer: LocalServer;

function standardFeed() {
  const westminster = jobPosting({
    slug: 'maths-westminster-city',
    urn: '138312',
    orgName: 'Westminster City School',
    postcode: 'SW1E 5HJ',
    salary: 'MPS/UPS (Inner London)',
    datePosted: '2026-11-20',
  });
  return [
    [
      westminster,
      { ...jobPosting({ slug: 'no-title', urn: '100000', datePosted: '2026-11-19' }), title: undefined },
      jobPosting({ slug: 'maths-manchester', urn: '999001', region: 'North West', postcode: 'M1 1AA', datePosted: '2026-11-19' }),
    ],
    [
      jobPosting({
        slug: 'science-trust-e14',
        title: 'Teacher of Science (maternity cover)',
        urn: '16999',
        orgName: 'Example Multi-Academy Trust',
        postcode: 'E14 6JJ',
        salary: '£38,000 - £45,000 per annum',
        employmentType: ['FULL_TIME', 'TEMPORARY'],
        datePosted: '2026-11-18',
      }),
      westminster,
    ],
    [
      jobPosting({ slug: 'old-aldgate', urn: '100000', datePosted: '2026-10-01' }),
      jobPosting({
        slug: 'year-3-argyle',
        title: 'Year 3 Class Teacher',
        urn: '100008',
        orgName: 'Argyle Primary School',
        salary: 'MPS (Inner London)',
        datePosted: '2026-11-15',
      }),
    ],
  ];
}

beforeAll(async () => {
  feedServer = await localServer((req, res, base) => {
    const url = new URL(req.url ?? '/', base);
    if (url.pathname === '/slow') return; // never answers
    if (url.pathname === '/broken') {
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Internal Server Error');
      return;
    }
    if (url.pathname === '/html') {
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><body>Maintenance</body></html>');
      return;
    }
    if (url.pathname === '/nodata') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"errors":["nope"]}');
      return;
    }
    if (url.pathname === '/big') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ data: [], pad: 'x'.repeat(300_000) }));
      return;
    }
    if (url.pathname === '/redirect') {
      res.writeHead(302, { Location: '/redirect' }).end();
      return;
    }
    const page = Number(url.searchParams.get('page') ?? 1);
    // /api/v1/jobs-fail-2.json: page 2 is down.
    if (url.pathname.includes('fail-2') && page === 2) {
      res.writeHead(500).end('down');
      return;
    }
    if (url.pathname.includes('slow-2') && page === 2) return;
    const body = feedPage(base, page, pages.length, pages[page - 1] ?? [], pages.flat().length);
    if (!url.pathname.endsWith('jobs.json')) {
      const p = url.pathname;
      body.links.next = body.links.next?.replace('/api/v1/jobs.json', p) ?? null;
    }
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  });
});
afterAll(() => feedServer.close());

// A feed that answers gets a generous limit (a loaded box can be slow to answer);
// only the cases about a feed that never answers wait the short one.
// A slow feed's pages time out at 1.5 s: long enough that a local page 1 answers within it on a
// loaded 2-core box (at load 19 it once took over 400 ms), short enough for the suite.
function setup(path = '/api/v1/jobs.json', timeoutMs = path.includes('slow') ? 1500 : 5000) {
  const db = testDb({ now: NOW });
  const app = createApp({
    db,
    now: () => NOW,
    adminEmails: [ADMIN],
    external: { teachingVacanciesUrl: feedServer.url + path, feed: { timeoutMs } },
  });
  const admin = signIn(db, { id: 'admin', email: ADMIN, firstName: 'Ada' });
  const refresh = async (cookie = admin) => {
    const res = await app.request('/api/jobs/refresh', { method: 'POST', headers: { Cookie: cookie } });
    return { status: res.status, body: await res.json() };
  };
  // Jobs posted 40 and 35 days ago (one of ours, one external) and one of ours 10 days ago.
  const school = db.select().from(schools).where(eq(schools.urn, 100000)).get()!;
  const base = { description: 'A job.', borough: 'City of London', schoolId: school.id };
  db.insert(jobs)
    .values({ ...base, title: 'Old own job', postedAt: new Date(NOW.getTime() - 40 * DAY) })
    .run();
  db.insert(jobs)
    .values({
      ...base,
      title: 'Old external job',
      isExternal: true,
      externalSource: 'Teaching Vacancies',
      externalId: `${TV}old-external`,
      externalUrl: `${TV}old-external`,
      postedAt: new Date(NOW.getTime() - 35 * DAY),
    })
    .run();
  db.insert(jobs)
    .values({ ...base, title: 'Recent own job', postedAt: new Date(NOW.getTime() - 10 * DAY) })
    .run();
  return { db, app, refresh, admin };
}

const byUrl = (db: ReturnType<typeof testDb>, slug: string) =>
  db
    .select()
    .from(jobs)
    .where(eq(jobs.externalId, TV + slug))
    .get();

describe('POST /api/jobs/refresh', () => {
  it('imports the London listings across pages, deletes month-old jobs, and is idempotent', async () => {
    pages = standardFeed();
    const { db, refresh } = setup();
    const before = db.select().from(jobs).all().length;
    expect(before).toBe(25 + 3); // demo feed + the three above

    const first = await refresh();
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      deletedJobs: 2,
      imported: 3,
      updated: 0,
      skipped: 4,
      deactivated: 25,
      pages: 3,
      listings: 7,
      capped: false,
    });
    expect(first.body.skipReasons).toEqual({
      'no title': 1,
      'not in London': 1,
      'duplicate in feed': 1,
      'posted more than a month ago': 1,
    });
    expect(feedServer.hits.filter((h) => h.startsWith('/api/v1/jobs.json')).length).toBeGreaterThanOrEqual(3);

    // The month-old jobs are gone (own and external); the recent one stays.
    const titles = db
      .select({ t: jobs.title })
      .from(jobs)
      .all()
      .map((r) => r.t);
    expect(titles).not.toContain('Old own job');
    expect(titles).not.toContain('Old external job');
    expect(titles).toContain('Recent own job');

    // Mapping: URN match, borough, salary from the named pay ranges, description as text.
    const wcs = db.select().from(schools).where(eq(schools.urn, 138312)).get()!;
    const a = byUrl(db, 'maths-westminster-city')!;
    expect(a).toMatchObject({
      title: 'Teacher of Mathematics',
      schoolId: wcs.id,
      borough: 'Westminster',
      subject: 'Mathematics',
      keyStage: 'Secondary',
      contractType: 'Permanent',
      salaryMin: 41729, // Inner London M1, September 2026 (the latest award in the pay data)
      salaryMax: 64684, // Inner London U3, September 2026
      salaryText: 'MPS/UPS (Inner London)',
      isExternal: true,
      isActive: true,
      externalSource: 'Teaching Vacancies',
      externalUrl: TV + 'maths-westminster-city',
      employerName: 'Westminster City School',
      description: 'We are looking for a well-qualified teacher & tutor.',
      benefits: "Teachers' Pension Scheme\nCycle to work scheme",
    });
    expect(a.postedAt.toISOString()).toBe('2026-11-20T00:00:00.000Z');
    // A trust (no URN in our register): borough from the postcode district, salary figures from the text.
    const d = byUrl(db, 'science-trust-e14')!;
    expect(d).toMatchObject({
      schoolId: null,
      borough: 'Tower Hamlets',
      subject: 'Science',
      contractType: 'Temporary',
      salaryMin: 38000,
      salaryMax: 45000,
      employerName: 'Example Multi-Academy Trust',
    });
    const g = byUrl(db, 'year-3-argyle')!;
    expect(g).toMatchObject({ borough: 'Camden', keyStage: 'Primary', salaryMin: 41729, salaryMax: 54131 });
    expect(byUrl(db, 'maths-manchester')).toBeUndefined();
    expect(byUrl(db, 'old-aldgate')).toBeUndefined();

    // The sample's listings are not in this feed any more: kept, but no longer active.
    expect(
      db
        .select()
        .from(jobs)
        .where(and(like(jobs.externalId, `${TV}%`), eq(jobs.isActive, true)))
        .all().length,
    ).toBe(3);

    // The API's job list shows the imported ones.
    const listed = (await (await createApp({ db, now: () => NOW }).request('/api/jobs')).json()) as {
      title: string;
      externalUrl: string | null;
    }[];
    expect(listed.map((j) => j.externalUrl)).toEqual(
      expect.arrayContaining([TV + 'maths-westminster-city', TV + 'science-trust-e14', TV + 'year-3-argyle']),
    );

    // Second run over the same feed: nothing new, nothing changed.
    const updatedAt = byUrl(db, 'maths-westminster-city')!.updatedAt.getTime();
    const second = await refresh();
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ deletedJobs: 0, imported: 0, updated: 0, deactivated: 0, skipped: 4 });
    expect(byUrl(db, 'maths-westminster-city')!.updatedAt.getTime()).toBe(updatedAt);

    // One listing changes: only it is updated.
    const changed = standardFeed();
    (changed[1][0] as { title: string }).title = 'Teacher of Science (maternity cover), Physics specialism';
    (changed[1][0] as { baseSalary: { value: { value: string } } }).baseSalary.value.value = '£40,000 - £47,000';
    pages = changed;
    const third = await refresh();
    expect(third.body).toMatchObject({ deletedJobs: 0, imported: 0, updated: 1, deactivated: 0 });
    expect(byUrl(db, 'science-trust-e14')).toMatchObject({
      title: 'Teacher of Science (maternity cover), Physics specialism',
      salaryMin: 40000,
      salaryMax: 47000,
    });
    const total = db.select().from(jobs).all().length;
    expect(total).toBe(before - 2 + 3);
  });

  it('stops at the page cap, imports what it read and deactivates nothing', async () => {
    pages = standardFeed();
    const { db } = setup();
    const app = createApp({
      db,
      now: () => NOW,
      adminEmails: [ADMIN],
      external: { teachingVacanciesUrl: feedServer.url + '/api/v1/jobs.json', feed: { maxPages: 2 } },
    });
    const res = await app.request('/api/jobs/refresh', { method: 'POST', headers: { Cookie: signIn(db, { id: 'admin', email: ADMIN }) } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ pages: 2, capped: true, imported: 2, deactivated: 0, deletedJobs: 2 });
    expect(byUrl(db, 'year-3-argyle')).toBeUndefined();
  });

  it('answers 401 signed out and 403 to a signed-in non-admin, and changes nothing', async () => {
    pages = standardFeed();
    const { db, app, refresh } = setup();
    const count = db.select().from(jobs).all().length;
    const anon = await app.request('/api/jobs/refresh', { method: 'POST' });
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({ error: 'Unauthorized' });
    const teacher = signIn(db, { id: 'teacher', email: 'teacher@example.test' });
    const forbidden = await refresh(teacher);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ error: 'Forbidden' });
    expect(db.select().from(jobs).all().length).toBe(count);
  });

  it.each([
    ['a feed that answers 500', '/broken', /HTTP 500/],
    ['a feed that never answers', '/slow', /within 1500 ms/],
    ['a feed that answers HTML', '/html', /not JSON/],
    ['a feed without a data list', '/nodata', /no "data" list/],
    ['a feed whose page 2 is down', '/api/v1/jobs-fail-2.json', /page 2.*HTTP 500/],
    ['a feed whose page 2 never answers', '/api/v1/jobs-slow-2.json', /page 2/],
    ['a page over the size limit', '/big', /larger than/],
    ['a redirect loop', '/redirect', /redirects/],
  ])('%s: 502 with a clear message, nothing deleted or imported', async (_name, path, message) => {
    pages = standardFeed();
    const { db, refresh } = setup(path);
    if (path === '/big') {
      // a small per-page limit for this one
      const small = createApp({
        db,
        now: () => NOW,
        adminEmails: [ADMIN],
        external: { teachingVacanciesUrl: feedServer.url + path, feed: { maxBytes: 100_000 } },
      });
      const res = await small.request('/api/jobs/refresh', {
        method: 'POST',
        headers: { Cookie: signIn(db, { id: 'admin', email: ADMIN }) },
      });
      expect(res.status).toBe(502);
      expect(((await res.json()) as { error: string }).error).toMatch(message);
      expect(db.select().from(jobs).where(eq(jobs.title, 'Old own job')).all()).toHaveLength(1);
      return;
    }
    const before = db.select().from(jobs).all();
    const res = await refresh();
    expect(res.status).toBe(502);
    expect(res.body.error).toMatch(/Teaching Vacancies feed/);
    expect(res.body.error).toMatch(message);
    const after = db.select().from(jobs).all();
    expect(after).toEqual(before);
    expect(after.map((j) => j.title)).toContain('Old own job');
  });
});

describe('a broken or hostile feed changes nothing (hardening: a hostile feed)', () => {
  const snapshot = (db: ReturnType<typeof testDb>) => db.select().from(jobs).orderBy(jobs.id).all();

  async function withFeed(handler: (url: URL, base: string) => unknown, run: (feedUrl: string, server: LocalServer) => Promise<void>) {
    const server = await localServer((req, res, base) => {
      const body = handler(new URL(req.url ?? '/', base), base);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    });
    try {
      await run(`${server.url}/api/v1/jobs.json`, server);
    } finally {
      await server.close();
    }
  }

  const refreshWith = async (db: ReturnType<typeof testDb>, url: string, feed: Record<string, unknown> = {}) => {
    const app = createApp({
      db,
      now: () => NOW,
      adminEmails: [ADMIN],
      external: { teachingVacanciesUrl: url, feed: { timeoutMs: 2000, ...feed } },
    });
    const res = await app.request('/api/jobs/refresh', { method: 'POST', headers: { Cookie: signIn(db, { id: 'admin', email: ADMIN }) } });
    return { status: res.status, body: await res.json() };
  };

  it('a feed whose listings are all unusable (format change): 502, no job deleted, deactivated or imported', async () => {
    const { db } = setup();
    const before = snapshot(db);
    expect(before.filter((j) => j.isActive && j.externalSource === 'Teaching Vacancies').length).toBe(26); // the demo feed + one old external job
    // Every listing lost its title and url (the feed changed its field names).
    const broken = standardFeed().map((page) => page.map((l) => ({ ...(l as object), title: undefined, url: undefined, name: 'Teacher' })));
    await withFeed(
      (url, base) => {
        const n = Number(url.searchParams.get('page') ?? 1);
        return feedPage(base, n, broken.length, broken[n - 1], broken.flat().length);
      },
      async (feedUrl) => {
        const res = await refreshWith(db, feedUrl);
        expect(res.status).toBe(502);
        expect(res.body.error).toMatch(
          /^Teaching Vacancies feed had no usable London listing \(7 listings: .*\); the refresh was not applied and nothing was changed$/,
        );
        expect(snapshot(db)).toEqual(before);
      },
    );
    // An empty list is refused the same way.
    await withFeed(
      (_url, base) => feedPage(base, 1, 1, [], 0),
      async (feedUrl) => {
        const res = await refreshWith(db, feedUrl);
        expect(res.status).toBe(502);
        expect(res.body.error).toMatch(/no usable London listing \(0 listings\)/);
        expect(snapshot(db)).toEqual(before);
      },
    );
  });

  it("follows links.next only on the configured feed's origin", async () => {
    const { db } = setup();
    const before = snapshot(db);
    const elsewhere = await localServer((_req, res) => void res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"data":[]}'));
    try {
      await withFeed(
        (_url, base) => ({ ...feedPage(base, 1, 2, standardFeed()[0], 6), links: { next: `${elsewhere.url}/api/v1/jobs.json?page=2` } }),
        async (feedUrl) => {
          const res = await refreshWith(db, feedUrl);
          expect(res.status).toBe(502);
          expect(res.body.error).toMatch(/"links\.next" leaves the feed's site/);
          expect(elsewhere.hits).toEqual([]);
          expect(snapshot(db)).toEqual(before);
        },
      );
    } finally {
      await elsewhere.close();
    }
  });

  it('caps the total bytes read: stops like the page cap, imports what it read, deactivates nothing', async () => {
    const { db } = setup();
    const feed = standardFeed();
    await withFeed(
      (url, base) => {
        const n = Number(url.searchParams.get('page') ?? 1);
        return feedPage(base, n, feed.length, feed[n - 1], feed.flat().length);
      },
      async (feedUrl, server) => {
        const pageSize = Buffer.byteLength(JSON.stringify(feedPage(server.url, 1, 3, feed[0], 7)));
        const res = await refreshWith(db, feedUrl, { maxTotalBytes: pageSize + 10 });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ capped: true, deactivated: 0 });
        expect(res.body.pages).toBeLessThan(3);
        expect(server.hits.length).toBe(res.body.pages);
      },
    );
  });
});

describe('http-fetch', () => {
  it('sends a browser-like User-Agent and refuses private addresses unless allowed', async () => {
    let ua = '';
    const server = await localServer((req, res) => {
      ua = req.headers['user-agent'] ?? '';
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
    });
    try {
      await expect(fetchJson(server.url, { allowPrivate: true })).resolves.toMatchObject({ data: { ok: true } });
      expect(ua).toMatch(/^Mozilla\/5\.0 .*Chrome\/.*TeachersInLondonTalk/);
      const refused = (await fetchText(server.url).catch((e: unknown) => e)) as HttpFetchError;
      expect(refused).toBeInstanceOf(HttpFetchError);
      expect(refused.kind).toBe('blocked');
      const bad = (await fetchText('file:///etc/passwd').catch((e: unknown) => e)) as HttpFetchError;
      expect(bad.kind).toBe('bad-url');
    } finally {
      await server.close();
    }
  });

  it('truncates at the cap when asked, and stops reading', async () => {
    const server = await localServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.write('<head><meta property="og:image" content="/a.jpg"></head>');
      res.write('x'.repeat(50_000));
      res.end();
    });
    try {
      const page = await fetchText(server.url, { allowPrivate: true, maxBytes: 1000, overLimit: 'truncate' });
      expect(page.truncated).toBe(true);
      expect(page.text.length).toBe(1000);
      expect(page.text).toContain('og:image');
      const err = (await fetchText(server.url, { allowPrivate: true, maxBytes: 1000 }).catch((e: unknown) => e)) as HttpFetchError;
      expect(err.kind).toBe('too-large');
    } finally {
      await server.close();
    }
  });
});

describe('environment', () => {
  it('parses TEACHING_VACANCIES_URL and JOBS_REFRESH_INTERVAL_MINUTES', async () => {
    const { parseEnv } = await import('../env');
    expect(parseEnv({}).TEACHING_VACANCIES_URL).toBeUndefined();
    expect(parseEnv({}).JOBS_REFRESH_INTERVAL_MINUTES).toBe(0);
    expect(
      parseEnv({ TEACHING_VACANCIES_URL: 'http://mirror.internal/api/v1/jobs.json', JOBS_REFRESH_INTERVAL_MINUTES: '60' }),
    ).toMatchObject({
      TEACHING_VACANCIES_URL: 'http://mirror.internal/api/v1/jobs.json',
      JOBS_REFRESH_INTERVAL_MINUTES: 60,
    });
    expect(() => parseEnv({ TEACHING_VACANCIES_URL: 'not a url' })).toThrow(/TEACHING_VACANCIES_URL: must be a URL/);
    expect(() => parseEnv({ JOBS_REFRESH_INTERVAL_MINUTES: 'hourly' })).toThrow(
      /JOBS_REFRESH_INTERVAL_MINUTES: must be a number of minutes/,
    );
    expect(() => parseEnv({ JOBS_REFRESH_INTERVAL_MINUTES: '-5' })).toThrow(/must be 0 or more/);
  });
});
