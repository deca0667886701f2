import { describe, expect, it } from 'vitest';
import { addHref, addressSchools, afterAdd, compareHref, parseSchools, withSchool } from './compare-selection';

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
  it("a school page's ?add={id}: shown alone until the screen joins it to the address's or the device's comparison", () => {
    expect(addHref(9)).toBe('/compare?add=9');
    const q = (s: string) => new URLSearchParams(s);
    expect(addressSchools(q('add=9'))).toEqual([9]);
    expect(addressSchools(q('schools=1,2&add=9'))).toEqual([1, 2]);
    expect(afterAdd(q('add=9'), [1, 2])).toEqual([1, 2, 9]);
    expect(afterAdd(q('add=9'), [])).toEqual([9]);
    expect(afterAdd(q('add=9'), [1, 2, 3])).toEqual([2, 3, 9]);
    expect(afterAdd(q('schools=4&add=9'), [1, 2])).toEqual([4, 9]);
    expect(afterAdd(q('add=2'), [1, 2])).toEqual([1, 2]);
    expect(afterAdd(q('schools=1'), [5])).toBeNull();
    expect(afterAdd(q('add=abc'), [5])).toBeNull();
  });
});
