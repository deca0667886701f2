import { describe, expect, it } from 'vitest';
import { closingTimeOf, londonValidThrough } from './london-time';

describe('a closing time in London (issue 37 item 3)', () => {
  it('is the London time of day, or null at the end of the day (midnight: date only; 23:59)', () => {
    expect(closingTimeOf(new Date('2026-12-07T12:00:00Z'))).toBe('12:00');
    expect(closingTimeOf(new Date('2026-07-07T08:00:00Z'))).toBe('09:00'); // BST
    expect(closingTimeOf(new Date('2026-12-07T00:00:00Z'))).toBeNull();
    expect(closingTimeOf(new Date('2026-07-06T23:00:00Z'))).toBeNull(); // London midnight in summer
    expect(closingTimeOf(new Date('2026-12-07T23:59:00Z'))).toBeNull();
  });
  it("gives JobPosting's validThrough in London's offset, 23:59:59 for a deadline that runs to the end of its day", () => {
    expect(londonValidThrough(new Date('2026-12-07T12:00:00Z'))).toBe('2026-12-07T12:00:00+00:00');
    expect(londonValidThrough(new Date('2026-07-07T11:00:00Z'))).toBe('2026-07-07T12:00:00+01:00');
    expect(londonValidThrough(new Date('2026-12-07T00:00:00Z'))).toBe('2026-12-07T23:59:59+00:00');
    expect(londonValidThrough(new Date('2026-07-06T23:00:00Z'))).toBe('2026-07-07T23:59:59+01:00');
    expect(londonValidThrough(new Date('2026-12-07T23:59:00Z'))).toBe('2026-12-07T23:59:59+00:00');
  });
});
