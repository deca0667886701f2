import { describe, expect, it } from 'vitest';
import { oldestOf, waitingFor } from './waiting';

const NOW = Date.parse('2026-12-06T12:00:00Z');

describe('how long an item has waited', () => {
  it('says it in hours under a day, then in days', () => {
    expect(waitingFor('2026-12-06T11:30:00Z', NOW)).toBe('waiting less than an hour');
    expect(waitingFor('2026-12-06T11:00:00Z', NOW)).toBe('waiting 1 hour');
    expect(waitingFor('2026-12-06T07:00:00Z', NOW)).toBe('waiting 5 hours');
    expect(waitingFor('2026-12-05T12:00:00Z', NOW)).toBe('waiting 1 day');
    expect(waitingFor(new Date('2026-12-03T09:00:00Z'), NOW)).toBe('waiting 3 days');
    // A clock a little behind the server's never says "-1".
    expect(waitingFor('2026-12-06T12:00:05Z', NOW)).toBe('waiting less than an hour');
  });

  it('finds the oldest of a queue', () => {
    expect(oldestOf([])).toBeNull();
    expect(oldestOf(['2026-12-05T00:00:00Z', '2026-12-01T00:00:00Z', '2026-12-03T00:00:00Z'])).toBe(Date.parse('2026-12-01T00:00:00Z'));
  });
});
