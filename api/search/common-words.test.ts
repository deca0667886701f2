// A common word's matches (more than RELEVANCE_MAX threads, more than 2,000 jobs) are ranked a
// window at a time (decision 0701, Speed): every match still comes once, in tier order within each
// window, and the total says "1,000+" rather than counting them all.
import { describe, expect, it } from 'vitest';
import { SCHOOLS_LIST_LIMIT, SCHOOLS_PAGE_SIZE } from '../../core/constants';
import { ok, queryOf, testApp } from '../../test/app';
import { oneMonthBefore } from '../../core/job-window';
import { keepFirstWindow, relevancePage, tierOf, WINDOW, windowedPage, wordCountOf, type WindowOf } from './relevance';
import { bm25Affordable } from './index';
import { RELEVANCE_MAX } from './relevance';

const NOW = new Date('2026-11-22T12:00:00Z');

describe('windowedPage', () => {
  // 23 matches, ids 1..23; every third one's name is exactly the word typed (tier 0).
  const names = new Map(Array.from({ length: 23 }, (_, i) => [i + 1, (i + 1) % 3 === 0 ? 'Question' : `About a question ${i + 1}`]));
  const windowOf: WindowOf = (below, size) =>
    [...names]
      .filter(([id]) => id < below)
      .sort((a, b) => b[0] - a[0])
      .slice(0, size)
      .map(([id, name]) => ({ id, name }));

  it('pages every match once, each window of 10 in tier order then newest first', () => {
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = windowedPage(windowOf, ['question'], 't', 4, cursor, 10);
      seen.push(...page.ids);
      cursor = page.next ?? undefined;
      pages++;
    } while (cursor && pages < 20);
    expect(seen).toHaveLength(23);
    expect(new Set(seen).size).toBe(23);
    // First window: ids 23..14, the exact names (21, 18, 15) first, then the rest newest first.
    expect(seen.slice(0, 10)).toEqual([21, 18, 15, 23, 22, 20, 19, 17, 16, 14]);
    expect(seen.slice(10, 20)).toEqual([12, 9, 6, 13, 11, 10, 8, 7, 5, 4]);
    expect(seen.slice(20)).toEqual([3, 2, 1]);
    expect(pages).toBe(6);
  });

  it('fills a page across windows and ends with no next cursor', () => {
    const page = windowedPage(windowOf, ['question'], 't', 15, undefined, 10);
    expect(page.ids).toEqual([21, 18, 15, 23, 22, 20, 19, 17, 16, 14, 12, 9, 6, 13, 11]);
    const rest = windowedPage(windowOf, ['question'], 't', 15, page.next!, 10);
    expect(rest.ids).toEqual([10, 8, 7, 5, 4, 3, 2, 1]);
    expect(rest.next).toBeNull();
  });

  it('keepFirstWindow: the first page and the capped total from one read, the same answers', () => {
    let reads = 0;
    const counted: WindowOf = (below, size) => {
      reads++;
      return windowOf(below, size);
    };
    const kept = keepFirstWindow(counted, 11);
    const page = windowedPage(kept, ['question'], 't', 4, undefined, 10);
    expect(page).toEqual(windowedPage(windowOf, ['question'], 't', 4, undefined, 10));
    expect(kept(Number.MAX_SAFE_INTEGER, 11)).toEqual(windowOf(Number.MAX_SAFE_INTEGER, 11));
    expect(reads).toBe(1);
    // Below the first window, or larger than kept: read as asked.
    expect(kept(14, 10)).toEqual(windowOf(14, 10));
    expect(kept(Number.MAX_SAFE_INTEGER, 20)).toEqual(windowOf(Number.MAX_SAFE_INTEGER, 20));
    expect(reads).toBe(3);
  });

  it('answers a cursor of another list with 400', () => {
    const other = relevancePage(
      [
        { id: 1, name: 'Question', rank: 0 },
        { id: 2, name: 'Question', rank: 0 },
      ],
      ['question'],
      'x',
      1,
    ).next!;
    expect(() => windowedPage(windowOf, ['question'], 't', 4, other, 10)).toThrow();
  });
});

describe('a common word through the API', () => {
  const { db, client } = testApp({ now: NOW });
  const threads = (url: string) => client.forum.threads.$get({ query: queryOf(url) });
  const category = db.$client.prepare('select id from forum_categories where is_active = 1 order by id limit 1').get() as { id: number };
  const THREADS = RELEVANCE_MAX + 300;
  db.$client.exec(`
    with recursive seq(i) as (select 1 union all select i + 1 from seq where i < ${THREADS})
    insert into forum_threads (category_id, title, slug, content, is_approved, created_at, updated_at)
    select ${category.id}, case when i % 500 = 3 then 'Question' else 'Question about marking ' || i end, 'common-word-' || i,
           'A thread about marking.', case when i % 10 = 0 then 0 else 1 end, ${NOW.getTime()} - i * 1000, ${NOW.getTime()}
    from seq`);
  const visible = THREADS - THREADS / 10;

  it('threads: "Question" first within the newest matches, "1,000+" and every visible match once', async () => {
    const first = await threads('/api/forum/threads?search=question&limit=100');
    expect(first.headers.get('X-Total-Count')).toBe('1000');
    expect(first.headers.get('X-Total-Count-Capped')).toBe('true');
    const titles = (await ok(first)).map((t) => t.title);
    // The newest 1,000 visible matches are i = 4300 down to about 3190: the two exact titles among
    // them (i = 4003 and 3503) first, then the newest (every tenth thread is not approved).
    expect(titles.slice(0, 3)).toEqual(['Question', 'Question', 'Question about marking 4299']);
    expect(titles).not.toContain('Question about marking 4290');
    const ids = new Set<number>();
    let url: string | null = '/api/forum/threads?search=question&limit=100';
    let requests = 0;
    while (url && requests < 100) {
      const res = await threads(url);
      for (const t of await ok(res)) ids.add(t.id);
      url = /<([^>]+)>; rel="next"/.exec(res.headers.get('Link') ?? '')?.[1] ?? null;
      requests++;
    }
    const { n } = db.$client
      .prepare(
        `select count(*) n from forum_threads_fts f join forum_threads t on t.id = f.rowid join forum_categories c on c.id = t.category_id
         where forum_threads_fts match '"question"*' and t.is_approved = 1 and c.is_active = 1`,
      )
      .get() as { n: number };
    expect(n).toBeGreaterThanOrEqual(visible);
    expect(ids.size).toBe(n);
  });

  it('bm25 is left out when one word matches more than RELEVANCE_MAX rows, kept otherwise', () => {
    expect(bm25Affordable(db, 'forum_threads_fts', ['question'])).toBe(false);
    expect(bm25Affordable(db, 'forum_threads_fts', ['behaviour'])).toBe(true);
  });
});

describe('a common job word through the API', () => {
  const { db, client } = testApp({ now: NOW });
  const jobsAt = (url: string) => client.jobs.$get({ query: queryOf(url) });
  const JOBS = 2300;
  db.$client.exec(`
    with recursive seq(i) as (select 1 union all select i + 1 from seq where i < ${JOBS})
    insert into jobs (title, description, subject, borough, is_active, is_external, external_source, external_id, posted_at, created_at, updated_at)
    select case when i % 700 = 5 then 'Teacher' else 'Class teacher ' || i end, 'A teaching post.', 'Art', 'Camden', 1, 1, 'common-word', 'cw-' || i,
           ${NOW.getTime()} - i * 1000, ${NOW.getTime()}, ${NOW.getTime()}
    from seq`);

  it('"Teacher" first within the newest matches, "1,000+", and an explicit sort still wins', async () => {
    const res = await jobsAt('/api/jobs?search=teacher&limit=20');
    expect(res.headers.get('X-Total-Count')).toBe('1000');
    expect(res.headers.get('X-Total-Count-Capped')).toBe('true');
    // The newest 1,000 matches are i = 2300 down to 1301: the exact title of i = 2105 and 1405 first.
    const titles = (await ok(res)).map((j) => j.title);
    expect(titles.slice(0, 3)).toEqual(['Teacher', 'Teacher', 'Class teacher 2300']);
    const next = /<([^>]+)>; rel="next"/.exec(res.headers.get('Link') ?? '')?.[1];
    const second = await ok(jobsAt(next!));
    expect(second[0].title).toBe('Class teacher 2282');
    const newest = await ok(jobsAt('/api/jobs?search=teacher&sort=newest&limit=20'));
    const times = newest.map((j) => Date.parse(j.postedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('a common word in a borough: the matches of that borough only, newest first, the total exact or capped', async () => {
    // 40 matches and 15 others in Kensington and Chelsea; 12 in Barnet, posted later than the rest.
    db.$client.exec(`
      with recursive seq(i) as (select 1 union all select i + 1 from seq where i < 67)
      insert into jobs (title, description, subject, borough, is_active, is_external, external_source, external_id, posted_at, created_at, updated_at)
      select case when i <= 40 or i > 55 then 'Teacher of art ' || i else 'Librarian ' || i end, 'A post.', 'Art',
             case when i <= 55 then 'Kensington and Chelsea' else 'Barnet' end, 1, 1, 'common-word', 'kc-' || i,
             ${NOW.getTime()} - i * 100, ${NOW.getTime()}, ${NOW.getTime()}
      from seq`);
    /** The open jobs of a borough matching "teacher" (no index narrowing), newest first. */
    const expected = (borough: string) =>
      (
        db.$client
          .prepare(
            `select id from jobs where borough = ? and is_active = 1 and posted_at >= ? and posted_at <= ?
             and id in (select rowid from jobs_fts where jobs_fts match '"teacher"*') order by posted_at desc, id desc`,
          )
          .all(borough, oneMonthBefore(NOW).getTime(), NOW.getTime()) as { id: number }[]
      ).map((r) => r.id);
    const inKc = await jobsAt('/api/jobs?search=teacher&borough=Kensington%20and%20Chelsea&limit=100');
    const kc = await ok(inKc);
    expect(kc.slice(0, 40).map((j) => j.title)).toEqual(Array.from({ length: 40 }, (_, i) => `Teacher of art ${i + 1}`));
    expect(kc.map((j) => j.id)).toEqual(expected('Kensington and Chelsea'));
    expect(inKc.headers.get('X-Total-Count')).toBe(String(kc.length));
    expect(inKc.headers.get('X-Total-Count-Capped')).toBeNull();
    const inBarnet = await jobsAt('/api/jobs?search=teacher&borough=Barnet&limit=100');
    expect((await ok(inBarnet)).map((j) => j.id)).toEqual(expected('Barnet'));
    expect(inBarnet.headers.get('X-Total-Count')).toBe(String(expected('Barnet').length));
    const inCamden = await jobsAt('/api/jobs?search=teacher&borough=Camden&limit=100');
    expect(inCamden.headers.get('X-Total-Count')).toBe('1000');
    expect(inCamden.headers.get('X-Total-Count-Capped')).toBe('true');
    const camden = await ok(inCamden);
    expect(camden).toHaveLength(100);
    expect(new Set(camden.map((j) => j.borough))).toEqual(new Set(['Camden']));
    const times = camden.map((j) => Date.parse(j.postedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});

describe('a common school word through the API', () => {
  const { db, client } = testApp({ now: NOW });
  const schoolsAt = (url: string) => client.schools.$get({ query: queryOf(url) });
  /** What the list must answer: the active matches under the filter, by tier, then the shorter name, then id. */
  const expected = (filter = '') =>
    (
      db.$client
        .prepare(
          `select s.id, s.name from schools s join schools_fts f on f.rowid = s.id
           where schools_fts match '"primary"*' and s.is_active = 1 ${filter}`,
        )
        .all() as { id: number; name: string }[]
    )
      .map((s) => ({ ...s, key: [tierOf(s.name, ['primary']), wordCountOf(s.name), s.id] }))
      .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2])
      .map((s) => s.id);
  const ids = async (url: string) => {
    const res = await schoolsAt(url);
    return { ids: (await ok(res)).map((s) => s.id), total: Number(res.headers.get('X-Total-Count')) };
  };

  it('ranks every match (more than WINDOW) exactly, with and without a filter, and its total is exact', async () => {
    const all = expected();
    expect(all.length).toBeGreaterThan(WINDOW);
    expect(await ids('/api/schools?search=primary&limit=5000')).toEqual({ ids: all, total: all.length });
    const camden = expected(`and s.borough = 'Camden' and instr(coalesce(s.education_level, ''), 'Primary') > 0`);
    expect(camden.length).toBeGreaterThan(10);
    expect(await ids('/api/schools?search=primary&borough=Camden&educationLevel=Primary&limit=5000')).toEqual({
      ids: camden,
      total: camden.length,
    });
  });

  it('a search with no limit answers one page (50) and the whole total; the list without one keeps 200', async () => {
    const all = expected();
    const res = await schoolsAt('/api/schools?search=primary');
    const rows = await ok(res);
    expect(rows.map((s) => s.id)).toEqual(all.slice(0, SCHOOLS_PAGE_SIZE));
    expect(res.headers.get('X-Total-Count')).toBe(String(all.length));
    // The next page follows on from it.
    const next = /<([^>]+)>; rel="next"/.exec(res.headers.get('Link') ?? '')?.[1];
    const second = await ok(schoolsAt(next!));
    expect(second.map((s) => s.id)).toEqual(all.slice(SCHOOLS_PAGE_SIZE, 2 * SCHOOLS_PAGE_SIZE));
    // An explicit limit is still honoured; the unsearched list's default is product §9's 200.
    expect(await ok(schoolsAt('/api/schools?search=primary&limit=120'))).toHaveLength(120);
    expect(await ok(schoolsAt('/api/schools'))).toHaveLength(SCHOOLS_LIST_LIMIT);
  });

  it('follows a renamed, closed or new school at once', async () => {
    const [first, second] = expected();
    expect((await ids('/api/schools?search=primary&limit=5000')).ids[0]).toBe(first);
    const other = db.$client
      .prepare(`select id from schools where is_active = 1 and name not like '%primary%' order by id limit 1`)
      .get() as {
      id: number;
    };
    db.$client.prepare(`update schools set is_active = 0 where id = ?`).run(first);
    db.$client.prepare(`update schools set name = 'Primary' where id = ?`).run(other.id);
    const added = Number(
      db.$client.prepare(`insert into schools (urn, name, borough) values (999002, 'Zebra Primary School', 'Camden')`).run()
        .lastInsertRowid,
    );
    const now = expected();
    expect(now).not.toContain(first);
    expect(now[0]).toBe(other.id);
    expect(now).toContain(added);
    expect(now).toContain(second);
    expect((await ids('/api/schools?search=primary&limit=5000')).ids).toEqual(now);
    // The row as it is now, and its figures counted now (an open job posted since).
    const before = await ok(schoolsAt('/api/schools?search=primary&limit=1'));
    expect(before[0].name).toBe('Primary');
    db.$client
      .prepare(
        `insert into jobs (title, description, school_id, borough, is_active, is_external, external_source, external_id, posted_at, created_at, updated_at)
         values ('Art teacher', 'A post.', ?, 'Camden', 1, 1, 'common-word', 'fig-1', ?, ?, ?)`,
      )
      .run(other.id, NOW.getTime() - 1000, NOW.getTime(), NOW.getTime());
    const after = await ok(schoolsAt('/api/schools?search=primary&limit=1'));
    expect(after[0].openJobsCount).toBe(before[0].openJobsCount + 1);
  });
});
