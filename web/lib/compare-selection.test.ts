import { describe, expect, it } from 'vitest';
import { compareHref, parseSchools, withSchool } from './compare-selection';

describe('the chosen schools in the address', () => {
  it('reads whole positive ids, each once, at most three; ignores anything else', () => {
    expect(parseSchools('12,7,30')).toEqual([12, 7, 30]);
    expect(parseSchools(' 4 , 4,abc,-1,0,2.5,9,10,11')).toEqual([4, 9, 10]);
    expect(parseSchools('')).toEqual([]);
    expect(parseSchools(null)).toEqual([]);
    expect(parseSchools('99999999999')).toEqual([]);
  });
  it('writes /compare?schools=… and /compare for none', () => {
    expect(compareHref([3, 1])).toBe('/compare?schools=3,1');
    expect(compareHref([])).toBe('/compare');
  });
  it("adds a school page's school: once, and with three the oldest gives way", () => {
    expect(withSchool([], 5)).toEqual([5]);
    expect(withSchool([5, 6], 5)).toEqual([5, 6]);
    expect(withSchool([1, 2, 3], 4)).toEqual([2, 3, 4]);
  });
});
