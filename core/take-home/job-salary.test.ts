// A job's salary read as pay points or pounds (issue 38), on the salary words of the Teaching
// Vacancies sample feed (db/seed/teaching-vacancies-sample.json, every one of them) and the words
// a school's own job is given (api/jobs/school-jobs.service.ts: "MPS M1-M6 (Inner London)").
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jobSalaryEnds, readJobSalary, type JobSalary } from './job-salary';
import type { PayPointRow } from './pay-point';

const M = 'Main Pay Range';
const U = 'Upper Pay Range';
const L = 'Leadership Group';
const pts = (region: string | null, from: [string, number], to: [string, number], extras = false): JobSalary => ({
  kind: 'points',
  region,
  from: { paySpine: from[0], point: from[1] },
  to: { paySpine: to[0], point: to[1] },
  extras,
});

// Every salary wording of the sample feed, and what it means.
const FEED: Record<string, JobSalary | null> = {
  'MPS/UPS (Inner London)': pts('Inner London', [M, 1], [U, 3]),
  'MPS (Inner London)': pts('Inner London', [M, 1], [M, 6]),
  'Scale 4, term time only (hourly rate depending on experience)': null,
  'MPS/UPS (Inner London) + TLR 1b': pts('Inner London', [M, 1], [U, 3], true),
  'MPS/UPS (Outer London)': pts('Outer London', [M, 1], [U, 3]),
  'MPS/UPS (Inner London) + SEN allowance': pts('Inner London', [M, 1], [U, 3], true),
  'MPS/UPS (Inner London) + SEN allowance + TLR': pts('Inner London', [M, 1], [U, 3], true),
  'Leadership pay range (Inner London), points to be agreed': pts('Inner London', [L, 1], [L, 43]),
  'MPS/UPS (Inner London), pro rata': pts('Inner London', [M, 1], [U, 3]),
  'MPS/UPS': pts(null, [M, 1], [U, 3]),
  'MPS/UPS (Inner London) + TLR 2c': pts('Inner London', [M, 1], [U, 3], true),
  'PO1-PO4, depending on experience': null,
  'Leadership pay range (Inner London)': pts('Inner London', [L, 1], [L, 43]),
  'MPS/UPS (Outer London) + SEN allowance': pts('Outer London', [M, 1], [U, 3], true),
  'Leadership pay range, headteacher group 2 (Inner London)': null,
};

describe('readJobSalary', () => {
  it('reads every salary wording of the sample feed', () => {
    const feed = JSON.parse(readFileSync(join(import.meta.dirname, '../../db/seed/teaching-vacancies-sample.json'), 'utf8')) as {
      data: { baseSalary?: { value?: { value?: string } } }[];
    };
    const words = [...new Set(feed.data.map((j) => j.baseSalary?.value?.value).filter((w): w is string => !!w))].sort();
    // The table above holds every wording the feed has (so a new one fails here until it is read).
    expect(words).toEqual(Object.keys(FEED).sort());
    for (const w of words) expect(readJobSalary({ salaryText: w }), w).toEqual(FEED[w]);
    // Two adverts with no salary at all: nothing.
    expect(feed.data.filter((j) => !j.baseSalary).length).toBe(2);
    expect(readJobSalary({ salaryText: null, salaryMin: null, salaryMax: null })).toBeNull();
  });

  it("reads a school's own job's words and the ranges teachers write", () => {
    expect(readJobSalary({ salaryText: 'MPS M1-M6 (Inner London)' })).toEqual(pts('Inner London', [M, 1], [M, 6]));
    expect(readJobSalary({ salaryText: 'MPS/UPS M1-U3 (Inner London)' })).toEqual(pts('Inner London', [M, 1], [U, 3]));
    expect(readJobSalary({ salaryText: 'M1-M6 Inner London' })).toEqual(pts('Inner London', [M, 1], [M, 6]));
    expect(readJobSalary({ salaryText: 'M1-U3' })).toEqual(pts(null, [M, 1], [U, 3]));
    expect(readJobSalary({ salaryText: 'M3 - M6, Outer London' })).toEqual(pts('Outer London', [M, 3], [M, 6]));
    expect(readJobSalary({ salaryText: 'MPS' })).toEqual(pts(null, [M, 1], [M, 6]));
    expect(readJobSalary({ salaryText: 'Main pay scale (London Fringe)' })).toEqual(pts('London Fringe', [M, 1], [M, 6]));
    expect(readJobSalary({ salaryText: 'UPS U1 to U3' })).toEqual(pts(null, [U, 1], [U, 3]));
    expect(readJobSalary({ salaryText: 'Leadership L1-L43 (Outer London)' })).toEqual(pts('Outer London', [L, 1], [L, 43]));
    expect(readJobSalary({ salaryText: 'Leadership L8-L12' })).toEqual(pts(null, [L, 8], [L, 12]));
    expect(readJobSalary({ salaryText: 'M7' })).toBeNull();
  });

  it('reads pounds, and never an hourly or daily rate', () => {
    expect(readJobSalary({ salaryText: '£35,000 - £45,000' })).toEqual({ kind: 'pounds', min: 35000, max: 45000, extras: false });
    expect(readJobSalary({ salaryText: '£38k-£42k plus TLR' })).toEqual({ kind: 'pounds', min: 38000, max: 42000, extras: true });
    expect(readJobSalary({ salaryText: '£40317' })).toEqual({ kind: 'pounds', min: 40317, max: 40317, extras: false });
    expect(readJobSalary({ salaryText: '£150 per day' })).toBeNull();
    expect(readJobSalary({ salaryText: '£12.50 an hour' })).toBeNull();
    expect(readJobSalary({ salaryText: '£120 daily rate' })).toBeNull();
    expect(readJobSalary({ salaryText: 'Competitive' })).toBeNull();
    // A school's own job with figures and no words; one figure only.
    expect(readJobSalary({ salaryMin: 38000, salaryMax: 46000 })).toEqual({ kind: 'pounds', min: 38000, max: 46000, extras: false });
    expect(readJobSalary({ salaryMin: 41000, salaryMax: null })).toEqual({ kind: 'pounds', min: 41000, max: 41000, extras: false });
    expect(readJobSalary({ salaryMin: 15, salaryMax: 20 })).toBeNull();
    // Words we cannot read win over the board's figures (which the import guessed from them).
    expect(
      readJobSalary({ salaryText: 'Leadership pay range, headteacher group 2 (Inner London)', salaryMin: 60000, salaryMax: 150000 }),
    ).toBeNull();
  });
});

describe('jobSalaryEnds', () => {
  const row = (region: string, paySpine: string, point: number, annualSalary: number): PayPointRow => ({
    region,
    paySpine,
    point,
    pointLabel: `${paySpine[0]}${point}`,
    annualSalary,
    effectiveDate: '2025-09-01',
    caveat: null,
  });
  const rows = [
    row('Inner London', M, 1, 40317),
    row('Inner London', M, 6, 53617),
    row('Inner London', U, 3, 62496),
    row('Outer London', M, 1, 37870),
    row('Outer London', U, 3, 57000),
    row('Inner London', L, 1, 60000),
    row('Inner London', L, 43, 150000),
  ];
  it('finds the points in the advert’s area, else the borough’s', () => {
    const ends = jobSalaryEnds(readJobSalary({ salaryText: 'MPS/UPS (Inner London)' })!, rows, '2025-09-01', 'Outer London');
    expect([ends?.min.salary, ends?.max.salary, ends?.region]).toEqual([40317, 62496, 'Inner London']);
    const outer = jobSalaryEnds(readJobSalary({ salaryText: 'MPS/UPS' })!, rows, '2025-09-01', 'Outer London');
    expect([outer?.min.salary, outer?.max.salary, outer?.min.row?.point]).toEqual([37870, 57000, 1]);
  });
  it('says nothing for a point with no figure or an award not held', () => {
    expect(jobSalaryEnds(readJobSalary({ salaryText: 'Leadership L8-L12' })!, rows, '2025-09-01', 'Inner London')).toBeNull();
    expect(jobSalaryEnds(readJobSalary({ salaryText: 'MPS (Inner London)' })!, rows, '2026-09-01', 'Inner London')).toBeNull();
    expect(jobSalaryEnds(readJobSalary({ salaryText: '£35,000 - £45,000' })!, rows, '2026-09-01', 'Inner London')?.max.salary).toBe(45000);
  });
});
