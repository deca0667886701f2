// GET /api/take-home (issue 38): a salary or a pay point from the pay data, the month's rules, the
// teacher's settings; 404 with its reason for a point with no figure; 400 with `fields` and words.
import { describe, expect, it } from 'vitest';
import { testApp } from '../../test/app';

// 6 December 2026: the default month is 2026-12 (the 2026 award, 2026/27 tax).
const setup = () => testApp({ now: new Date('2026-12-06T12:00:00Z') });

describe('GET /api/take-home', () => {
  it("answers the issue's worked example for a pay point: Inner London M1 2025, 2025/26 (2,473.26 a month)", async () => {
    const { get } = setup();
    const r = await get('/api/take-home?region=Inner+London&paySpine=Main+Pay+Range&point=1&effectiveDate=2025-09-01&month=2026-01');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
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
    const { get } = setup();
    const r = await get('/api/take-home?region=Inner+London&paySpine=Main+Pay+Range&point=1&month=2026-09&pension=none&loans=plan5');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ gross: 41_729, payAward: '2026-09-01', taxYear: '2026-27', loans: [{ plan: 'plan5', amount: 1505 }] });
    expect(r.body.net.monthly).toBe(2671.77);
    // Opted out: no pension tiers caveat; the 2026 figure's source caveat.
    expect(r.body.caveats).toHaveLength(1);
    expect(r.body.caveats[0]).toMatch(/subject to change|indicative/i);
    const inScheme = await get('/api/take-home?region=Inner+London&paySpine=Main+Pay+Range&point=1&month=2026-09');
    expect(inScheme.body.caveats).toContain(
      "Teachers' Pension tiers from April 2026 are not published yet: the tiers from April 2025 are used.",
    );
  });

  it('a typed salary with allowances, part time and loans; the month defaults to this month', async () => {
    const { get } = setup();
    const r = await get('/api/take-home?salary=50474&allowances=3000&loans=plan2&month=2026-01');
    expect(r.body.net.monthly).toBe(2977.48);
    expect(r.body.loans).toEqual([{ plan: 'plan2', amount: 2250 }]);
    const leader = await get('/api/take-home?salary=158863&fte=0.6&loans=plan2,pgl');
    expect(leader.body).toMatchObject({ gross: 95_317.8, pension: { rate: 11.6, tier: 5 }, taxYear: '2026-27', payAward: '2026-09-01' });
    expect(leader.body.net.monthly).toBe(4068.27);
  });

  it('answers 404 with its reason for a point with no figure', async () => {
    const { get } = setup();
    const l20 = await get('/api/take-home?region=Inner+London&paySpine=Leadership+Group&point=20&month=2026-01');
    expect(l20.status).toBe(404);
    expect(l20.body.error).toBe(
      'Leadership point L20 has no figure: only L1 and L43 are statutory, and the advisory union tables for L2-L42 could not be sourced.',
    );
    const m9 = await get('/api/take-home?region=Outer+London&paySpine=Main+Pay+Range&point=9&effectiveDate=2025-09-01');
    expect(m9.status).toBe(404);
    expect(m9.body.error).toBe('No figure for point 9 of the Main Pay Range in Outer London from 1 September 2025.');
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
    const { get } = setup();
    const base = field === 'salary' ? '' : 'salary=40000&';
    const r = await get(`/api/take-home?${base}${query}`);
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('Invalid query');
    expect(r.body.fields).toEqual({ [field]: message });
  });

  it('needs a salary or a whole pay point, not both', async () => {
    const { get } = setup();
    expect((await get('/api/take-home')).body.fields).toEqual({ salary: 'Give a salary, or a pay point (region, paySpine and point)' });
    expect((await get('/api/take-home?salary=40000&region=Inner+London')).body.fields).toEqual({
      salary: 'Give a salary or a pay point, not both',
    });
    const partial = await get('/api/take-home?region=Inner+London&point=1');
    expect(partial.status).toBe(400);
    expect(partial.body.fields).toEqual({ paySpine: 'A pay point needs its paySpine' });
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
