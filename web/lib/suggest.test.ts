import { describe, expect, it } from 'vitest';
import { suggestSchools, type SchoolName } from './suggest';

const NAMES: SchoolName[] = [
  [1, 'Graveney School', 'Wandsworth'],
  [2, "St Mary's Catholic Primary School", 'Camden'],
  [3, 'The Camden School for Girls', 'Camden'],
  [4, 'Abacus Belsize Primary School', 'Camden'],
  [5, 'St Mary Abbots School', 'Kensington and Chelsea'],
  [6, 'Lady Margaret School', 'Hammersmith and Fulham'],
];

describe('suggestSchools (offline, from the device copy)', () => {
  it('normalises like the server: apostrophes, St/Saint, case', () => {
    expect(suggestSchools(NAMES, 'saint marys').map((s) => s.label)).toEqual([
      "St Mary's Catholic Primary School",
      'St Mary Abbots School',
    ]);
    expect(suggestSchools(NAMES, 'GRAV')[0]).toEqual({
      id: 'school-1',
      label: 'Graveney School',
      detail: 'Wandsworth',
      href: '/schools/1',
    });
  });

  it('puts a name starting with the words before one merely in the borough', () => {
    const labels = suggestSchools(NAMES, 'camden school').map((s) => s.label);
    expect(labels[0]).toBe('The Camden School for Girls');
    expect(labels.slice(1).sort()).toEqual(['Abacus Belsize Primary School', "St Mary's Catholic Primary School"]);
  });

  it('stops at the limit and finds nothing for nothing', () => {
    expect(suggestSchools(NAMES, 'school', 2)).toHaveLength(2);
    expect(suggestSchools(NAMES, '  ')).toEqual([]);
    expect(suggestSchools(NAMES, 'zzzz')).toEqual([]);
  });
});
