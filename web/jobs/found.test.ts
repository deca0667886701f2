import { describe, expect, it } from 'vitest';
import { jobsFoundText } from './found';

describe('jobs found', () => {
  it('says how many jobs were found, "1,000+" when the total is capped', () => {
    expect(jobsFoundText(1, false)).toBe('1 job found');
    expect(jobsFoundText(245025, false)).toBe('245,025 jobs found');
    expect(jobsFoundText(1000, true)).toBe('1,000+ jobs found');
  });
});
