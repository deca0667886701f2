// Valid markup: every kind of server-rendered public page is conforming HTML (html-validate's
// standard rules: no duplicate ids, no aria-label where it is not allowed, no <style> in the
// body...), every search-and-filter form works without the script (named fields and a submit
// control), and link previews describe their image (og:image:alt, twitter:image:alt).
import { and, count, eq, sql } from 'drizzle-orm';
import { HtmlValidate } from 'html-validate';
import { describe, expect, it } from 'vitest';
import { forumPosts, forumThreads, jobs } from '../db/schema';
import { testDb } from '../test/db';
import { renderingApp } from '../test/fake-dist';

const APP_URL = 'https://teachers.example';

const now = new Date('2026-11-24T12:00:00Z');
const db = testDb({ now });
const app = renderingApp(db, () => now, { appUrl: APP_URL });
const checker = new HtmlValidate({ extends: ['html-validate:standard'] });

async function page(path: string) {
  const res = await app.request(path);
  return { status: res.status, html: await res.text() };
}

async function problems(html: string): Promise<string[]> {
  const report = await checker.validateString(html);
  return report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message} (${m.selector ?? `${m.line}:${m.column}`})`));
}

describe('server-rendered pages are conforming HTML', () => {
  // Every kind of page rendered and validated: 2-4 s idle, over 30 s once at load 19.
  it('finds no error on any kind of public page (including a thread with replies and a page not found)', { timeout: 120_000 }, async () => {
    // A thread whose replies each carry a Report dialog: the dialog's title id must not repeat.
    const [withReplies] = db
      .select({ id: forumPosts.threadId, n: count() })
      .from(forumPosts)
      .innerJoin(forumThreads, eq(forumThreads.id, forumPosts.threadId))
      .where(and(eq(forumPosts.isApproved, true), eq(forumThreads.isApproved, true)))
      .groupBy(forumPosts.threadId)
      .orderBy(sql`count(*) desc`)
      .limit(1)
      .all();
    expect(withReplies.n).toBeGreaterThanOrEqual(2);
    // A job at a school whose reviews give it a rating badge on the cards and the page.
    const job = db.select({ id: jobs.id, schoolId: jobs.schoolId }).from(jobs).where(sql`${jobs.schoolId} is not null`).limit(1).get()!;
    const paths = [
      '/',
      '/jobs',
      '/jobs?search=teacher&borough=all&sort=closing',
      `/jobs/${job.id}`,
      '/schools',
      '/schools?search=primary&borough=Camden',
      `/schools/${job.schoolId}`,
      '/compare',
      '/salaries',
      '/pay-scales',
      '/forum',
      `/forum/threads/${withReplies.id}`,
      '/career-advice',
      '/privacy-policy',
      '/about-us',
      '/no-such-page',
    ];
    const found: Record<string, string[]> = {};
    for (const path of paths) {
      const p = await page(path);
      expect(p.status, path).toBe(path === '/no-such-page' ? 404 : 200);
      const list = await problems(p.html);
      if (list.length) found[path] = list;
    }
    expect(found).toEqual({});
  });

  it('keeps the checker honest: a repeated id and an aria-label on a plain span are errors', async () => {
    const bad =
      '<!doctype html><html lang="en"><head><title>x</title></head><body><p id="a">1</p><p id="a"><span aria-label="x">2</span></p></body></html>';
    const list = await problems(bad);
    expect(list.some((m) => m.startsWith('no-dup-id'))).toBe(true);
    expect(list.some((m) => m.startsWith('aria-label-misuse'))).toBe(true);
  });
});

describe('search and filter forms work without the script', () => {
  it('every search form has named fields and a submit control, and its GET gives the filtered page', async () => {
    for (const path of ['/', '/jobs', '/schools', '/forum']) {
      const { html } = await page(path);
      const forms = [...html.matchAll(/<form[^>]*role="search"[^>]*>([\s\S]*?)<\/form>/g)];
      expect(forms.length, path).toBeGreaterThanOrEqual(1);
      for (const [, body] of forms) {
        expect(/<button[^>]*type="submit"/.test(body), `${path}: a submit control`).toBe(true);
        expect(/<input[^>]*name="search"/.test(body), `${path}: a named search field`).toBe(true);
      }
    }
    // The home box sends its words to the Jobs list.
    expect(/<form[^>]*role="search"[^>]*action="\/jobs"/.test((await page('/')).html)).toBe(true);
    // What a browser without the script sends: the search words and every select, 'all' included.
    const all = await page('/jobs?search=&borough=all&educationLevel=all&subject=all&keyStage=all&contractType=all&schoolType=all');
    const plain = await page('/jobs');
    const countOf = (html: string) => html.match(/data-testid="jobs-count"[^>]*>([^<]*)</)?.[1];
    expect(countOf(all.html)).toBeTruthy();
    expect(countOf(all.html)).toBe(countOf(plain.html));
    const camden = await page('/jobs?search=&borough=Camden&educationLevel=all&subject=all&keyStage=all&contractType=all&schoolType=all');
    const [{ n }] = db
      .select({ n: count() })
      .from(jobs)
      .where(and(eq(jobs.borough, 'Camden'), eq(jobs.isActive, true)))
      .all();
    expect(countOf(camden.html)).toMatch(new RegExp(`^${n} jobs? found`));
  });
});

describe('link previews describe their image', () => {
  it('carries og:image:alt and twitter:image:alt beside the image', async () => {
    const { html } = await page('/jobs');
    expect(html).toContain('<meta property="og:image:alt" content="Teachers In London Talk logo" />');
    expect(html).toContain('<meta name="twitter:image:alt" content="Teachers In London Talk logo" />');
  });
});
