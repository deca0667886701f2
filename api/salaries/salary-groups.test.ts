// Salary groups under filters (decision 1425): the median and the middle half computed exactly,
// groups under 5 never shown, each beside its pay-scale band, odd figures explained, and nothing
// about one submission derivable from one answer or between two batches.
import { describe, expect, it } from 'vitest';
import { SALARY_K_ANONYMITY } from '../../core/constants';
import { mulberry32 } from '../../db/seed/prng';
import { signIn, testApp } from '../../test/app';
import { caller } from '../../test/requests';
import { publishSalaries } from './salaries.service';
import { cellOf, quantile, type SalaryGroupsAnswer } from './salary-groups';

const NOW = new Date('2026-11-22T12:00:00.000Z');
const { db, app } = testApp({ now: NOW, rateLimit: false });
const call = caller(app);
const ada = signIn(db, { id: 'grp:ada', email: 'ada@example.test', firstName: 'Ada' });
const base = { jobTitle: 'Primary Teacher', schoolType: 'Academy', borough: 'Camden', yearsExperience: '3-5 years', annualSalary: 40_000 };
type Body = Partial<typeof base>;

async function submit(...bodies: Body[]) {
  for (const body of bodies) expect((await call('POST', '/api/salaries', { cookie: ada, body: { ...base, ...body } })).status).toBe(201);
}
async function groups(query: Record<string, string>) {
  const res = await call('GET', `/api/salaries/groups?${new URLSearchParams(query)}`);
  expect(res.status).toBe(200);
  return res.body as SalaryGroupsAnswer;
}
const role = (a: SalaryGroupsAnswer, r: string) => a.groups.find((g) => g.role === r);
/** Every published answer of every filter, as the batch wrote them. */
const snapshot = () =>
  new Map(
    (
      db.$client.prepare("select name, body from published_stats where name like 'salaries.groups|%'").all() as {
        name: string;
        body: string;
      }[]
    ).map((r) => [r.name, JSON.parse(r.body) as SalaryGroupsAnswer]),
  );
const published = (where: string) =>
  (db.$client.prepare(`select count(*) n from salaries where published_at is not null and ${where}`).get() as { n: number }).n;

describe('quantile', () => {
  it('interpolates between closest ranks (PERCENTILE.INC)', () => {
    expect([0.25, 0.5, 0.75].map((p) => quantile([1, 2, 3, 4, 5], p))).toEqual([2, 3, 4]);
    expect([0.25, 0.5, 0.75].map((p) => quantile([30_000, 32_000, 35_000, 41_000, 52_000, 60_000], p))).toEqual([32_750, 38_000, 49_250]);
    expect(quantile([7], 0.75)).toBe(7);
  });
});

describe('GET /api/salaries/groups', () => {
  it('answers the median, 25th-75th percentile, average and count of a known set, beside its Inner London band', async () => {
    expect(published("job_title = 'Primary Teacher' and borough = 'Camden'")).toBe(0);
    await submit(...[60_000, 32_000, 52_000, 30_000, 41_000, 35_000].map((annualSalary) => ({ annualSalary })));
    publishSalaries(db, NOW);
    const camden = await groups({ borough: 'Camden', experience: '3-5 years' });
    expect(camden.filter).toEqual({ area: 'Inner London', phase: null, borough: 'Camden', experience: '3-5 years' });
    expect(camden.groups).toEqual([
      {
        role: 'Primary Teacher',
        count: 6,
        median: 38_000,
        p25: 32_750,
        p75: 49_250,
        average: 41_667,
        band: { name: 'Main and upper pay ranges (M1-U3)', area: 'Inner London', year: '2026-09-01', from: 41_729, to: 64_684 },
        bandNote: null,
        notes: [
          "Below the band's lowest point (£41,729): academies, free and independent schools may set their own pay, and a part-time salary may have been shared as it is.",
        ],
      },
    ]);
    // The same six under the phase (a primary teacher: Primary) and the area.
    expect(role(await groups({ phase: 'Primary', area: 'Inner London', borough: 'Camden' }), 'Primary Teacher')).toMatchObject({
      count: 6,
      median: 38_000,
    });
    expect(role(await groups({ phase: 'Secondary', borough: 'Camden' }), 'Primary Teacher')).toBeUndefined();
    // All of London: Outer London's M1 to Inner London's U3.
    expect(role(await groups({}), 'Primary Teacher')!.band).toEqual({
      name: 'Main and upper pay ranges (M1-U3)',
      area: 'Outer to Inner London',
      year: '2026-09-01',
      from: 39_196,
      to: 64_684,
    });
    expect(role(await groups({}), 'Teaching Assistant')).toMatchObject({ band: null, bandNote: expect.stringContaining('Support staff') });
  });

  it('never shows a group under 5: four more wait, and the answers do not move', async () => {
    publishSalaries(db, NOW);
    const before = snapshot();
    await submit(...[45_000, 46_000, 47_000, 48_000].map((annualSalary) => ({ annualSalary, yearsExperience: '6-10 years' })));
    expect(publishSalaries(db, NOW).published).toBe(0);
    expect(snapshot()).toEqual(before);
    expect(role(await groups({ borough: 'Camden', experience: '6-10 years' }), 'Primary Teacher')).toBeUndefined();
    expect(role(await groups({ borough: 'Camden' }), 'Primary Teacher')!.count).toBe(6);
  });

  it('explains a group with more experience and a lower median instead of hiding it', async () => {
    await submit(
      ...[52_000, 53_000, 54_000, 55_000, 56_000].map((annualSalary) => ({
        jobTitle: 'Secondary Teacher',
        borough: 'Hackney',
        annualSalary,
      })),
    );
    await submit(
      ...[44_000, 45_000, 46_000, 47_000, 48_000].map((annualSalary) => ({
        jobTitle: 'Secondary Teacher',
        borough: 'Hackney',
        yearsExperience: '11-15 years',
        annualSalary,
      })),
    );
    publishSalaries(db, NOW);
    const odd = role(await groups({ borough: 'Hackney', experience: '11-15 years' }), 'Secondary Teacher')!;
    expect(odd).toMatchObject({ count: 5, median: 46_000, p25: 45_000, p75: 47_000 });
    expect(odd.notes[0]).toBe(
      "Lower than Secondary Teacher with 3-5 years (median £54,000). Not a mistake: these are the salaries teachers shared, not a scale, and the 5 here may work in other kinds of school, part time, or on a school's own pay.",
    );
    expect(role(await groups({ borough: 'Hackney', experience: '3-5 years' }), 'Secondary Teacher')!.notes).toEqual([]);
  });

  it('refuses a bad filter with the field named', async () => {
    const mars = await call('GET', '/api/salaries/groups?area=Mars');
    expect(mars.status).toBe(400);
    expect(mars.body.fields).toHaveProperty('area');
    const wrong = await call('GET', '/api/salaries/groups?area=Outer%20London&borough=Camden');
    expect(wrong).toMatchObject({
      status: 400,
      body: { error: 'Camden is in Inner London, not Outer London', fields: { area: 'Camden is in Inner London' } },
    });
    expect((await call('GET', '/api/salaries/groups?experience=ages')).body.fields).toHaveProperty('experience');
  });
});

describe('nothing about one submission is derivable', () => {
  it('five of one role and band in five boroughs wait: each borough would change by one', async () => {
    const boroughs = ['Barnet', 'Brent', 'Bexley', 'Croydon', 'Ealing'];
    await submit(...boroughs.map((borough, i) => ({ borough, jobTitle: 'SENCO', annualSalary: 50_000 + i * 1000 })));
    expect(publishSalaries(db, NOW).published).toBe(0);
  });

  it('every published cell holds 0 or at least 5, and between batches every figure changes by 0 or at least 5 submissions', async () => {
    const rnd = mulberry32(1425);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
    let prev = snapshot();
    for (let batch = 0; batch < 8; batch++) {
      const n = 3 + Math.floor(rnd() * 20);
      await submit(
        ...Array.from({ length: n }, () => ({
          jobTitle: pick(['Primary Teacher', 'Secondary Teacher', 'SENCO']),
          schoolType: pick(['Academy', 'Special School']),
          borough: pick(['Camden', 'Hackney', 'Barnet']),
          yearsExperience: pick(['0-2 years', '3-5 years']),
          annualSalary: 30_000 + Math.floor(rnd() * 40_000),
        })),
      );
      publishSalaries(db, NOW);
      const rows = db.$client
        .prepare(
          'select job_title jobTitle, school_type schoolType, borough, years_experience yearsExperience from salaries where published_at is not null',
        )
        .all() as Parameters<typeof cellOf>[0][];
      const cells = new Map<string, number>();
      for (const r of rows) cells.set(cellOf(r), (cells.get(cellOf(r)) ?? 0) + 1);
      for (const [cell, count] of cells) expect(count, cell).toBeGreaterThanOrEqual(SALARY_K_ANONYMITY);
      const next = snapshot();
      for (const key of new Set([...prev.keys(), ...next.keys()]))
        for (const r of new Set([...(prev.get(key)?.groups ?? []), ...(next.get(key)?.groups ?? [])].map((g) => g.role))) {
          const a = prev.get(key)?.groups.find((g) => g.role === r);
          const b = next.get(key)?.groups.find((g) => g.role === r);
          const d = (b?.count ?? 0) - (a?.count ?? 0);
          expect(d === 0 || Math.abs(d) >= SALARY_K_ANONYMITY, `${key} ${r} changed by ${d}`).toBe(true);
          const figures = (g: typeof a) => g && { count: g.count, median: g.median, p25: g.p25, p75: g.p75, average: g.average };
          if (d === 0) expect(figures(b), `${key} ${r}`).toEqual(figures(a));
        }
      prev = next;
    }
    expect(published("borough in ('Camden', 'Hackney', 'Barnet')")).toBeGreaterThan(20);
  });
});
