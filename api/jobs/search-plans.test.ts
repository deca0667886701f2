// A search few enough to sort (decision 0707): its statements are driven by the FTS
// matches, whatever SQLite would guess without ANALYZE's statistics (the app never runs it, and the
// test database has none, like production). Every page must equal the plain SQL's, and no statement
// that reads the matches may walk an index of jobs over every open job.
import type Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { ok, queryOf, testApp } from '../../test/app';
import { oneMonthBefore } from '../../core/job-window';

const NOW = new Date('2026-11-22T12:00:00Z');
const DAY = 86_400_000;

describe('a search few enough to sort: driven by its matches', () => {
  const { db, client } = testApp({ now: NOW });
  // 3,000 jobs over four subjects and two boroughs; "Physics" in 1 of 25 titles (120 jobs), salaries,
  // deadlines (none on some) and posting times with ties.
  db.$client.exec(`
    with recursive seq(i) as (select 1 union all select i + 1 from seq where i < 3000)
    insert into jobs (title, description, subject, key_stage, contract_type, education_level, borough, application_deadline,
                      salary_min, salary_max, is_active, is_external, external_source, external_id, posted_at, created_at, updated_at)
    select case when i % 25 = 0 then 'Physics teacher ' || i else 'Class teacher ' || i end, 'A post.',
           case i % 4 when 0 then 'Science' when 1 then 'English' when 2 then 'Art' else 'Music' end,
           'Secondary', case when i % 5 = 0 then 'Temporary' else 'Permanent' end, 'Secondary',
           case when i % 3 = 0 then 'Barnet' else 'Camden' end,
           case when i % 7 = 0 then null else ${NOW.getTime()} + (i % 40) * ${DAY} end,
           case when i % 6 = 0 then null else 30000 + (i % 11) * 1000 end, case when i % 6 = 0 then null else 40000 + (i % 13) * 1000 end,
           case when i % 97 = 0 then 0 else 1 end, 1, 'plans', 'p-' || i,
           ${NOW.getTime()} - (i / 2) * 60000, ${NOW.getTime()}, ${NOW.getTime()}
    from seq`);

  const ORDERS = {
    newest: 'posted_at desc, id desc',
    closing: 'coalesce(application_deadline, 253402300799999) asc, id asc',
    salary: 'coalesce(salary_max, salary_min, 0) desc, id desc',
  } as const;
  const expected = (filter: string, sort: keyof typeof ORDERS) =>
    (
      db.$client
        .prepare(
          `select id from jobs where is_active = 1 and posted_at >= ? and posted_at <= ? and ${filter}
           and id in (select rowid from jobs_fts where jobs_fts match '"physics"*') order by ${ORDERS[sort]}`,
        )
        .all(oneMonthBefore(NOW).getTime(), NOW.getTime()) as { id: number }[]
    ).map((r) => r.id);

  /** Every statement run while `fn` runs, with its parameters (better-sqlite3's Statement methods wrapped). */
  const Statement = db.$client.prepare('select 1').constructor as { prototype: Record<string, (...args: unknown[]) => unknown> };
  const originals = Object.fromEntries(['all', 'get', 'run', 'iterate'].map((m) => [m, Statement.prototype[m]]));
  afterEach(() => Object.assign(Statement.prototype, originals));
  async function statementsOf(fn: () => Promise<unknown>) {
    const seen: { source: string; args: unknown[] }[] = [];
    for (const [m, original] of Object.entries(originals)) {
      Statement.prototype[m] = function (this: Database.Statement, ...args: unknown[]) {
        if (this.database === db.$client) seen.push({ source: this.source, args });
        return original.apply(this, args);
      };
    }
    await fn();
    Object.assign(Statement.prototype, originals);
    return seen;
  }
  const planOf = (s: { source: string; args: unknown[] }) =>
    (db.$client.prepare(`explain query plan ${s.source}`).all(...s.args) as { detail: string }[]).map((r) => r.detail);

  /** Every page (20 at a time, following Link): ids, and the first page's total. */
  const walk = async (url: string) => {
    const first = await client.jobs.$get({ query: { ...queryOf(url), limit: '20' } });
    const rows = await ok(first);
    // Each plan reads its rows with the list's one select (rowsInOrder), whose sort key is never in the answer.
    for (const j of rows) expect(j).not.toHaveProperty('sortKey');
    const ids = rows.map((j) => j.id);
    let next = /<([^>]+)>; rel="next"/.exec(first.headers.get('Link') ?? '')?.[1];
    for (let pages = 0; next && pages < 20; pages++) {
      const res = await client.jobs.$get({ query: queryOf(next) });
      ids.push(...(await ok(res)).map((j) => j.id));
      next = /<([^>]+)>; rel="next"/.exec(res.headers.get('Link') ?? '')?.[1];
    }
    return { ids, total: Number(first.headers.get('X-Total-Count')) };
  };

  const CASES: [string, string, keyof typeof ORDERS][] = [
    ['sort=newest', '1', 'newest'],
    ['sort=closing', '1', 'closing'],
    ['sort=salary', '1', 'salary'],
    ['borough=Camden&sort=closing', `borough = 'Camden'`, 'closing'],
    ['borough=Barnet&sort=newest', `borough = 'Barnet'`, 'newest'],
    ['subject=Science&sort=newest', `subject = 'Science'`, 'newest'],
    ['contractType=Temporary&sort=salary', `contract_type = 'Temporary'`, 'salary'],
  ];
  it.each(CASES)('physics with %s: every row once, in order, the exact total', async (query, filter, sort) => {
    const want = expected(filter, sort);
    expect(want.length).toBeGreaterThan(10);
    const got = await walk(`/api/jobs?search=physics&${query}`);
    expect(got.ids).toEqual(want);
    expect(got.total).toBe(want.length);
  });

  it.each([
    ...CASES.map(([query]) => query),
    // Relevance order (no sort), with and without a filter.
    'borough=Camden',
    'subject=Science',
    'contractType=Permanent',
  ])('physics with %s: each statement reading the matches leads with them', async (query) => {
    const statements = await statementsOf(() => ok(client.jobs.$get({ query: queryOf(`?search=physics&${query}`) })));
    const reading = statements.filter((s) => s.source.includes('jobs_fts') && /\bjobs\b"?\s/.test(s.source.replace(/jobs_fts/g, '')));
    // The list's matches, its total or its rows: at least one of them joins jobs.
    expect(reading.length).toBeGreaterThan(0);
    for (const s of reading) {
      const plan = planOf(s);
      // No index of jobs walked over the open jobs (jobs_posted_idx, a filter's or a sort's);
      // jobs read by its primary key only, after the matches.
      expect(
        plan.filter((line) => /^(SCAN jobs\b|SEARCH jobs USING (COVERING )?INDEX)/.test(line)),
        s.source,
      ).toEqual([]);
    }
  });
});
