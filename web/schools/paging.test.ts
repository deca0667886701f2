import { describe, expect, it } from 'vitest';
import { pageInfo } from './paging';

describe('schools paging', () => {
  it('says honestly how many are shown of the total', () => {
    expect(pageInfo(50, 3189)).toEqual({ visible: 50, remaining: 3139, text: 'Showing 50 of 3,189 schools' });
    expect(pageInfo(8, 8)).toEqual({ visible: 8, remaining: 0, text: 'Showing 8 of 8 schools' });
    expect(pageInfo(100, 1234)).toEqual({ visible: 100, remaining: 1134, text: 'Showing 100 of 1,234 schools' });
  });
});
