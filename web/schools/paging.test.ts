import { describe, expect, it } from 'vitest';
import { pageInfo, requestLimit } from './paging';

describe('schools paging', () => {
  it('requests 200, then grows by 200 when paging past what is loaded', () => {
    expect(requestLimit(50)).toBe(200);
    expect(requestLimit(200)).toBe(200);
    expect(requestLimit(250)).toBe(400);
  });
  it('says honestly how many are shown of the total', () => {
    expect(pageInfo(50, 200, 3189)).toEqual({ visible: 50, remaining: 3139, text: 'Showing 50 of 3,189 schools' });
    expect(pageInfo(50, 8, 8)).toEqual({ visible: 8, remaining: 0, text: 'Showing 8 of 8 schools' });
    expect(pageInfo(250, 200, 3189).visible).toBe(200);
  });
});
