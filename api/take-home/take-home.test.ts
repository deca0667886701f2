// GET /api/take-home (issue 38): a salary or a pay point from the pay data, the month's rules, the
// teacher's settings; 404 with its reason for a point with no figure; 400 with `fields` and words.
import { describe, expect, it } from 'vitest';
import { answer, ok, testApp } from '../../test/app';

// 6 December 2026: the default month is 2026-12 (the 2026 award, 2026/27 tax).
const setup = () => testApp({ now: new Date('2026-12-06T12:00:00Z') });

describe('GET /api/take-home', () => {
  it("answers the issue's worked example for a pay point: Inner London M1 2025, 2025/26 (2,473.26 a month)", async () => {
    const { client } = setup();
    const r = await ok(
      client['take-home'].$get({
        query: { region: 'Inner London', paySpine: 'Main Pay Range', point: '1', effectiveDate: '2025-09-01', month: '2026-01' },
      }),
    );
    expect(r).toEqual({
      gross: 40_317,
      pension: { rate: 8.9, amount: 3588.21, tier: 2 },
      taxableIncome: 36_728.79,
      freePay: 12_579,
      tax: 4829.96,
      nationalInsurance: 2219.76,
      loans: [],
      net: { annual: 29_679.07, monthly: 2473.26 },
      taxYear: '2025-26',
      payAward: '2025-09-01',
      caveats: [],
    });
  });

  it('takes the award in force in the month: September 2026 is the indicative 2026 figure, with its caveat and the tiers caveat', async () => {
    const { client } = setup();
    const m1 = { region: 'Inner London', paySpine: 'Main Pay Range', point: '1', month: '2026-09' };
    const r = await ok(client['take-home'].$get({ query: { ...m1, pension: 'none', loans: 'plan5' } }));
    expect(r).toMatchObject({ gross: 41_729, payAward: '2026-09-01', taxYear: '2026-27', loans: [{ plan: 'plan5', amount: 1505 }] });
    expect(r.net.monthly).toBe(2671.77);
    // Opted out: no pension tiers caveat; the 2026 figure's source caveat.
    expect(r.caveats).toHaveLength(1);
    expect(r.caveats[0]).toMatch(/subject to change|indicative/i);
    const inScheme = await ok(client['take-home'].$get({ query: m1 }));
    expect(inScheme.caveats).toContain(
      "Teachers' Pension tiers from April 2026 are not published yet: the tiers from April 2025 are used.",
    );
  });

  it('a typed salary with allowances, part time and loans; the month defaults to this month', async () => {
    const { client } = setup();
    const r = await ok(client['take-home'].$get({ query: { salary: '50474', allowances: '3000', loans: 'plan2', month: '2026-01' } }));
    expect(r.net.monthly).toBe(2977.48);
    expect(r.loans).toEqual([{ plan: 'plan2', amount: 2250 }]);
    const leader = await ok(client['take-home'].$get({ query: { salary: '158863', fte: '0.6', loans: 'plan2,pgl' } }));
    expect(leader).toMatchObject({ gross: 95_317.8, pension: { rate: 11.6, tier: 5 }, taxYear: '2026-27', payAward: '2026-09-01' });
    expect(leader.net.monthly).toBe(4068.27);
  });

  it('answers 404 with its reason for a point with no figure', async () => {
    const { client } = setup();
    const l20 = await answer(
      client['take-home'].$get({ query: { region: 'Inner London', paySpine: 'Leadership Group', point: '20', month: '2026-01' } }),
      404,
    );
    expect(l20.error).toBe(
      'Leadership point L20 has no figure: only L1 and L43 are statutory, and the advisory union tables for L2-L42 could not be sourced.',
    );
    const m9 = await answer(
      client['take-home'].$get({ query: { region: 'Outer London', paySpine: 'Main Pay Range', point: '9', effectiveDate: '2025-09-01' } }),
      404,
    );
    expect(m9.error).toBe('No figure for point 9 of the Main Pay Range in Outer London from 1 September 2025.');
  });

  it.each([
    ['fte=0', 'fte', 'FTE must be a number from 0.1 to 1 (1 is full time), with at most 4 decimal places'],
    ['fte=1.5', 'fte', 'FTE must be a number from 0.1 to 1 (1 is full time), with at most 4 decimal places'],
    ['allowances=-3000', 'allowances', 'Allowances must be a whole number of pounds from £0 to £100,000 a year'],
    ['salary=10000000', 'salary', 'Salary must be a whole number of pounds from £1 to £1,000,000 a year'],
    ['salary=abc', 'salary', 'Salary must be a whole number of pounds from £1 to £1,000,000 a year'],
    ['month=2030-01', 'month', 'Month must be a month from April 2025 to March 2027, written yyyy-mm'],
    ['loans=plan3', 'loans', 'Loans must be a comma list of plan1, plan2, plan4, plan5 and pgl'],
    ['pension=maybe', 'pension', 'Pension must be tps or none'],
  ])('refuses %s with 400 and words for %s', async (query, field, message) => {
    const { client } = setup();
    const [name, value] = query.split('=');
    const base = field === 'salary' ? {} : { salary: '40000' };
    const r = await answer(client['take-home'].$get({ query: { ...base, [name]: value } }), 400);
    expect(r.error).toBe('Invalid query');
    expect(r.fields).toEqual({ [field]: message });
  });

  it('needs a salary or a whole pay point, not both', async () => {
    const { client } = setup();
    const refused = (query: Record<string, string>) => answer(client['take-home'].$get({ query }), 400);
    expect((await refused({})).fields).toEqual({ salary: 'Give a salary, or a pay point (region, paySpine and point)' });
    expect((await refused({ salary: '40000', region: 'Inner London' })).fields).toEqual({
      salary: 'Give a salary or a pay point, not both',
    });
    expect((await refused({ region: 'Inner London', point: '1' })).fields).toEqual({ paySpine: 'A pay point needs its paySpine' });
  });

  it('is a shared read: the second answer comes from the answer cache', async () => {
    const { app } = setup();
    const url = '/api/take-home?salary=40317&month=2026-01';
    expect((await app.request(url)).headers.get('X-Cache')).toBe('miss');
    const again = await app.request(url);
    expect(again.headers.get('X-Cache')).toBe('hit');
    expect(again.headers.get('Cache-Control')).toBe('no-cache');
  });
});
