// GET /sitemap.xml and /robots.txt: every public page a search engine should know
// about: the main screens, every active school, every live job of ours (a Teaching Vacancies
// advert's canonical page is at its source, so it is left out; a school's closed job, or one
// published for a later date, is not live), and every approved discussion.
// Past `maxUrls` (50,000, the protocol's limit) /sitemap.xml becomes a sitemap index of
// /sitemap-1.xml, /sitemap-2.xml, ...
import { and, asc, eq, gte, isNull, lte } from 'drizzle-orm';
import { escapeHtml as escapeXml } from '../../core/html';
import type { DB } from '../../db/client';
import { forumThreads, jobs, schools } from '../../db/schema';
import { PUBLIC, threadListedSql } from '../forum/visibility';
import { oneMonthBefore } from '../../core/job-window';
import { policyData } from '../route-policy';

export const SITEMAP_MAX_URLS = 50_000;

/** The screens every visitor can open (the signed-in and moderation screens are not listed). */
export const STATIC_PAGES = [
  '/',
  '/jobs',
  '/schools',
  '/compare',
  '/salaries',
  '/pay-scales',
  '/pay-scales/take-home',
  '/forum',
  '/career-advice',
  '/about-us',
  '/privacy-policy',
];

export interface SitemapOptions {
  db: DB;
  /** APP_URL, without a trailing slash. */
  origin: string;
  now?: () => Date;
  /** URLs per sitemap file (tests inject a small one). */
  maxUrls?: number;
}

interface Entry {
  path: string;
  lastmod?: Date | null;
}

/** Every public URL, in a stable order. */
export function sitemapEntries(db: DB, now: Date): Entry[] {
  const entries: Entry[] = STATIC_PAGES.map((path) => ({ path }));
  for (const s of db
    .select({ id: schools.id, updatedAt: schools.updatedAt })
    .from(schools)
    .where(eq(schools.isActive, true))
    .orderBy(asc(schools.id))
    .all()) {
    entries.push({ path: `/schools/${s.id}`, lastmod: s.updatedAt });
  }
  const liveJobs = db
    .select({ id: jobs.id, updatedAt: jobs.updatedAt })
    .from(jobs)
    .where(and(eq(jobs.isActive, true), eq(jobs.isExternal, false), gte(jobs.postedAt, oneMonthBefore(now)), lte(jobs.postedAt, now)))
    .orderBy(asc(jobs.id))
    .all();
  for (const j of liveJobs) entries.push({ path: `/jobs/${j.id}`, lastmod: j.updatedAt });
  const threads = db
    .select({ id: forumThreads.id, updatedAt: forumThreads.updatedAt, lastReplyAt: forumThreads.lastReplyAt })
    .from(forumThreads)
    .where(and(threadListedSql(PUBLIC), isNull(forumThreads.rejectedAt)))
    .orderBy(asc(forumThreads.id))
    .all();
  for (const t of threads) {
    const last = t.lastReplyAt && t.updatedAt && t.lastReplyAt > t.updatedAt ? t.lastReplyAt : t.updatedAt;
    entries.push({ path: `/forum/threads/${t.id}`, lastmod: last });
  }
  return entries;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

export function urlset(origin: string, entries: Entry[]): string {
  const urls = entries.map(
    (e) => `  <url><loc>${escapeXml(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${day(e.lastmod)}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function sitemapIndex(origin: string, parts: number, now: Date): string {
  const items = Array.from(
    { length: parts },
    (_, i) => `  <sitemap><loc>${escapeXml(`${origin}/sitemap-${i + 1}.xml`)}</loc><lastmod>${day(now)}</lastmod></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/** Crawlers keep out of the server's own paths and the screens whose routes say `index: false` (decision 0006). */
export function robotsTxt(origin: string): string {
  const { serverPrefixes, noindexPages } = policyData();
  const disallowed = [...serverPrefixes.map((p) => `${p}/`), ...noindexPages.map((p) => p.split('{')[0])];
  return ['User-agent: *', ...disallowed.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
