import { describe, expect, it } from 'vitest';
import { caveatsOf, groupBySpine, londonDifferences, sourceNumbers, sourcesOf, type PayRow } from './allowances';

const row = (region: string, paySpine: string, point: number, pointLabel: string, annualSalary: number, source = 'A'): PayRow => ({
  region,
  paySpine,
  point,
  pointLabel,
  annualSalary,
  effectiveDate: '2025-09-01',
  source,
});

describe('pay scale helpers', () => {
  const rows = [
    row('England', 'Main Pay Range', 2, 'M2', 34823),
    row('England', 'Main Pay Range', 1, 'M1', 32916),
    row('Inner London', 'Main Pay Range', 1, 'M1', 40317, 'A | B'),
    row('Outer London', 'Main Pay Range', 1, 'M1', 37870),
    row('Inner London', 'Upper Pay Range', 2, 'U2', 60000),
  ];
  it('computes how much more each London area pays than England at the same point', () => {
    const [inner, outer, fringe] = londonDifferences(rows);
    expect(inner.area).toBe('Inner London');
    expect(inner.bySpine).toEqual([
      ['Main Pay Range', [{ paySpine: 'Main Pay Range', point: 1, pointLabel: 'M1', england: 32916, london: 40317, extra: 7401 }]],
    ]);
    expect(outer.bySpine[0][1][0].extra).toBe(4954);
    expect(fringe.bySpine).toEqual([]);
  });
  it('groups by spine with points ascending and hides London-named groups', () => {
    const groups = groupBySpine([
      row('England', 'Unqualified Teacher', 1, '1', 22601),
      ...rows.filter((r) => r.region === 'England'),
      row('England', 'London Allowance', 1, '1', 5),
    ]);
    expect(groups.map(([s]) => s)).toEqual(['Main Pay Range', 'Unqualified Teacher']);
    expect(groups[0][1].map((r) => r.pointLabel)).toEqual(['M1', 'M2']);
  });
  it('lists distinct sources', () => {
    expect(sourcesOf(rows)).toEqual(['A', 'B']);
  });
  it("numbers every row's sources into the list shown below the tables", () => {
    const mixed = [
      row('England', 'Main Pay Range', 1, 'M1', 1, 'C | A'),
      row('England', 'Main Pay Range', 2, 'M2', 2, 'B'),
      row('England', 'Main Pay Range', 3, 'M3', 3, ' A '),
    ];
    const { list, of } = sourceNumbers(mixed);
    expect(list).toEqual(['A', 'B', 'C']);
    expect(mixed.map(of)).toEqual([[1, 3], [2], [1]]);
  });
  it('collects the caveats of figures that are not final, once each', () => {
    const caveat = 'This calculator is indicative only.';
    expect(caveatsOf([{ ...rows[0], caveat }, { ...rows[1], caveat }, rows[2]])).toEqual([caveat]);
    expect(caveatsOf(rows)).toEqual([]);
  });
});
