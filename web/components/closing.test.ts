import { describe, expect, it } from 'vitest';
import { closingDateText, closingLabel } from './closing';

// Noon in London on Tuesday 24 November 2026 (GMT: London = UTC).
const NOW = Date.parse('2026-11-24T12:00:00Z');
const text = (d: string | null) => closingLabel(d, NOW)?.text ?? null;

describe('closingLabel', () => {
  it('counts London calendar days under a week', () => {
    expect(text('2026-11-27T00:00:00Z')).toBe('Closes in 3 days');
    expect(text('2026-11-27T23:30:00Z')).toBe('Closes in 3 days at 23:30');
    expect(text('2026-11-25T09:00:00Z')).toBe('Closes tomorrow at 09:00');
    expect(text('2026-11-30T17:00:00Z')).toBe('Closes in 6 days at 17:00');
    expect(closingLabel('2026-11-27T00:00:00Z', NOW)?.tone).toBe('soon');
  });
  it('says today, closed, and the date a week or more away', () => {
    expect(text('2026-11-24T00:00:00Z')).toBe('Closes today'); // date-only deadline: open all day
    expect(text('2026-11-24T17:00:00Z')).toBe('Closes today at 17:00');
    expect(text('2026-11-24T09:00:00Z')).toBe('Closed'); // that time has passed
    expect(text('2026-11-23T00:00:00Z')).toBe('Closed');
    expect(closingLabel('2026-11-01T00:00:00Z', NOW)?.tone).toBe('closed');
    expect(text('2026-12-01T00:00:00Z')).toBe('Closes 1 December 2026');
    expect(closingLabel('2026-12-01T00:00:00Z', NOW)?.tone).toBe('later');
  });
  it('uses British Summer Time: 23:30 UTC on 1 July is already 2 July in London', () => {
    const summer = Date.parse('2026-07-01T10:00:00Z');
    expect(closingLabel('2026-07-01T23:30:00Z', summer)?.text).toBe('Closes tomorrow at 00:30');
    expect(closingLabel('2026-06-30T23:00:00Z', summer)?.text).toBe('Closes today'); // London midnight, 1 July
  });
  it('is null without a deadline or with an unreadable one', () => {
    expect(text(null)).toBeNull();
    expect(text('')).toBeNull();
    expect(text('not a date')).toBeNull();
  });
});

describe('the closing time a school set', () => {
  it('says the London time beside the day or date, unless the deadline runs to the end of its day', () => {
    expect(text('2026-11-25T12:00:00Z')).toBe('Closes tomorrow at 12:00');
    expect(text('2026-11-24T15:00:00Z')).toBe('Closes today at 15:00');
    expect(text('2026-11-27T09:00:00Z')).toBe('Closes in 3 days at 09:00');
    expect(text('2026-12-07T12:00:00Z')).toBe('Closes 7 December 2026 at 12:00');
    expect(text('2026-12-07T23:59:00Z')).toBe('Closes 7 December 2026'); // the school's "end of the day"
    expect(text('2026-12-07T00:00:00Z')).toBe('Closes 7 December 2026'); // date only
  });
  it('reads the time in London: 11:00 UTC in July is 12:00 BST', () => {
    const summer = Date.parse('2026-07-01T10:00:00Z');
    expect(closingLabel('2026-07-02T11:00:00Z', summer)?.text).toBe('Closes tomorrow at 12:00');
    expect(closingDateText('2026-07-20T11:00:00Z')).toBe('20 July 2026 at 12:00');
    expect(closingDateText('2026-07-19T23:00:00Z')).toBe('20 July 2026'); // London midnight
  });
});
