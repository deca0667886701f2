import { describe, expect, it } from 'vitest';
import { NEXT_SPINE, payPoints, payYearLabel, payYears, type PayRow } from './pay-points';

const row = (region: string, effectiveDate: string, point: number, pointLabel: string | null, paySpine = 'Main Pay Range'): PayRow => ({
  region,
  paySpine,
  effectiveDate,
  point,
  pointLabel,
  annualSalary: 30000 + point * 1000,
});

const rows = [
  row('Inner London', '2024-09-01', 2, 'M2'),
  row('Inner London', '2025-09-01', 1, 'M1'),
  row('Inner London', '2025-09-01', 3, 'M3'),
  row('Inner London', '2025-09-01', 2, 'M2'),
  row('Inner London', '2025-09-01', 0, null),
  row('Outer London', '2026-09-01', 1, 'M1'),
  row('Inner London', '2026-09-01', 1, 'U1', 'Upper Pay Range'),
];

describe('pay scale pick choices', () => {
  it('lists the years of the chosen region and range only, latest first, once each', () => {
    expect(payYears(rows, 'Inner London', 'Main Pay Range')).toEqual(['2025-09-01', '2024-09-01']);
    expect(payYears(rows, 'Outer London', 'Main Pay Range')).toEqual(['2026-09-01']);
    expect(payYears(rows, 'London Fringe', 'Main Pay Range')).toEqual([]);
  });

  it("lists the year's named points, lowest first", () => {
    expect(payPoints(rows, 'Inner London', 'Main Pay Range', '2025-09-01').map((r) => r.pointLabel)).toEqual(['M1', 'M2', 'M3']);
    expect(payPoints(rows, 'Inner London', 'Upper Pay Range', '2026-09-01').map((r) => r.pointLabel)).toEqual(['U1']);
    expect(payPoints(rows, 'Inner London', 'Main Pay Range', '2023-09-01')).toEqual([]);
  });
});

describe('pay years and ranges in words (decision 2115)', () => {
  it('names a pay year as teachers do, not as an ISO date', () => {
    expect(payYearLabel('2026-09-01')).toBe('September 2026 (2026-27)');
    expect(payYearLabel('2099-09-01')).toBe('September 2099 (2099-00)');
    expect(payYearLabel('not a date')).toBe('not a date');
  });

  it('lets Main run into Upper, and Unqualified into Main; no range above Upper', () => {
    expect(NEXT_SPINE['Main Pay Range']).toBe('Upper Pay Range');
    expect(NEXT_SPINE['Unqualified Teacher']).toBe('Main Pay Range');
    expect(NEXT_SPINE['Upper Pay Range']).toBeUndefined();
  });
});
