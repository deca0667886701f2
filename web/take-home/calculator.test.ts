// The calculator's form read into figures, and the device's settings (issue 38).
import { describe, expect, it } from 'vitest';
import { evaluate, monthChoices, type FormValues } from './calculator';
import { DEFAULT_SETTINGS, saveSettings, savedSettings, settingsOf } from '../features/take-home/settings';

const rows = [
  {
    region: 'Inner London',
    paySpine: 'Leadership Group',
    point: 43,
    pointLabel: 'L43',
    annualSalary: 153_490,
    effectiveDate: '2025-09-01',
    caveat: null,
  },
  {
    region: 'Inner London',
    paySpine: 'Leadership Group',
    point: 43,
    pointLabel: 'L43',
    annualSalary: 158_863,
    effectiveDate: '2026-09-01',
    caveat: 'Indicative.',
  },
];
const base: FormValues = {
  mode: 'point',
  region: 'Inner London',
  paySpine: 'Leadership Group',
  point: '43',
  salary: '',
  allowances: '',
  month: '2026-05',
  ...DEFAULT_SETTINGS,
};

describe('evaluate', () => {
  it('a part-time leadership point: this award, and what changes next September', () => {
    const f = evaluate({ ...base, fte: '0.6', loans: ['plan2', 'pgl'] }, rows);
    expect(f.errors).toEqual({});
    expect(f.result?.gross).toBe(92_094);
    expect(f.result?.payAward).toBe('2025-09-01');
    expect(f.next?.month).toBe('2026-09');
    expect(f.next?.result.net.monthly).toBe(4068.27);
    expect(f.next?.result.caveats[0]).toBe('Indicative.');
  });

  it('words beside each bad field, and no figures (never NaN)', () => {
    const f = evaluate({ ...base, mode: 'salary', salary: '10000000', allowances: '-3000', fte: '1.5' }, rows);
    expect(f.result).toBeNull();
    expect(f.errors).toEqual({
      salary: 'Salary must be a whole number of pounds from £1 to £1,000,000 a year',
      allowances: 'Allowances must be a whole number of pounds from £0 to £100,000 a year',
      fte: 'FTE must be a number from 0.1 to 1 (1 is full time), with at most 4 decimal places',
    });
    expect(evaluate({ ...base, mode: 'salary', salary: '' }, rows).errors).toEqual({ salary: 'Enter a salary in pounds a year' });
    expect(evaluate({ ...base, fte: '0' }, rows).errors.fte).toMatch(/^FTE must be/);
  });

  it('a typed salary needs no pay data; a pay point waits for it, or says why it has no figure', () => {
    expect(evaluate({ ...base, mode: 'salary', salary: '40317', month: '2026-01' }, undefined).result?.net.monthly).toBe(2473.26);
    expect(evaluate(base, undefined)).toMatchObject({ pending: true, result: null });
    expect(evaluate({ ...base, point: '20' }, rows).errors.point).toMatch(/^Leadership point L20 has no figure/);
  });

  it('offers every month the rules hold, newest first', () => {
    const months = monthChoices();
    expect([months[0], months.at(-1), months.length]).toEqual(['2027-03', '2025-04', 24]);
  });
});

describe('settings on the device', () => {
  it('keeps what it understands and drops the rest', () => {
    const store = new Map<string, string>();
    const s = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    expect(savedSettings(s)).toBeNull();
    saveSettings({ fte: '0.6', pension: 'none', loans: ['pgl', 'plan2'] }, s);
    expect(savedSettings(s)).toEqual({ fte: '0.6', pension: 'none', loans: ['plan2', 'pgl'] });
    expect(settingsOf({ fte: '7', pension: 'x', loans: 'plan9,plan1' })).toEqual({ fte: '1', pension: 'tps', loans: ['plan1'] });
    store.set('tilt.takeHome', '{oops');
    expect(savedSettings(s)).toBeNull();
  });
});
