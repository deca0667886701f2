// A common job word (more than 2,000 matches) with a filter or a sort (decision 0705):
// the list walks its own index and asks the FTS index about each row (or, when the word is in too
// few of those rows, gathers the matches as before), and sorted by closing date in a borough it
// walks the borough's closing index (decision 0706; SQLite's own plan compared). Every plan must answer
// the same rows, in the same order, with the same totals as the plain SQL below.
import { afterEach, describe, expect, it } from 'vitest';
import { ok, queryOf, testApp } from '../../test/app';
import { oneMonthBefore } from '../../core/job-window';
import { CLOSING_WALK, closingWalk } from './job-conditions';

const NOW = new Date('2026-11-22T12:00:00Z');
const DAY = 86_400_000;

describe('a common job word with a filter or a sort', () => {
  const { db, client } = testApp({ now: NOW });
  // 2,600 teacher jobs spread over subjects, key stages, contracts, phases and two boroughs (Camden
  // 19 in 20), then 2,400 Geography jobs of which one in 200 is a teacher's; posted two a second
  // (ties on posted_at), deadlines on 50 days (ties) or none.
  db.$client.exec(`
    with recursive seq(i) as (select 1 union all select i + 1 from seq where i < 5000)
    insert into jobs (title, description, subject, key_stage, contract_type, education_level, borough, application_deadline,
                      is_active, is_external, external_source, external_id, posted_at, created_at, updated_at)
    select case when i <= 2600 then 'Class teacher ' || i when i % 200 = 0 then 'Geography teacher ' || i else 'Librarian ' || i end,
           'A post.',
           case when i > 2600 then 'Geography' when i % 4 = 0 then 'Mathematics' when i % 4 = 1 then 'English' when i % 4 = 2 then 'Art' else 'Music' end,
           case i % 3 when 0 then 'Primary' when 1 then 'Secondary' else 'Sixth Form' end,
           case when i % 5 = 0 then 'Temporary' else 'Permanent' end,
           case when i % 2 = 0 then 'Primary' else 'Secondary' end,
           case when i % 20 = 0 then 'Barnet' else 'Camden' end,
           case when i % 7 = 0 then null else ${NOW.getTime()} + (i % 50) * ${DAY} end,
           case when i % 97 = 0 then 0 else 1 end, 1, 'filters', 'f-' || i,
           ${NOW.getTime()} - (i / 2) * 1000, ${NOW.getTime()}, ${NOW.getTime()}
    from seq`);
  // 40 school-posted teacher jobs naming two subjects (decision 2104): Mathematics second in half
  // of them. A subject filter keeps a school's job by any subject of its list, and the index's
  // subject column holds the whole list.
  db.$client.exec(`
    with recursive seq(i) as (select 1 union all select i + 1 from seq where i < 40)
    insert into jobs (title, description, subject, subjects, key_stage, contract_type, education_level, borough, application_deadline,
                      is_active, is_external, posted_by_school, posted_at, created_at, updated_at)
    select 'School teacher ' || i, 'A post.',
           case when i % 2 = 0 then 'Art' else 'Mathematics' end,
           case when i % 2 = 0 then 'Art, Mathematics' else 'Mathematics, Music' end,
           'Secondary', 'Permanent', 'Secondary', case when i % 4 = 0 then 'Barnet' else 'Camden' end,
           ${NOW.getTime()} + (i % 9) * ${DAY}, 1, 0, 1,
           ${NOW.getTime()} - i * 37 * 1000, ${NOW.getTime()}, ${NOW.getTime()}
    from seq`);
  /** A subject filter as the list reads it: the first subject, or any of a school's job's list. */
  const subjectIs = (subject: string) =>
    `(subject = '${subject}' or (posted_by_school = 1 and instr(', ' || subjects || ', ', ', ${subject}, ') > 0))`;

  const ORDERS = {
    newest: 'posted_at desc, id desc',
    closing: 'coalesce(application_deadline, 253402300799999) asc, id asc',
    salary: 'coalesce(salary_max, salary_min, 0) desc, id desc',
  } as const;
  /** The open jobs holding "teacher" under the filter, in the sort's order: the plain SQL the list must equal. */
  const expected = (filter: string, sort: keyof typeof ORDERS = 'newest', word = '"teacher"*') =>
    (
      db.$client
        .prepare(
          `select id from jobs where is_active = 1 and posted_at >= ? and posted_at <= ? and ${filter}
           ${word ? `and id in (select rowid from jobs_fts where jobs_fts match '${word}')` : ''} order by ${ORDERS[sort]}`,
        )
        .all(oneMonthBefore(NOW).getTime(), NOW.getTime()) as { id: number }[]
    ).map((r) => r.id);

  /** Every page of a list (100 at a time, following Link): ids, and the first page's totals. */
  const walk = async (url: string) => {
    const first = await client.jobs.$get({ query: { ...queryOf(url), limit: '100' } });
    const ids = (await ok(first)).map((j) => j.id);
    let next = /<([^>]+)>; rel="next"/.exec(first.headers.get('Link') ?? '')?.[1];
    for (let pages = 0; next && pages < 60; pages++) {
      const res = await client.jobs.$get({ query: queryOf(next) });
      ids.push(...(await ok(res)).map((j) => j.id));
      next = /<([^>]+)>; rel="next"/.exec(res.headers.get('Link') ?? '')?.[1];
    }
    return { ids, total: first.headers.get('X-Total-Count'), capped: first.headers.get('X-Total-Count-Capped') === 'true' };
  };
  const totalOf = (ids: number[]) => ({ total: String(Math.min(ids.length, 1000)), capped: ids.length > 1000 });

  const CASES: [string, string, keyof typeof ORDERS][] = [
    ['subject=Mathematics', subjectIs('Mathematics'), 'newest'],
    ['subject=Music', subjectIs('Music'), 'newest'],
    ['subject=Mathematics&borough=Barnet', `${subjectIs('Mathematics')} and borough = 'Barnet'`, 'newest'],
    ['contractType=Permanent', `contract_type = 'Permanent'`, 'newest'],
    ['keyStage=Secondary', `key_stage = 'Secondary'`, 'newest'],
    ['educationLevel=Primary', `instr(education_level, 'Primary') > 0`, 'newest'],
    ['subject=Art&sort=closing', subjectIs('Art'), 'closing'],
    ['subject=Mathematics&sort=salary', subjectIs('Mathematics'), 'salary'],
    ['contractType=Temporary&sort=closing', `contract_type = 'Temporary'`, 'closing'],
    // The word in 12 of 2,400 Geography jobs: the walk gives up and the matches are gathered.
    ['subject=Geography', `subject = 'Geography'`, 'newest'],
    ['subject=Geography&sort=closing', `subject = 'Geography'`, 'closing'],
    ['sort=newest', '1', 'newest'],
    ['sort=closing', '1', 'closing'],
  ];
  it.each(CASES)('teacher with %s: every row once, in order, the total exact or capped', async (query, filter, sort) => {
    const want = expected(filter, sort);
    expect(want.length).toBeGreaterThan(5);
    const got = await walk(`/api/jobs?search=teacher&${query}`);
    expect(got.ids).toEqual(want);
    expect({ total: got.total, capped: got.capped }).toEqual(totalOf(want));
  });

  it('a later page found from its cursor alone counts the same total', async () => {
    const want = expected(subjectIs('Mathematics'));
    const first = await client.jobs.$get({ query: { search: 'teacher', subject: 'Mathematics', limit: '20' } });
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('Link') ?? '')?.[1];
    const second = await client.jobs.$get({ query: queryOf(next!) });
    expect((await ok(second)).map((j) => j.id)).toEqual(want.slice(20, 40));
    expect(second.headers.get('X-Total-Count')).toBe(String(want.length));
  });

  describe("sorted by closing date in a borough: the borough's closing index walked, or SQLite's plan", () => {
    afterEach(() => {
      CLOSING_WALK.sort = false;
    });
    it.each([
      ['Camden', true],
      ['Barnet', true],
      ['Camden', false],
      ['Barnet', false],
    ])('%s (search %s): both plans answer the same rows in the same order', async (borough, searched) => {
      const want = expected(`borough = '${borough}'`, 'closing', searched ? '"teacher"*' : '');
      const url = `/api/jobs?borough=${borough}&sort=closing${searched ? '&search=teacher' : ''}`;
      const answers = [];
      // The walk along jobs_borough_closing_idx, then SQLite's own plan.
      for (const sort of [false, true]) {
        CLOSING_WALK.sort = sort;
        answers.push(await walk(url));
      }
      for (const got of answers) {
        expect(got.ids).toEqual(want);
        expect({ total: got.total, capped: got.capped }).toEqual(totalOf(want));
      }
    });

    it('any borough walks its closing index in order, with no sort', () => {
      expect(closingWalk('Camden')).toBe(true);
      expect(closingWalk('Barnet')).toBe(true);
      expect(closingWalk(undefined)).toBe(false);
      const plan = (
        db.$client
          .prepare(
            `explain query plan select id from jobs indexed by jobs_borough_closing_idx
             where borough = ? and is_active = 1 and posted_at >= ? and posted_at <= ?
             order by coalesce(application_deadline, 253402300799999) asc, id asc limit 51`,
          )
          .all('Barnet', 0, NOW.getTime()) as { detail: string }[]
      ).map((r) => r.detail);
      expect(plan.join(' ')).toContain('jobs_borough_closing_idx (borough=? AND is_active=?)');
      expect(plan.join(' ')).not.toContain('TEMP B-TREE');
    });
  });

  it('a rowid bound from JavaScript reaches FTS5 as a REAL, which it ignores: the probe casts it', () => {
    const without = (db.$client.prepare(`select id from jobs where title like 'Librarian%' order by id limit 1`).get() as { id: number })
      .id;
    const asBound = db.$client.prepare(`select count(*) n from jobs_fts where jobs_fts match '"teacher"*' and rowid = ?`);
    const cast = db.$client.prepare(`select count(*) n from jobs_fts where jobs_fts match '"teacher"*' and rowid = cast(? as integer)`);
    // A Librarian's row does not hold the word: with the number as bound, FTS5 drops the rowid
    // constraint (it only reads an INTEGER) and answers every match.
    expect((asBound.get(without) as { n: number }).n).toBeGreaterThan(2000);
    expect((asBound.get(BigInt(without)) as { n: number }).n).toBe(0);
    expect((cast.get(without) as { n: number }).n).toBe(0);
    const holding = expected('1')[0];
    expect((cast.get(holding) as { n: number }).n).toBe(1);
  });
});
