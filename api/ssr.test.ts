// Server-rendered pages (the server-rendered first visit): each public route's HTML carries its content, title, meta
// description, canonical URL, Open Graph / Twitter tags and JSON-LD valid for its type; the data
// is inlined for hydration keyed as the client's SWR keys; signed-in and moderation pages are
// noindex; a request with a cookie is never stored by a shared cache.
import { and, desc, eq, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlibConstants, gunzipSync } from 'node:zlib';
import { unstable_serialize } from 'swr';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs, reviews, schools } from '../db/schema';
import { testDb } from '../test/db';
import { fakeDist } from '../test/fake-dist';
import { signIn } from '../test/app';
import { createApp } from './app';
import { countersOf, hashed } from './platform/middleware/rate-limit-store';
import { preloadsFor, templateParts } from './ssr';

const APP_URL = 'https://teachers.example';

const now = new Date('2026-11-24T12:00:00Z');
const db = testDb({ now });
const distDir = fakeDist({
  head: '\n    <link rel="modulepreload" crossorigin href="/assets/shared-2.js">',
  manifest: {
    'job-detail/JobDetailPage.tsx': { file: 'assets/JobDetailPage-1.js', imports: ['main.tsx', '_shared.js'] },
    '_shared.js': { file: 'assets/shared-2.js' },
  },
});
const app = createApp({ db, now: () => now, distDir, appUrl: APP_URL, pageRenderer: () => import('../web/entry-server') });

interface Page {
  status: number;
  html: string;
  headers: Headers;
  title: string | undefined;
  meta: (key: string) => string | undefined;
  canonical: string | undefined;
  jsonLd: Record<string, any>[];
  main: string;
  text: string;
  payload: { fallback: Record<string, unknown>; fresh: string[]; seed: { url: string }[]; now: number };
}

async function page(path: string, init?: RequestInit): Promise<Page> {
  const res = await app.request(path, init);
  const html = await res.text();
  const attr = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&#x27;/g, "'");
  const meta = (key: string) => {
    const m = html.match(new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`));
    return m ? attr(m[1]) : undefined;
  };
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  const payloadText = html.match(/<script type="application\/json" id="ssr-data">([\s\S]*?)<\/script>/)?.[1];
  return {
    status: res.status,
    html,
    headers: res.headers,
    title: html.match(/<title>([^<]*)<\/title>/)?.[1].replace(/&amp;/g, '&'),
    meta,
    canonical: html.match(/<link rel="canonical" href="([^"]*)"/)?.[1],
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1])),
    main,
    text: attr(main.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')),
    payload: payloadText ? JSON.parse(payloadText) : undefined,
  };
}

function expectBasics(p: Page, path: string, title: string | RegExp) {
  expect(p.status).toBe(200);
  if (typeof title === 'string') expect(p.title).toBe(title);
  else expect(p.title).toMatch(title);
  expect(p.canonical).toBe(APP_URL + path);
  expect(p.meta('description')!.length).toBeGreaterThan(40);
  expect(p.meta('description')).not.toBe('Default description');
  // One title and one description: the shell's defaults are replaced, not duplicated.
  expect(p.html.match(/<title>/g)).toHaveLength(1);
  // The offline shell's static frame is not in a server-rendered page.
  expect(p.html).not.toContain('<!--shell-->');
  expect(p.html).not.toContain('aria-busy="true"');
  expect(p.html.match(/<meta name="description"/g)).toHaveLength(1);
  expect(p.meta('og:title')).toBe(p.title);
  expect(p.meta('og:url')).toBe(APP_URL + path);
  expect(p.meta('og:image')).toMatch(/^https:\/\//);
  expect(p.meta('twitter:card')).toMatch(/^summary/);
  expect(p.meta('robots')).toBeUndefined();
  expect(p.main).not.toContain('data-testid="page-skeleton"');
  // No boundary fell back to client rendering because the server render failed.
  expect(p.main).not.toContain('<!--$!-->');
  // No inline script (CSP script-src 'self'): only data blocks.
  expect(p.html.match(/<script(?![^>]*(type="application\/(json|ld\+json)"|src=))/g)).toBeNull();
}

let school: typeof schools.$inferSelect;
let ourJobId: number;
let externalJob: typeof jobs.$inferSelect;
let threadId: number;

beforeAll(async () => {
  // The school with the most approved reviews, with a real photo.
  const top = db
    .select({ id: reviews.schoolId, n: sql<number>`count(*)` })
    .from(reviews)
    .where(eq(reviews.isApproved, true))
    .groupBy(reviews.schoolId)
    .orderBy(desc(sql`count(*)`))
    .limit(1)
    .get()!;
  db.update(schools)
    .set({ imageUrl: 'https://images.example/school.jpg', ofstedRating: 'Outstanding' })
    .where(eq(schools.id, top.id))
    .run();
  school = db.select().from(schools).where(eq(schools.id, top.id)).get()!;
  ourJobId = db
    .insert(jobs)
    .values({
      title: 'Teacher of Chemistry',
      description: 'Teach chemistry across KS3 and KS4 in a friendly science department.',
      schoolId: school.id,
      borough: school.borough,
      subject: 'Science',
      contractType: 'Permanent',
      salaryMin: 38_766,
      salaryMax: 49_000,
      applicationDeadline: new Date('2026-12-12T12:00:00Z'),
      postedAt: new Date('2026-11-20T09:00:00Z'),
    })
    .returning({ id: jobs.id })
    .get().id;
  externalJob = db
    .select()
    .from(jobs)
    .where(and(eq(jobs.isExternal, true), eq(jobs.isActive, true)))
    .limit(1)
    .get()!;
  threadId = ((await (await app.request('/api/forum/threads')).json()) as { id: number }[])[0].id;
});

describe('server-rendered public pages', () => {
  it('/: the home page with its latest jobs', async () => {
    const p = await page('/');
    expectBasics(p, '/', 'Teachers In London Talk');
    expect(p.text).toContain('Your next London teaching job');
    const latest = ((await (await app.request('/api/jobs?limit=1')).json()) as { title: string }[])[0];
    expect(p.text).toContain('Featured Teaching Jobs');
    expect(p.text).toContain(latest.title);
    expect(Object.keys(p.payload.fallback).some((k) => k.includes('"/api/jobs"'))).toBe(true);
  });

  it('/jobs/{id} (ours): title, school, salary, closing date; a JobPosting with the fields Google requires', async () => {
    const p = await page(`/jobs/${ourJobId}`);
    expectBasics(p, `/jobs/${ourJobId}`, `Teacher of Chemistry · ${school.name} · Teachers In London Talk`);
    expect(p.text).toContain('Teacher of Chemistry');
    expect(p.text).toContain(school.name);
    expect(p.text).toContain('£38,766 - £49,000');
    expect(p.text).toContain('12 December 2026 at 12:00');
    expect(p.meta('description')).toContain('Closes 12 December 2026 at 12:00.');
    expect(p.jsonLd).toHaveLength(1);
    const ld = p.jsonLd[0];
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Teacher of Chemistry',
      description: expect.stringContaining('chemistry'),
      datePosted: '2026-11-20T09:00:00.000Z',
      // The closing time the school set, in London's offset (issue 37 item 3).
      validThrough: '2026-12-12T12:00:00+00:00',
      hiringOrganization: { '@type': 'Organization', name: school.name },
      jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: school.borough, addressCountry: 'GB' } },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'GBP',
        value: { '@type': 'QuantitativeValue', minValue: 38_766, maxValue: 49_000, unitText: 'YEAR' },
      },
      employmentType: 'FULL_TIME',
    });
    // Inlined for hydration under the client's SWR key, and not fetched again (a public path).
    const key = unstable_serialize(['/api/jobs/{id}', ourJobId]);
    expect((p.payload.fallback[key] as { title: string }).title).toBe('Teacher of Chemistry');
    expect(p.payload.fresh).toContain(key);
    expect(p.payload.seed.map((s) => s.url)).toContain(`/api/jobs/${ourJobId}`);
    // The app starts after the first paint (/boot.js), with the entry's and the screen's chunks.
    expect(p.html).toContain(
      '<script type="module" src="/boot.js" data-entry="/assets/index-abc.js" data-preload="/assets/shared-2.js /assets/JobDetailPage-1.js"></script>',
    );
    expect(p.html).not.toContain('rel="modulepreload"');
    expect(p.html).toContain('<link rel="stylesheet" crossorigin href="/assets/index.css">');
  });

  it('/jobs/{id} (Teaching Vacancies): canonical to the source, no JobPosting', async () => {
    const p = await page(`/jobs/${externalJob.id}`);
    expect(p.status).toBe(200);
    expect(p.text).toContain(externalJob.title);
    expect(p.canonical).toBe(externalJob.externalUrl);
    expect(p.meta('og:url')).toBe(`${APP_URL}/jobs/${externalJob.id}`);
    expect(p.jsonLd).toEqual([]);
  });

  it('/schools/{id}: name, grade, review summary; School/EducationalOrganization with its address; its photo for previews', async () => {
    const p = await page(`/schools/${school.id}`);
    expectBasics(p, `/schools/${school.id}`, `${school.name} · Reviews and Ofsted · Teachers In London Talk`);
    const stats = (await (await app.request(`/api/schools/${school.id}`)).json()).stats as { averageRating: number; totalReviews: number };
    expect(stats.totalReviews).toBeGreaterThan(0);
    expect(p.text).toContain(school.name);
    expect(p.text).toContain('Outstanding');
    expect(p.meta('description')).toContain(`from ${stats.totalReviews} anonymous teacher review`);
    expect(p.meta('description')).toContain('Ofsted: Outstanding');
    expect(p.meta('og:image')).toBe('https://images.example/school.jpg');
    expect(p.meta('twitter:card')).toBe('summary_large_image');
    const ld = p.jsonLd[0];
    expect(ld['@type']).toEqual(['School', 'EducationalOrganization']);
    expect(ld.name).toBe(school.name);
    expect(ld.url).toBe(`${APP_URL}/schools/${school.id}`);
    expect(ld.address).toMatchObject({ '@type': 'PostalAddress', addressLocality: school.borough, addressCountry: 'GB' });
    if (school.postcode) expect(ld.address.postalCode).toBe(school.postcode);
    expect(ld.image).toBe('https://images.example/school.jpg');
    // The first page of reviews is in the HTML too, under the paged list's own key.
    const reviewsKey = Object.keys(p.payload.fallback).find(
      (k) => k.startsWith('$inf$') && k.includes(`"/api/schools/${school.id}/reviews"`),
    );
    const firstPage = (p.payload.fallback[reviewsKey!] as { rows: { pros: string }[] }[])[0];
    expect(firstPage.rows.length).toBeGreaterThan(0);
    // The overview tab shows the review summary.
    expect(p.text).toContain(`${stats.totalReviews} review`);
    expect(p.text).toContain('Overall rating');
  });

  it('the lists and static pages: /jobs, /schools, /pay-scales, /salaries, /forum, a thread, /career-advice', async () => {
    const cases: [string, string | RegExp, string][] = [
      ['/jobs', 'Teaching Jobs in London · Teachers In London Talk', 'Teacher of Chemistry'],
      ['/schools', 'London Schools · Teachers In London Talk', 'London Schools'],
      ['/pay-scales', 'Teacher Pay Scales · Teachers In London Talk', 'Main Pay Range'],
      ['/salaries', 'Salaries · Teachers In London Talk', 'Salar'],
      ['/forum', 'Forum · Teachers In London Talk', 'Inner vs Outer London pay'],
      ['/career-advice', 'Career Advice · Teachers In London Talk', 'Career Advice'],
    ];
    for (const [path, title, content] of cases) {
      const p = await page(path);
      expectBasics(p, path, title);
      expect(p.text, path).toContain(content);
    }
    // Pay scales open on Inner London (decision 0309): its radio is the checked one (a button whose
    // words are its aria-label, so not in the text).
    const pay = await page('/pay-scales');
    expect(pay.html.match(/<input[^>]*name="region"[^>]*>/g)?.filter((r) => /\bchecked\b/.test(r))).toEqual([
      expect.stringContaining('aria-label="Inner London"'),
    ]);
    const thread = (await (await app.request(`/api/forum/threads/${threadId}`)).json()) as { title: string };
    const t = await page(`/forum/threads/${threadId}`);
    expectBasics(t, `/forum/threads/${threadId}`, `${thread.title.replace(/&/g, '&')} · Teachers In London Talk`);
    expect(t.text).toContain(thread.title);
  });

  it('/pay-scales inlines the year its first screen shows, not the whole table (every year is still a page of its own)', async () => {
    const all = (await (await app.request('/api/pay-scales')).json()) as { effectiveDate: string }[];
    const years = [...new Set(all.map((r) => r.effectiveDate))];
    expect(years.length).toBe(4);
    for (const [path, year] of [
      ['/pay-scales', '2026-09-01'],
      ['/pay-scales?year=2024-09-01', '2024-09-01'],
    ] as const) {
      const p = await page(path);
      const inlined = Object.values(p.payload.fallback) as { effectiveDate: string }[][];
      expect(inlined.length, path).toBe(1);
      expect(inlined[0].length, path).toBe(all.filter((r) => r.effectiveDate === year).length);
      expect(
        inlined[0].every((r) => r.effectiveDate === year),
        path,
      ).toBe(true);
      expect(p.payload.seed.map((s) => s.url)).toEqual([`/api/pay-scales?effectiveDate=${year}`]);
      // The whole table was 276 kB of JSON (323 rows); one year is about a quarter of it.
      expect(JSON.stringify(p.payload).length, path).toBeLessThan(100_000);
    }
  });

  it('noindex on the signed-in and moderation pages; a missing page is a 404, noindex', async () => {
    for (const path of ['/dashboard', '/moderation']) expect((await page(path)).meta('robots')).toBe('noindex');
    const missing = await page('/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.meta('robots')).toBe('noindex');
    const noJob = await page('/jobs/999999');
    expect(noJob.status).toBe(404);
    expect(noJob.meta('robots')).toBe('noindex');
  });

  it('a detail page whose id cannot exist is a 404 saying so, noindex; so is an id the API does not have', async () => {
    const cases: [string, string][] = [
      ['/jobs/abc', 'Job not found'],
      ['/jobs/0', 'Job not found'],
      ['/jobs/1.5', 'Job not found'],
      ['/schools/abc', 'School not found'],
      ['/schools/-3', 'School not found'],
      ['/forum/threads/abc', 'Discussion not found'],
    ];
    for (const [path, text] of cases) {
      const p = await page(path);
      expect(p.status, path).toBe(404);
      expect(p.meta('robots'), path).toBe('noindex');
      expect(p.text, path).toContain(text);
    }
    // An id the API does not have (the browser then shows its "not found" state).
    for (const path of ['/schools/999999', '/forum/threads/999999']) {
      const p = await page(path);
      expect(p.status, path).toBe(404);
      expect(p.meta('robots'), path).toBe('noindex');
    }
  });

  it('renders as a visitor for everyone; a request with a cookie is private to that browser', async () => {
    const cookie = signIn(db, { id: 'dev:ssr', email: 'ssr@example.test', firstName: 'Sam' });
    const visitor = await page(`/jobs/${ourJobId}`);
    const signedIn = await page(`/jobs/${ourJobId}`, { headers: { Cookie: cookie } });
    expect(visitor.headers.get('cache-control')).toBe('no-cache');
    expect(signedIn.headers.get('cache-control')).toBe('private, no-cache');
    expect(signedIn.html).not.toContain('Sam');
    expect(signedIn.html).not.toContain('ssr@example.test');
    expect(signedIn.main).toBe(visitor.main);
  });

  it('a page whose last segment has a dot is still a page (an unsubscribe link)', async () => {
    const p = await page('/unsubscribe/12.AbC-x_9');
    expect(p.status).toBe(200);
    expect(p.text).toContain('Job alert emails');
    expect(p.meta('robots')).toBe('noindex');
    expect((await app.request('/nothing-here.js')).status).toBe(404);
  });

  it('gzip when the browser accepts it; the shell, assets and the API are untouched', async () => {
    const res = await app.request('/schools', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const shell = await (await app.request('/index.html')).text();
    expect(shell).toContain('<div id="root"></div>');
    expect((await app.request('/api/auth/user')).status).toBe(200);
    expect(await (await app.request('/api/auth/user')).json()).toBeNull();
  });
});

describe('the boot script', () => {
  it("is written into each page from the build's boot.js (no comment lines), and the page's CSP allows exactly it by its hash; it links the manifest", async () => {
    const dir = fakeDist({ head: '\n    <link rel="manifest" href="/manifest.webmanifest">' });
    writeFileSync(join(dir, 'boot.js'), readFileSync(join(import.meta.dirname, '..', 'public', 'boot.js'), 'utf8'));
    const built = createApp({ db, now: () => now, distDir: dir, appUrl: APP_URL, pageRenderer: () => import('../web/entry-server') });
    for (const path of ['/pay-scales', `/jobs/${ourJobId}`]) {
      const res = await built.request(path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).not.toContain('src="/boot.js"');
      const tags = [...html.matchAll(/<script type="module" data-entry="\/assets\/index-abc.js"[^>]*>([\s\S]*?)<\/script>/g)];
      expect(tags, path).toHaveLength(1);
      // The manifest is linked by the boot script after the paint, not by the head.
      expect(html, path).not.toContain('rel="manifest"');
      expect(tags[0][0], path).toContain(' data-manifest="/manifest.webmanifest"');
      const text = tags[0][1];
      expect(text, path).toContain("document.querySelector('script[data-entry]')");
      expect(text, path).toContain('PerformanceObserver');
      expect(text, path).not.toMatch(/^\s*\/\//m);
      const hash = `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
      const scriptSrc = /script-src ([^;]+)/.exec(res.headers.get('content-security-policy') ?? '')?.[1].split(' ');
      expect(scriptSrc, path).toEqual(["'self'", hash]);
    }
    // The API's answers carry no such allowance.
    const api = await built.request('/api/pay-scales');
    expect(api.headers.get('content-security-policy')).toContain("script-src 'self';");
  });
});

describe("pages count against their caller's read limit", () => {
  // Clients told apart by X-Forwarded-For behind a trusted proxy (in-process requests have no socket).
  const limitedApp = (readsPerMinute: number) =>
    createApp({
      db,
      now: () => now,
      distDir,
      appUrl: APP_URL,
      trustProxy: true,
      rateLimit: { readsPerMinute },
      pageRenderer: () => import('../web/entry-server'),
    });
  const from = (ip: string) => ({ headers: { 'X-Forwarded-For': ip } });
  const reads = (ip: string) =>
    (
      countersOf(db)
        .prepare('select sum(count) n from rate_windows where bucket = ?')
        .get(`read:${hashed(ip)}`) as { n: number | null }
    ).n ?? 0;

  it('a page counts as one read plus one per API read it inlines', async () => {
    const limited = limitedApp(1000);
    const res = await limited.request('/schools', from('198.51.100.41'));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('id="ssr-data"');
    expect(reads('198.51.100.41')).toBeGreaterThanOrEqual(2);
    // A page that reads nothing still counts.
    expect((await limited.request('/career-advice', from('198.51.100.42'))).status).toBe(200);
    expect(reads('198.51.100.42')).toBe(1);
  });

  it('after the API answered 429, the same address gets a 429 page (HTML, Retry-After) without the data; another address gets the page', async () => {
    const limited = limitedApp(4);
    for (let i = 0; i < 4; i++) expect((await limited.request('/api/pay-scales', from('198.51.100.43'))).status).toBe(200);
    expect((await limited.request('/api/schools', from('198.51.100.43'))).status).toBe(429);
    const statuses: number[] = [];
    let last!: Response;
    for (let i = 0; i < 5; i++) {
      last = await limited.request('/schools', from('198.51.100.43'));
      statuses.push(last.status);
    }
    expect(statuses).toEqual([429, 429, 429, 429, 429]);
    expect(last.headers.get('content-type')).toMatch(/^text\/html/);
    expect(last.headers.get('retry-after')).toBe('60');
    expect(last.headers.get('cache-control')).toBe('no-store');
    const html = await last.text();
    expect(html).toContain('<h1>Too many requests</h1>');
    expect(html).not.toContain('id="ssr-data"');
    expect(html).not.toContain('Westminster City School');
    const other = await limited.request('/schools', from('198.51.100.44'));
    expect(other.status).toBe(200);
    expect(await other.text()).toContain('id="ssr-data"');
  });

  it('pages alone use up the limit: then the page and the API both answer 429', async () => {
    const limited = limitedApp(10);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await limited.request(`/schools/${school.id}`, from('198.51.100.45'))).status);
    // Each page is its own read and its inlined reads: far fewer than 10 pages pass.
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(5);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.indexOf(429)).toBe(statuses.filter((s) => s === 200).length);
    expect((await limited.request('/api/pay-scales', from('198.51.100.45'))).status).toBe(429);
    expect(reads('198.51.100.45')).toBe(10);
  });

  it('a page whose inlined reads go over the limit mid-render is the 429 page, not a page without its data', async () => {
    const limited = limitedApp(3);
    for (let i = 0; i < 2; i++) expect((await limited.request('/api/pay-scales', from('198.51.100.46'))).status).toBe(200);
    // The page itself is the third read; its first API read is refused.
    const res = await limited.request(`/schools/${school.id}`, from('198.51.100.46'));
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.text()).not.toContain(school.name);
  });
});

describe('a malformed address', () => {
  it('is answered 400 and writes one log line (the request line), page or API', async () => {
    const logged = createApp({
      db,
      now: () => now,
      distDir,
      appUrl: APP_URL,
      logRequests: true,
      pageRenderer: () => import('../web/entry-server'),
    });
    await logged.request('/career-advice'); // the renderer loaded before counting
    const lines: string[] = [];
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void lines.push(`${level}: ${args.map(String).join(' ')}`)),
    );
    try {
      for (const path of ['/jobs/%E0%A4%A', '/%ZZ', '/schools/%E0%A4%A?borough=Camden', '/api/jobs/%E0%A4%A', '/assets/%E0%A4%A.js']) {
        lines.length = 0;
        const res = await logged.request(path);
        expect(res.status, path).toBe(400);
        expect(((await res.json()) as { error: string }).error, path).toMatch(/^(Malformed address|Invalid input)/);
        expect(lines, path).toHaveLength(1);
        expect(lines[0], path).toMatch(new RegExp(`^log: \\[[\\w-]+\\] GET ${path.split('?')[0].replace(/[.]/g, '\\.')} 400 `));
      }
    } finally {
      spies.forEach((spy) => spy.mockRestore());
    }
  });
});

describe('helpers', () => {
  it('preloads a screen chunk and its imports, not the entry', () => {
    const manifest = {
      'main.tsx': { file: 'assets/index.js', isEntry: true },
      'a/A.tsx': { file: 'assets/A.js', imports: ['main.tsx', '_s.js'] },
      '_s.js': { file: 'assets/s.js', imports: ['_s.js'] },
    };
    expect(preloadsFor(manifest, 'a/A.tsx')).toEqual(['assets/A.js', 'assets/s.js']);
    expect(preloadsFor(manifest, undefined)).toEqual([]);
  });
  it('splits the shell at #root and drops its default title and description', () => {
    const parts = templateParts('<head><title>x</title>\n<meta name="description" content="d" /></head><body><div id="root"></div></body>');
    expect(parts).toMatchObject({ beforeRoot: '<head></head><body>', afterRoot: '</body>', entry: undefined, preloads: [] });
  });
});

describe('the head before the render', () => {
  // A renderer that waits for the test's word before rendering: whatever arrives first left before the render.
  let release!: () => void;
  const gate = () => new Promise<void>((resolve) => (release = resolve));
  let waiting = gate();
  /** Renders left to throw (after the head left); whether renders report a failure (a component threw). */
  let throwing = 0;
  let failing = false;
  const rendered: string[] = [];
  const slow = createApp({
    db,
    now: () => now,
    distDir,
    appUrl: APP_URL,
    pageRenderer: () =>
      import('../web/entry-server').then((m) => ({
        ...m,
        render: async (...args: Parameters<typeof m.render>) => {
          await waiting;
          rendered.push(args[0]);
          if (throwing > 0 && throwing--) throw new Error('A screen broke while rendering');
          const page = await m.render(...args);
          return failing ? { ...page, failed: true } : page;
        },
      })),
  });
  const decoder = new TextDecoder();
  const gunzipPart = (bytes: Uint8Array) => gunzipSync(bytes, { finishFlush: zlibConstants.Z_SYNC_FLUSH }).toString('utf8');

  it('a list page: the first chunk is the head with the stylesheet and the boot script, the body follows once rendered; the next request gets the same bytes whole with an ETag', async () => {
    waiting = gate();
    const res = await slow.request('/pay-scales');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-cache')).toBe('miss');
    expect(res.headers.get('etag')).toBeNull();
    const reader = res.body!.getReader();
    const first = decoder.decode((await reader.read()).value);
    expect(first).toMatch(/^<!doctype html>/i);
    expect(first).toContain('<link rel="stylesheet" crossorigin href="/assets/index.css">');
    expect(first).toContain('<script type="module" src="/boot.js" data-entry="/assets/index-abc.js"');
    expect(first).not.toContain('</head>');
    expect(first).not.toContain('<div id="root">');
    release();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += decoder.decode(chunk.value);
    const html = first + rest;
    expect(rest).toMatch(/^\s*<title>Teacher Pay Scales/);
    expect(html.indexOf('rel="stylesheet"')).toBeLessThan(html.indexOf('<div id="root">'));
    expect(html).toContain('id="ssr-data"');
    expect(html).toContain('<h1 class="text-3xl font-bold mt-2">Teacher Pay Scales</h1>');
    const again = await slow.request('/pay-scales');
    expect(again.headers.get('x-cache')).toBe('hit');
    expect(again.headers.get('etag')).toMatch(/^W\//);
    expect(await again.text()).toBe(html);
  });

  it('gzip: the head is flushed through the compressor before the render', async () => {
    waiting = gate();
    const res = await slow.request('/forum', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const reader = res.body!.getReader();
    const parts: Uint8Array[] = [(await reader.read()).value!];
    const first = gunzipPart(parts[0]);
    expect(first).toContain('rel="stylesheet"');
    expect(first).not.toContain('<div id="root">');
    release();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) parts.push(chunk.value);
    const html = gunzipSync(Buffer.concat(parts)).toString('utf8');
    expect(html.startsWith(first)).toBe(true);
    expect(html).toContain('id="ssr-data"');
    // The page is kept with the compressed bytes that were sent (not compressed a second time): the same gzip, whole.
    const again = await slow.request('/forum', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(again.headers.get('x-cache')).toBe('hit');
    const kept = Buffer.from(await again.arrayBuffer());
    expect(kept.equals(Buffer.concat(parts))).toBe(true);
    expect(gunzipSync(kept).toString('utf8')).toBe(html);
    expect(await (await slow.request('/forum')).text()).toBe(html);
  });

  it('a render that throws after the 200 and the head left: the app shell (the browser renders the page itself), never kept; the next request renders again', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      for (const encoding of ['', 'gzip']) {
        rendered.length = 0;
        waiting = gate();
        throwing = 1;
        const res = await slow.request('/jobs', { headers: encoding ? { 'Accept-Encoding': encoding } : {} });
        expect(res.status).toBe(200);
        expect(res.headers.get('x-cache')).toBe('miss');
        expect(res.headers.get('etag')).toBeNull();
        // A second visitor arriving during the render waits for it, and is not handed its failure.
        const during = slow.request('/jobs');
        release();
        const bytes = new Uint8Array(await res.arrayBuffer());
        const html = encoding ? gunzipSync(bytes).toString('utf8') : new TextDecoder().decode(bytes);
        // The head as it left (stylesheet, boot script with the screen's chunks), then the app's empty root: no data, no half page.
        expect(html).toMatch(/^<!doctype html>/i);
        expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index.css">');
        expect(html).toContain('<script type="module" src="/boot.js" data-entry="/assets/index-abc.js"');
        expect(html).toMatch(/<\/head>\s*<body>\s*<div id="root"><\/div>\s*<\/body>\s*<\/html>$/);
        expect(html).not.toContain('ssr-data');
        expect(html).not.toContain('<title>');
        const second = await during;
        expect(second.status).toBe(200);
        expect(await second.text()).toContain('id="ssr-data"');
        expect(second.headers.get('x-cache')).not.toBe('hit');
        // Nothing was kept for the address: the next request renders again, and that page is kept.
        expect(rendered.filter((u) => u === '/jobs').length).toBe(2);
        expect(errors.mock.calls.some(([m]) => String(m).includes('/jobs'))).toBe(true);
        const next = await slow.request('/jobs');
        expect(next.headers.get('x-cache')).toBe('hit');
        expect(await next.text()).toContain('id="ssr-data"');
        // (The kept page is dropped for the next round by a change to what it shows.)
        db.$client.prepare("update data_versions set version = version + 1 where tag = 'jobs'").run();
      }
    } finally {
      errors.mockRestore();
      throwing = 0;
    }
  });

  it('a render that reports a failure (a read that erred, a component that threw) is sent as rendered but never kept', async () => {
    db.$client.prepare("update data_versions set version = version + 1 where tag = 'pay_scales'").run();
    rendered.length = 0;
    waiting = Promise.resolve();
    failing = true;
    try {
      const res = await slow.request('/pay-scales');
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('id="ssr-data"');
    } finally {
      failing = false;
    }
    const next = await slow.request('/pay-scales');
    expect(next.headers.get('x-cache')).toBe('miss');
    expect((await slow.request('/pay-scales')).headers.get('x-cache')).toBe('hit');
    expect(rendered.filter((u) => u === '/pay-scales').length).toBe(2);
  });

  it('a page whose status depends on its data is rendered first and sent whole: a detail page, a list with a query', async () => {
    waiting = Promise.resolve();
    const detail = await slow.request('/jobs/abc');
    expect(detail.status).toBe(404);
    const filtered = await slow.request('/jobs?sort=nonsense');
    expect(filtered.headers.get('etag')).toMatch(/^W\//);
    expect(filtered.status).toBe(200);
    const school = await slow.request('/schools/1');
    expect(school.headers.get('etag')).toMatch(/^W\//);
  });
});

describe('a page rendered again', () => {
  it('fetches what its first pass asked for before rendering: one pass less, the same bytes and the same reads', async () => {
    const { render } = await import('../web/entry-server');
    let reads: string[] = [];
    const fetch = (path: string, init?: RequestInit) => {
      reads.push(path);
      return app.request(path, init);
    };
    // An address no other test renders, so its first render here is its first in this process.
    const url = '/jobs?borough=Camden&sort=closing';
    const first = await render(url, { fetch, origin: APP_URL, now: now.getTime() });
    const firstReads = reads;
    reads = [];
    const again = await render(url, { fetch, origin: APP_URL, now: now.getTime() });
    expect(first.passes).toBe(2);
    expect(again.passes).toBe(1);
    expect(again.html).toBe(first.html);
    expect(again.html).toContain('data-testid="job-list"');
    expect(JSON.stringify(again.payload)).toBe(JSON.stringify(first.payload));
    expect(again.head).toEqual(first.head);
    expect(reads).toEqual(firstReads);
    expect(reads).toEqual(['/api/jobs?borough=Camden&sort=closing']);
    // A page whose first pass asks for nothing (no data) is rendered once every time.
    const about = await render('/career-advice', { fetch, origin: APP_URL, now: now.getTime() });
    expect((await render('/career-advice', { fetch, origin: APP_URL, now: now.getTime() })).passes).toBe(about.passes);
    expect(about.passes).toBe(1);
  });
});
