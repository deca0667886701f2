// Keyset paging, sort orders, FTS5 search and its input handling, over the real app (a hundred times the data).
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { forumCategories, forumThreads, interviewExperiences, jobs, reviews, schools } from '../db/schema';
import { mulberry32 } from '../db/seed/prng';
import type { ClientResponse } from 'hono/client';
import { answer, ok, queryOf, testApp } from '../test/app';
import type { AnswerOf } from '../test/typed';
import { ftsQuery } from './search';

const NOW = new Date('2026-11-22T12:00:00Z');
const { db, client } = testApp({ now: NOW });
const DAY = 86_400_000;

type Query = Record<string, string>;
/** The paged lists, through the typed client. */
const jobsList = (query: Query) => client.jobs.$get({ query });
const schoolsList = (query: Query) => client.schools.$get({ query });
const threadsList = (query: Query) => client.forum.threads.$get({ query });
const reviewsList = (id: number) => (query: Query) => client.schools[':id'].reviews.$get({ param: { id: String(id) }, query });
const interviewsList = (id: number) => (query: Query) => client.schools[':id'].interviews.$get({ param: { id: String(id) }, query });

/** Follows Link rel="next" from a first query; answers every page's body and headers. */
async function allPages<R extends ClientResponse<unknown, number, 'json'>>(list: (query: Query) => Promise<R>, first: Query) {
  const pages: { body: AnswerOf<R, 200>; total: number; link: string | null }[] = [];
  let query: Query | null = first;
  while (query) {
    const res = await list(query);
    const link = res.headers.get('link');
    pages.push({ body: await ok(res), total: Number(res.headers.get('x-total-count')), link });
    query = link ? queryOf(/^<([^>]+)>; rel="next"$/.exec(link)![1]) : null;
    expect(pages.length).toBeLessThan(500);
  }
  return pages;
}

// 230 more jobs with a spread of dates, deadlines and salaries (ties on purpose).
const rand = mulberry32(10);
const school = db.select().from(schools).where(eq(schools.name, 'The Aldgate School')).get()!;
db.transaction((tx) => {
  for (let i = 0; i < 230; i++) {
    const salary = [30000, 40000, 50000, null][Math.floor(rand() * 4)];
    tx.insert(jobs)
      .values({
        title: i % 10 === 0 ? `Teacher of Chemistry ${i}` : `Paging test job ${i}`,
        description: i % 10 === 0 ? 'Chemistry and general science for key stage 4' : 'A synthetic advert for the paging test',
        borough: i % 2 ? 'Camden' : 'Hackney',
        schoolId: i % 3 === 0 ? school.id : null,
        salaryMin: salary,
        salaryMax: salary && rand() < 0.5 ? salary + 5000 : null,
        applicationDeadline: rand() < 0.3 ? null : new Date(NOW.getTime() + Math.floor(rand() * 20) * DAY),
        postedAt: new Date(NOW.getTime() - Math.floor(rand() * 25) * DAY),
      })
      .run();
  }
});
const openIds = () =>
  db
    .select({ id: jobs.id })
    .from(jobs)
    .where(sql`${jobs.isActive} = 1 and ${jobs.postedAt} >= ${NOW.getTime() - 30 * DAY}`)
    .all()
    .map((r) => r.id);

describe('GET /api/jobs pages', () => {
  it('answers 50 newest first by default, with X-Total-Count and a Link to the next page', async () => {
    const res = await jobsList({});
    const total = openIds().length;
    expect(total).toBeGreaterThan(250);
    expect(await ok(res)).toHaveLength(50);
    expect(res.headers.get('x-total-count')).toBe(String(total));
    expect(res.headers.get('link')).toMatch(/^<\/api\/jobs\?cursor=[A-Za-z0-9_-]+>; rel="next"$/);
    expect(await ok(jobsList({ limit: '4' }))).toHaveLength(4);
    expect(await ok(jobsList({ limit: '100' }))).toHaveLength(100);
    expect((await answer(jobsList({ limit: '101' }), 400)).fields).toHaveProperty('limit');
  });

  for (const sort of ['newest', 'closing', 'salary'] as const) {
    it(`answers every open job exactly once across pages, sort=${sort}, in order`, async () => {
      const pages = await allPages(jobsList, { sort, limit: '37' });
      const rows = pages.flatMap((p) => p.body);
      const ids = rows.map((j) => j.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort((a, b) => a - b)).toEqual(openIds().sort((a, b) => a - b));
      expect(pages.slice(0, -1).every((p) => p.body.length === 37)).toBe(true);
      expect(pages.at(-1)!.link).toBeNull();
      expect(pages.every((p) => p.total === ids.length)).toBe(true);
      const key = (j: (typeof rows)[number]) =>
        sort === 'newest'
          ? -Date.parse(j.postedAt)
          : sort === 'closing'
            ? j.applicationDeadline
              ? Date.parse(j.applicationDeadline)
              : Infinity
            : -(j.salaryMax ?? j.salaryMin ?? 0);
      for (let i = 1; i < rows.length; i++) {
        const [a, b] = [key(rows[i - 1]), key(rows[i])];
        expect(a < b || (a === b && (sort === 'closing' ? rows[i - 1].id < rows[i].id : rows[i - 1].id > rows[i].id))).toBe(true);
      }
    });
  }

  it('keeps filters in the next link and pages filtered lists', async () => {
    const pages = await allPages(jobsList, { borough: 'Camden', limit: '20' });
    const rows = pages.flatMap((p) => p.body);
    expect(rows.every((j) => j.borough === 'Camden')).toBe(true);
    expect(pages[0].link).toContain('borough=Camden');
    expect(rows).toHaveLength(pages[0].total);
    expect(new Set(rows.map((j) => j.id)).size).toBe(rows.length);
  });

  it('stays stable when jobs are inserted between pages: no row twice, none of the old ones lost', async () => {
    const before = new Set(openIds());
    const first = await jobsList({ limit: '30' });
    const inserted = db
      .insert(jobs)
      .values({ title: 'Inserted while paging', description: 'x', borough: 'Camden', postedAt: NOW })
      .returning()
      .get();
    const firstRows = await ok(first);
    const rest = await allPages(jobsList, queryOf(/<([^>]+)>/.exec(first.headers.get('link')!)![1]));
    const ids = [...firstRows, ...rest.flatMap((p) => p.body)].map((j) => j.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(inserted.id);
    expect(new Set(ids)).toEqual(before);
    db.delete(jobs).where(eq(jobs.id, inserted.id)).run();
  });

  it('adds the school rating from the kept figures, null for jobs without reviews', async () => {
    const rows = (await allPages(jobsList, { limit: '100' })).flatMap((p) => p.body);
    const approved = db
      .select({ avg: sql<number>`avg(${reviews.overallRating})`, n: sql<number>`count(*)` })
      .from(reviews)
      .where(sql`${reviews.schoolId} = ${school.id} and ${reviews.isApproved} = 1`)
      .get()!;
    const ofAldgate = rows.filter((j) => j.schoolId === school.id);
    expect(ofAldgate.length).toBeGreaterThan(50);
    expect(ofAldgate.every((j) => j.schoolRating === (approved.n ? Number(approved.avg.toFixed(2)) : null))).toBe(true);
    expect(rows.filter((j) => j.schoolId === null).every((j) => j.schoolRating === null)).toBe(true);
  });

  it('answers 400 for cursors it did not make, or made for another sort, never 500', async () => {
    const link = (await jobsList({ limit: '5' })).headers.get('link')!;
    const cursor = new URL(/<([^>]+)>/.exec(link)![1], 'http://x').searchParams.get('cursor')!;
    for (const bad of [
      'x',
      '!!!',
      'eyJ9',
      Buffer.from('["jobs.newest","a",1]').toString('base64url'),
      Buffer.from('["jobs.newest",1]').toString('base64url'),
      'a'.repeat(500),
    ]) {
      const res = await answer(jobsList({ cursor: bad }), 400);
      expect(res.fields?.cursor, bad).toBe('Invalid cursor');
    }
    expect((await answer(jobsList({ sort: 'salary', cursor }), 400)).fields).toEqual({ cursor: 'Invalid cursor' });
    expect(await ok(jobsList({ cursor }))).toHaveLength(50);
    expect((await answer(jobsList({ sort: 'cheapest' }), 400)).fields).toHaveProperty('sort');
  });
});

describe('full-text search', () => {
  it('matches word prefixes across title and description, with the other filters', async () => {
    const chem = (await allPages(jobsList, { search: 'chemis' })).flatMap((p) => p.body);
    expect(chem).toHaveLength(23);
    expect(chem.every((j) => /chemistry/i.test(j.title))).toBe(true);
    const camden = await ok(jobsList({ search: 'chemistry', borough: 'Camden' }));
    expect(camden.every((j) => j.borough === 'Camden')).toBe(true);
    expect(await ok(jobsList({ search: 'chemistry ks9' }))).toHaveLength(0);
  });

  it('reads FTS syntax in user text as plain words: quotes, operators and stars never fail', async () => {
    for (const q of [
      '"chemistry',
      'chemistry OR maths',
      'NOT chemistry',
      'title:chemistry',
      'chem*',
      '(chemistry',
      'chemistry -science',
      'NEAR(a b)',
      "o'neil",
      '^chemistry',
    ]) {
      expect((await jobsList({ search: q })).status, q).toBe(200);
    }
    expect((await ok(jobsList({ search: '"chemistry' }))).length).toBe(23);
    expect(ftsQuery('  AND OR "x" ')).toBe('"and"* AND "or"* AND "x"*');
  });

  it('answers 400 for a search with no letter or digit, or too long', async () => {
    for (const q of ['"""', '***', '- + ^', 'x'.repeat(201)]) {
      expect((await answer(jobsList({ search: q }), 400)).fields?.search, q).toBeTruthy();
    }
    expect((await answer(threadsList({ search: '""' }), 400)).fields).toHaveProperty('search');
    expect((await answer(schoolsList({ search: '**' }), 400)).fields).toHaveProperty('search');
  });

  it('follows renamed schools in the job index', async () => {
    const before = (await jobsList({ search: 'aldgate', limit: '100' })).headers.get('x-total-count');
    expect(Number(before)).toBeGreaterThan(0);
    db.update(schools).set({ name: 'The Portsoken School' }).where(eq(schools.id, school.id)).run();
    expect((await jobsList({ search: 'portsoken', limit: '100' })).headers.get('x-total-count')).toBe(before);
    db.update(schools).set({ name: school.name }).where(eq(schools.id, school.id)).run();
    expect(await ok(jobsList({ search: 'portsoken' }))).toHaveLength(0);
  });

  it('ranks forum threads by bm25: a title match on every word beats a passing mention', async () => {
    const cat = db.select().from(forumCategories).get()!;
    const t = (title: string, content: string) =>
      db.insert(forumThreads).values({ categoryId: cat.id, title, slug: 'x', content, isApproved: true }).returning().get().id;
    const weak = t('Timetables again', 'A long post about many things. ' + 'Lorem ipsum dolor sit amet. '.repeat(40) + 'Also behaviour.');
    const strong = t('Behaviour policy help', 'Behaviour behaviour: our behaviour policy needs work.');
    const res = await threadsList({ search: 'behav' });
    const ids = (await ok(res)).map((x) => x.id);
    expect(ids.indexOf(strong)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(strong)).toBeLessThan(ids.indexOf(weak));
    expect(res.headers.get('x-total-count')).toBe(String(ids.length));
  });
});

describe('other paged lists', () => {
  it('pages forum threads (sticky first), with 200-character previews', async () => {
    const cat = db.select().from(forumCategories).get()!;
    db.transaction((tx) => {
      for (let i = 0; i < 75; i++)
        tx.insert(forumThreads)
          .values({
            categoryId: cat.id,
            title: `Paged thread ${i}`,
            slug: 'p',
            content: 'y'.repeat(1000),
            isApproved: true,
            isSticky: i === 70,
            createdAt: new Date(NOW.getTime() - i * 60_000),
          })
          .run();
    });
    const approved = db.select({ n: sql<number>`count(*)` }).from(forumThreads).where(eq(forumThreads.isApproved, true)).get()!.n;
    const pages = await allPages(threadsList, { limit: '20' });
    const rows = pages.flatMap((p) => p.body);
    expect(rows).toHaveLength(approved);
    expect(pages[0].total).toBe(approved);
    expect(new Set(rows.map((t) => t.id)).size).toBe(approved);
    const stickies = rows.filter((t) => t.isSticky).length;
    expect(rows.slice(0, stickies).every((t) => t.isSticky)).toBe(true);
    expect(rows.every((t) => t.content.length <= 200)).toBe(true);
    expect(rows.find((t) => t.title === 'Paged thread 3')?.content).toBe('y'.repeat(200));
    expect((await threadsList({ categoryId: String(cat.id), limit: '5' })).headers.get('x-total-count')).toBe(
      String(
        db
          .select({ n: sql<number>`count(*)` })
          .from(forumThreads)
          .where(sql`${forumThreads.isApproved} = 1 and ${forumThreads.categoryId} = ${cat.id}`)
          .get()!.n,
      ),
    );
  });

  it("pages a school's reviews and interviews, newest first, approved reviews only", async () => {
    db.transaction((tx) => {
      for (let i = 0; i < 45; i++) {
        const r = {
          overallRating: 1 + (i % 5),
          workLifeBalanceRating: 3,
          compensationRating: 3,
          careerOpportunitiesRating: 3,
          cultureRating: 3,
          leadershipRating: 3,
        };
        tx.insert(reviews)
          .values({
            ...r,
            schoolId: school.id,
            pros: 'p',
            cons: 'c',
            wouldRecommend: true,
            isApproved: i % 4 !== 0,
            createdAt: new Date(NOW.getTime() - (i % 7) * DAY),
          })
          .run();
        tx.insert(interviewExperiences)
          .values({ schoolId: school.id, jobTitle: 'T', processDescription: 'd', createdAt: new Date(NOW.getTime() - (i % 5) * DAY) })
          .run();
      }
    });
    const approved = db
      .select({ n: sql<number>`count(*)` })
      .from(reviews)
      .where(sql`${reviews.schoolId} = ${school.id} and ${reviews.isApproved} = 1`)
      .get()!.n;
    const pages = await allPages(reviewsList(school.id), { limit: '10' });
    const rows = pages.flatMap((p) => p.body);
    expect(rows).toHaveLength(approved);
    expect(pages[0].body).toHaveLength(10);
    expect(pages[0].total).toBe(approved);
    expect(new Set(rows.map((r) => r.id)).size).toBe(approved);
    expect(rows.every((r) => r.isApproved && !('userId' in r))).toBe(true);
    const times = rows.map((r) => Date.parse(r.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(await ok(reviewsList(school.id)({}))).toHaveLength(20);
    const interviews = (await allPages(interviewsList(school.id), { limit: '8' })).flatMap((p) => p.body);
    const ivTotal = db
      .select({ n: sql<number>`count(*)` })
      .from(interviewExperiences)
      .where(eq(interviewExperiences.schoolId, school.id))
      .get()!.n;
    expect(interviews).toHaveLength(ivTotal);
    expect(new Set(interviews.map((r) => r.id)).size).toBe(ivTotal);
  });

  it('pages the schools list by name and by rating, each school once', async () => {
    const all = db.select({ n: sql<number>`count(*)` }).from(schools).where(eq(schools.isActive, true)).get()!.n;
    for (const sort of ['name', 'rating']) {
      const pages = await allPages(schoolsList, { sort, limit: '200' });
      const rows = pages.flatMap((p) => p.body);
      expect(rows).toHaveLength(all);
      expect(new Set(rows.map((s) => s.id)).size).toBe(all);
      expect(pages[0].body).toHaveLength(200);
      if (sort === 'rating') {
        for (let i = 1; i < rows.length; i++) expect(rows[i - 1].averageRating >= rows[i].averageRating).toBe(true);
      } else {
        const names = rows.map((s) => s.name);
        expect(names.slice(0, 50)).toEqual([...names.slice(0, 50)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      }
    }
    expect((await answer(schoolsList({ limit: '5001' }), 400)).fields).toHaveProperty('limit');
    expect(await ok(schoolsList({ limit: '3', sort: 'rating' }))).toHaveLength(3);
  });
});
