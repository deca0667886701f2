// GET /sitemap.xml and /robots.txt: schools, live jobs of ours, approved threads; an index of
// parts past the URL limit (a small limit injected here).
import { and, count, eq, gte } from 'drizzle-orm';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { forumThreads, jobs, schools } from '../../db/schema';
import { testDb } from '../../test/db';
import { createApp } from '../app';
import { oneMonthBefore } from '../../core/job-window';
import { sitemapRoutes, STATIC_PAGES } from '.';

const APP_URL = 'https://teachers.example';
const now = new Date('2026-11-24T12:00:00Z');
const db = testDb({ now });
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

// One job of ours, one rejected and one pending thread: in and out of the sitemap.
const ours = db
  .insert(jobs)
  .values({ title: 'Teacher of Art', description: 'Art teacher.', borough: 'Camden', postedAt: new Date('2026-11-20T00:00:00Z') })
  .returning({ id: jobs.id })
  .get().id;
const old = db
  .insert(jobs)
  .values({ title: 'Old job', description: 'Long gone.', borough: 'Camden', postedAt: new Date('2026-09-01T00:00:00Z') })
  .returning({ id: jobs.id })
  .get().id;
const category = db.select({ id: forumThreads.categoryId }).from(forumThreads).limit(1).get()!.id;
const pending = db
  .insert(forumThreads)
  .values({ categoryId: category, title: 'Pending', slug: 'pending', content: 'Waiting.', isApproved: false })
  .returning({ id: forumThreads.id })
  .get().id;

describe('GET /sitemap.xml', () => {
  const app = createApp({ db, now: () => now, appUrl: APP_URL });

  it('lists the screens, every active school, our live jobs and approved threads, with absolute URLs', async () => {
    const res = await app.request('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const urls = locs(xml);
    const activeSchools = db.select({ n: count() }).from(schools).where(eq(schools.isActive, true)).get()!.n;
    const liveOurJobs = db
      .select({ n: count() })
      .from(jobs)
      .where(and(eq(jobs.isActive, true), eq(jobs.isExternal, false), gte(jobs.postedAt, oneMonthBefore(now))))
      .get()!.n;
    const approved = db.select({ n: count() }).from(forumThreads).where(eq(forumThreads.isApproved, true)).get()!.n;
    expect(activeSchools).toBeGreaterThan(3000);
    expect(approved).toBeGreaterThan(0);
    expect(urls.filter((u) => /\/schools\/\d+$/.test(u))).toHaveLength(activeSchools);
    expect(urls.filter((u) => /\/jobs\/\d+$/.test(u))).toHaveLength(liveOurJobs);
    expect(urls.filter((u) => /\/forum\/threads\/\d+$/.test(u))).toHaveLength(approved);
    expect(urls.length).toBe(STATIC_PAGES.length + activeSchools + liveOurJobs + approved);
    expect(urls).toContain(`${APP_URL}/`);
    expect(urls).toContain(`${APP_URL}/pay-scales`);
    expect(urls).toContain(`${APP_URL}/jobs/${ours}`);
    expect(urls).not.toContain(`${APP_URL}/jobs/${old}`);
    expect(urls).not.toContain(`${APP_URL}/forum/threads/${pending}`);
    // Teaching Vacancies adverts are canonical at their source: not listed.
    const external = db.select({ id: jobs.id }).from(jobs).where(eq(jobs.isExternal, true)).limit(1).get()!.id;
    expect(urls).not.toContain(`${APP_URL}/jobs/${external}`);
    expect(urls.some((u) => u.includes('/dashboard') || u.includes('/moderation'))).toBe(false);
    expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });

  it('past the limit: a sitemap index whose parts hold every URL once', async () => {
    const all = locs(await (await app.request('/sitemap.xml')).text());
    const small = new Hono().route('/', sitemapRoutes({ db, origin: APP_URL, now: () => now, maxUrls: 1000 }));
    const index = await (await small.request('/sitemap.xml')).text();
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const parts = locs(index);
    expect(parts).toEqual(Array.from({ length: Math.ceil(all.length / 1000) }, (_, i) => `${APP_URL}/sitemap-${i + 1}.xml`));
    const fromParts: string[] = [];
    for (const part of parts) {
      const res = await small.request(new URL(part).pathname);
      expect(res.status).toBe(200);
      const urls = locs(await res.text());
      expect(urls.length).toBeLessThanOrEqual(1000);
      fromParts.push(...urls);
    }
    expect(fromParts).toEqual(all);
    expect((await small.request(`/sitemap-${parts.length + 1}.xml`)).status).toBe(404);
    expect((await app.request('/sitemap-1.xml')).status).toBe(404);
  });

  it('robots.txt names the sitemap and keeps crawlers out of the API and the signed-in pages', async () => {
    const res = await app.request('/robots.txt');
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await res.text();
    expect(text).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
    for (const path of ['/api/', '/dashboard', '/moderation']) expect(text).toContain(`Disallow: ${path}`);
    expect(text).not.toMatch(/Disallow: \/\n/);
  });
});
