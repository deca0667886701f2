import { describe, expect, it } from 'vitest';
import { nextCursor } from './paging';

describe('paging headers', () => {
  it('reads the cursor of a Link rel="next" header', () => {
    expect(nextCursor('</api/jobs?borough=Camden&cursor=WyJqb2JzIiwxXQ>; rel="next"')).toBe('WyJqb2JzIiwxXQ');
    expect(nextCursor(null)).toBeNull();
    expect(nextCursor('</api/jobs?cursor=abc>; rel="prev"')).toBeNull();
  });
});
