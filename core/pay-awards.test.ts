// The award the page names for 2026 is the one the figures show: every 2026 figure in the product's
// copy of the pay scales is 2025's raised by 3.5 % and rounded up to the pound, except the award's
// listed exceptions (England's unqualified point 1: +5 %), and no caveat quotes the DfE data file's
// developer comment.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAY_AWARDS, raised } from './pay-awards';

interface Row {
  paySpine: string;
  pointLabel: string;
  region: string;
  effectiveDate: string;
  annualSalary: number;
  caveat?: string;
  notes?: string;
  source: string;
}
const rows = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'db', 'seed', 'pay-scales.json'), 'utf8')) as Row[];
const key = (r: Pick<Row, 'paySpine' | 'pointLabel' | 'region'>) => `${r.region}|${r.paySpine}|${r.pointLabel}`;

describe('the 2026 award against the figures', () => {
  const award = PAY_AWARDS['2026-09-01'];
  const before = new Map(rows.filter((r) => r.effectiveDate === '2025-09-01').map((r) => [key(r), r]));
  const after = rows.filter((r) => r.effectiveDate === award.effectiveDate);

  it('raised rounds up to the pound', () => {
    expect(raised(51773, 3.5)).toBe(53586); // 53,585.06
    expect(raised(22601, 5)).toBe(23732); // 23,731.05
    expect(raised(20000, 3.5)).toBe(20700); // exact
  });

  it('75 of the 76 figures are 2025 + 3.5 % (rounded up); the exception is +5 % and listed with its figures', () => {
    expect(after).toHaveLength(76);
    const exceptions = new Map(award.exceptions.map((e) => [key(e), e]));
    const plain = after.filter((r) => !exceptions.has(key(r)));
    expect(plain).toHaveLength(75);
    for (const r of plain) expect(r.annualSalary, key(r)).toBe(raised(before.get(key(r))!.annualSalary, award.percent));
    for (const e of award.exceptions) {
      const r = after.find((x) => key(x) === key(e))!;
      expect(before.get(key(e))!.annualSalary).toBe(e.before);
      expect(r.annualSalary).toBe(e.after);
      expect(r.annualSalary).toBe(raised(e.before, e.percent));
      expect(r.annualSalary).not.toBe(raised(e.before, award.percent));
      // The data says why too, naming the DfE's words.
      expect(r.notes).toContain('5% pay rise');
    }
  });

  it('the caveat says what is not yet published and quotes the service, never the data file comment', () => {
    const caveats = new Set(after.map((r) => r.caveat));
    expect([...caveats]).toHaveLength(1);
    const [caveat] = [...caveats];
    expect(caveat).toContain('Not yet published: the 2026 pay document (STPCD 2026).');
    expect(caveat).toContain('“This calculator is indicative only.');
    for (const r of rows) expect(JSON.stringify(r)).not.toMatch(/fake pay data|for development purposes/);
  });
});
