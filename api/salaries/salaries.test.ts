// Salary anonymity (decision 1420): no row of a group under the threshold is
// published, recent submissions are rounded (salary to £1,000, date to the month), the figures
// change only in batches, and no single new submission can be recovered from two successive answers.
import { describe, expect, it } from 'vitest';
import { SALARY_K_ANONYMITY } from '../../core/constants';
import { mulberry32 } from '../../db/seed/prng';
import { ok, signIn, testApp } from '../../test/app';
import { caller } from '../../test/requests';
import { publishable, publishSalaries } from './salaries.service';
import { cellOf } from './salary-groups';

const NOW = new Date('2026-11-22T12:34:56.789Z');
const { db, app, client } = testApp({ now: NOW, rateLimit: false });
const call = caller(app);
const ada = signIn(db, { id: 'sal:ada', email: 'ada@example.test', firstName: 'Ada' });
const base = { jobTitle: 'Headteacher', schoolType: 'Academy', borough: 'Camden', yearsExperience: '16+ years', annualSalary: 123_457 };
/** The two public answers, typed by their routes. */
const answers = async () => ({
  stats: await ok(client.salaries.stats.$get({ query: {} })),
  recent: await ok(client.salaries.$get({ query: {} })),
});
type Answers = Awaited<ReturnType<typeof answers>>;
const sum = (g: { count: number; average: number | null }) => g.count * (g.average ?? 0);
const role = (a: Pick<Answers, 'stats'>, r: string) => a.stats.averageByRole.find((g) => g.role === r)!;
const exp = (a: Pick<Answers, 'stats'>, e: string) => a.stats.averageByExperience.find((g) => g.experience === e)!;

describe('published salary answers', () => {
  it('publish only groups of at least 5: no average below the threshold, no recent row from such a group', async () => {
    const { stats, recent } = await answers();
    const raw = db.$client.prepare('select job_title r, count(*) n from salaries group by job_title').all() as { r: string; n: number }[];
    expect(raw.find((g) => g.r === 'Cover Supervisor')!.n).toBe(3);
    expect(stats.averageByRole.map((g) => g.role)).not.toContain('Cover Supervisor');
    for (const g of [...stats.averageByRole, ...stats.averageByExperience]) {
      expect(g.count).toBeGreaterThanOrEqual(SALARY_K_ANONYMITY);
      expect(typeof g.average).toBe('number');
    }
    expect(stats.minimumGroupSize).toBe(5);
    const published = new Set(stats.averageByRole.map((g) => g.role));
    expect(recent).toHaveLength(10);
    for (const r of recent) {
      expect(published.has(r.jobTitle)).toBe(true);
      expect(Object.keys(r).sort()).toEqual(['annualSalary', 'borough', 'createdAt', 'id', 'jobTitle', 'schoolType', 'yearsExperience']);
      expect(r.annualSalary % 1000).toBe(0);
      expect(r.createdAt).toMatch(/^\d{4}-\d{2}-01T00:00:00\.000Z$/);
    }
    // The published averages are those of the published rows.
    const check = db.$client
      .prepare("select count(*) n, avg(annual_salary) a from salaries where published_at is not null and job_title = 'Primary Teacher'")
      .get() as { n: number; a: number };
    expect(role({ stats }, 'Primary Teacher')).toEqual({ role: 'Primary Teacher', count: check.n, average: Math.round(check.a) });
  });

  it('one new submission changes neither answer, even after a batch; k new ones change them by their sum only', async () => {
    publishSalaries(db, NOW);
    const first = await answers();
    const lone = await call('POST', '/api/salaries', { cookie: ada, body: base });
    expect(lone.status).toBe(201);
    expect(await answers()).toEqual(first); // no batch yet
    expect(publishSalaries(db, NOW)).toMatchObject({ published: 0 });
    const second = await answers();
    expect(second).toEqual(first); // the batch holds the lone submission back
    expect(JSON.stringify(second)).not.toContain('123457');

    // Four more in the same groups: the batch publishes all five together.
    const others = [101_000, 102_000, 103_000, 104_000];
    for (const annualSalary of others) await call('POST', '/api/salaries', { cookie: ada, body: { ...base, annualSalary } });
    expect(publishSalaries(db, NOW).published).toBeGreaterThanOrEqual(5);
    const third = await answers();
    const before = role(second, 'Headteacher');
    const after = role(third, 'Headteacher');
    expect(after.count - before.count).toBe(5);
    // Differencing the two answers yields the sum of the five (within rounding), not any one of them.
    const diff = sum(after) - sum(before);
    const five = 123_457 + others.reduce((a, b) => a + b, 0);
    expect(Math.abs(diff - five)).toBeLessThanOrEqual((after.count + before.count) / 2 + 1);
    expect(Math.abs(diff - 123_457)).toBeGreaterThan(100_000);
    expect(exp(third, '16+ years').count - exp(second, '16+ years').count).toBe(5);
    // The recent list shows them rounded and by month.
    const mine = third.recent.filter((r) => r.jobTitle === 'Headteacher' && r.borough === 'Camden');
    expect(mine.map((r) => r.annualSalary).sort()).toEqual([101_000, 102_000, 103_000, 104_000, 123_000]);
    expect(mine.every((r) => r.createdAt === '2026-11-01T00:00:00.000Z')).toBe(true);
    expect(JSON.stringify(third)).not.toContain('123457');
    expect(JSON.stringify(third)).not.toContain('sal:ada');
  });

  it('between any two successive batches every group gains 0 or at least k submissions (random submissions)', async () => {
    const rnd = mulberry32(14);
    const titles = ['Primary Teacher', 'SENCO', 'Supply Teacher', 'Cover Supervisor', 'Headteacher'];
    const bands = ['0-2 years', '3-5 years', '6-10 years', '11-15 years', '16+ years'];
    let prev = await answers();
    for (let batch = 0; batch < 6; batch++) {
      const n = 1 + Math.floor(rnd() * 12);
      for (let i = 0; i < n; i++) {
        const body = {
          ...base,
          jobTitle: titles[Math.floor(rnd() * titles.length)],
          yearsExperience: bands[Math.floor(rnd() * bands.length)],
          annualSalary: 30_000 + Math.floor(rnd() * 50_000),
        };
        expect((await call('POST', '/api/salaries', { cookie: ada, body })).status).toBe(201);
      }
      publishSalaries(db, NOW);
      const next = await answers();
      for (const g of next.stats.averageByRole) {
        const d = g.count - (role(prev, g.role)?.count ?? 0);
        expect(d === 0 || d >= SALARY_K_ANONYMITY, `${g.role} gained ${d}`).toBe(true);
      }
      for (const g of next.stats.averageByExperience) {
        const d = g.count - (exp(prev, g.experience)?.count ?? 0);
        expect(d === 0 || d >= SALARY_K_ANONYMITY, `${g.experience} gained ${d}`).toBe(true);
      }
      prev = next;
    }
    const held = (db.$client.prepare('select count(*) n from salaries where published_at is null').get() as { n: number }).n;
    const raw = (db.$client.prepare('select count(*) n from salaries').get() as { n: number }).n;
    expect(held).toBeLessThan(raw);
  });

  it('publishable() keeps only the changes of cells (role, borough, phase, band) that change by k and keep 0 or at least k', () => {
    const row = (id: number, jobTitle: string, yearsExperience: string, borough = 'Camden') => ({
      id,
      jobTitle,
      yearsExperience,
      borough,
      schoolType: 'Academy',
    });
    const five = [1, 2, 3, 4, 5].map((i) => row(i, 'Headteacher', '16+ years'));
    expect(publishable(five)).toEqual([1, 2, 3, 4, 5]);
    expect(publishable(five.slice(0, 4))).toEqual([]);
    // Role B reaches 5 but one of its rows sits alone in band Y: its 4 in X and the one in Y wait.
    const mixed = [...five, ...[6, 7, 8, 9].map((i) => row(i, 'SENCO', '0-2 years')), row(10, 'SENCO', '3-5 years')];
    expect(publishable(mixed)).toEqual([1, 2, 3, 4, 5]);
    // Five of one role and band in five boroughs: each borough's cell would change by one.
    expect(publishable(['Barnet', 'Brent', 'Bexley', 'Croydon', 'Ealing'].map((b, i) => row(i + 20, 'SENCO', '0-2 years', b)))).toEqual([]);
    // Five changes that would leave a cell of 7 with 2 (or 3): they wait; with 3 new ones it keeps 5.
    const cell = new Map([[cellOf(row(0, 'Headteacher', '16+ years')), 7]]);
    const leaving = five.map((r) => ({ ...r, leaving: true }));
    expect(publishable(leaving, 5, cell)).toEqual([]);
    expect(publishable([...leaving, row(6, 'Headteacher', '16+ years')], 5, cell)).toEqual([]);
    const three = [6, 7, 8].map((i) => row(i, 'Headteacher', '16+ years'));
    expect(publishable([...leaving, ...three], 5, cell)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('reads the published table by its key: the request plans use no GROUP BY over salaries', () => {
    const plan = db.$client.prepare("explain query plan select body from published_stats where name = 'salaries.stats'").all() as {
      detail: string;
    }[];
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/USING INDEX sqlite_autoindex_published_stats_1|PRIMARY KEY/);
  });
});
