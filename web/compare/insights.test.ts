import { describe, expect, it } from 'vitest';
import { addSchool, ofstedInsights, ofstedWeight, sizeInsights } from './insights';

const s = (id: number, pupils: number | null, rating: string | null) => ({
  id,
  name: `S${id}`,
  numberOfPupils: pupils,
  ofstedRating: rating,
});

describe('compare insights', () => {
  it('weights Ofsted ratings 4/3/2/1', () => {
    expect(['Outstanding', 'Good', 'Requires Improvement', 'Inadequate', 'Special Measures', null].map(ofstedWeight)).toEqual([
      4, 3, 2, 1, 1, 1,
    ]);
  });
  it('sorts sizes largest first and leaves out schools without a pupil count', () => {
    expect(sizeInsights([s(1, 300, 'Good'), s(2, null, 'Good'), s(3, 1200, null)]).map((x) => x.id)).toEqual([3, 1]);
  });
  it('sorts Ofsted best first and leaves out unrated schools', () => {
    expect(
      ofstedInsights([s(1, 1, 'Good'), s(2, 1, null), s(3, 1, 'Outstanding'), s(4, 1, 'Requires Improvement')]).map((x) => x.id),
    ).toEqual([3, 1, 4]);
  });
  it('never adds duplicates or a fourth school', () => {
    let chosen = addSchool([], s(1, 1, null));
    chosen = addSchool(chosen, s(1, 1, null));
    expect(chosen).toHaveLength(1);
    chosen = addSchool(addSchool(addSchool(chosen, s(2, 1, null)), s(3, 1, null)), s(4, 1, null));
    expect(chosen.map((x) => x.id)).toEqual([1, 2, 3]);
  });
});
