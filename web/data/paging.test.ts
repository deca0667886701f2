import { describe, expect, it } from 'vitest';
import { nextCursor } from './paging';
import { jobsFoundText } from '../jobs/found';

describe('paging headers', () => {
  it('reads the cursor of a Link rel="next" header', () => {
    expect(nextCursor('</api/jobs?borough=Camden&cursor=WyJqb2JzIiwxXQ>; rel="next"')).toBe('WyJqb2JzIiwxXQ');
    expect(nextCursor(null)).toBeNull();
    expect(nextCursor('</api/jobs?cursor=abc>; rel="prev"')).toBeNull();
  });

  it('says how many jobs were found, "1,000+" when the total is capped', () => {
    expect(jobsFoundText(1, false)).toBe('1 job found');
    expect(jobsFoundText(245025, false)).toBe('245,025 jobs found');
    expect(jobsFoundText(1000, true)).toBe('1,000+ jobs found');
  });
});
