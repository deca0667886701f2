// Daily at 07:00 and weekly on Sunday at 07:00 London time, across both clock changes (injected clocks).
import { describe, expect, it } from 'vitest';
import { isDue, lastScheduledSend, londonTime } from './schedule';

const at = (iso: string) => new Date(iso);

describe('London 07:00', () => {
  it('is 07:00 UTC in winter and 06:00 UTC in summer', () => {
    expect(londonTime(2026, 1, 15, 7).toISOString()).toBe('2026-01-15T07:00:00.000Z');
    expect(londonTime(2026, 7, 15, 7).toISOString()).toBe('2026-07-15T06:00:00.000Z');
    // The clock-change Sundays themselves (29 March 2026 forward, 25 October 2026 back).
    expect(londonTime(2026, 3, 29, 7).toISOString()).toBe('2026-03-29T06:00:00.000Z');
    expect(londonTime(2026, 10, 25, 7).toISOString()).toBe('2026-10-25T07:00:00.000Z');
    expect(londonTime(2026, 3, 28, 7).toISOString()).toBe('2026-03-28T07:00:00.000Z');
    expect(londonTime(2026, 10, 24, 7).toISOString()).toBe('2026-10-24T06:00:00.000Z');
  });

  it('daily: the latest 07:00 London at or before now', () => {
    expect(lastScheduledSend('daily', at('2026-07-15T06:30:00Z')).toISOString()).toBe('2026-07-15T06:00:00.000Z');
    expect(lastScheduledSend('daily', at('2026-07-15T05:59:00Z')).toISOString()).toBe('2026-07-14T06:00:00.000Z');
    expect(lastScheduledSend('daily', at('2026-11-20T07:00:00Z')).toISOString()).toBe('2026-11-20T07:00:00.000Z');
    expect(lastScheduledSend('daily', at('2026-11-20T06:59:59Z')).toISOString()).toBe('2026-11-19T07:00:00.000Z');
    // Just after midnight in London in summer (23:30 UTC the day before).
    expect(lastScheduledSend('daily', at('2026-07-14T23:30:00Z')).toISOString()).toBe('2026-07-14T06:00:00.000Z');
    // Spring forward: Saturday 07:00 GMT, then Sunday 07:00 BST.
    expect(lastScheduledSend('daily', at('2026-03-29T05:59:00Z')).toISOString()).toBe('2026-03-28T07:00:00.000Z');
    expect(lastScheduledSend('daily', at('2026-03-29T06:00:00Z')).toISOString()).toBe('2026-03-29T06:00:00.000Z');
  });

  it('weekly: the latest Sunday 07:00 London', () => {
    expect(lastScheduledSend('weekly', at('2026-03-29T06:30:00Z')).toISOString()).toBe('2026-03-29T06:00:00.000Z');
    expect(lastScheduledSend('weekly', at('2026-03-29T05:59:00Z')).toISOString()).toBe('2026-03-22T07:00:00.000Z');
    expect(lastScheduledSend('weekly', at('2026-10-25T06:30:00Z')).toISOString()).toBe('2026-10-18T06:00:00.000Z');
    expect(lastScheduledSend('weekly', at('2026-10-25T07:00:00Z')).toISOString()).toBe('2026-10-25T07:00:00.000Z');
    expect(lastScheduledSend('weekly', at('2026-11-24T20:00:00Z')).toISOString()).toBe('2026-11-22T07:00:00.000Z');
  });

  it('an alert is due once per scheduled send, counted from when it was made or last checked', () => {
    const made = at('2026-10-24T12:00:00Z'); // Saturday, BST
    const daily = { frequency: 'daily' as const, createdAt: made, lastCheckedAt: null };
    expect(isDue(daily, at('2026-10-25T06:59:00Z'))).toBe(false); // 07:00 GMT not yet
    expect(isDue(daily, at('2026-10-25T07:00:00Z'))).toBe(true);
    expect(isDue({ ...daily, lastCheckedAt: at('2026-10-25T07:05:00Z') }, at('2026-10-25T22:00:00Z'))).toBe(false);
    expect(isDue({ ...daily, lastCheckedAt: at('2026-10-25T07:05:00Z') }, at('2026-10-26T07:01:00Z'))).toBe(true);
    const weekly = { frequency: 'weekly' as const, createdAt: made, lastCheckedAt: at('2026-10-25T07:05:00Z') };
    expect(isDue(weekly, at('2026-10-31T23:00:00Z'))).toBe(false);
    expect(isDue(weekly, at('2026-11-01T07:00:00Z'))).toBe(true);
    expect(isDue({ frequency: 'instant', createdAt: made, lastCheckedAt: at('2026-10-25T07:05:00Z') }, at('2026-10-25T07:06:00Z'))).toBe(
      true,
    );
  });
});
