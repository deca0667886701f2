// How long an item has waited for a moderator, in the words the queue shows (decision 2115).

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** "waiting less than an hour", "waiting 5 hours", "waiting 1 day", "waiting 3 days". */
export function waitingFor(since: Date | string | number, now: number = Date.now()): string {
  const ms = Math.max(0, now - new Date(since).getTime());
  if (ms < HOUR) return 'waiting less than an hour';
  if (ms < DAY) {
    const h = Math.floor(ms / HOUR);
    return `waiting ${h} hour${h === 1 ? '' : 's'}`;
  }
  const d = Math.floor(ms / DAY);
  return `waiting ${d} day${d === 1 ? '' : 's'}`;
}

/** The oldest of the dates (the queue's first to decide), or null for an empty queue. */
export function oldestOf(dates: readonly (Date | string | number)[]): number | null {
  let oldest: number | null = null;
  for (const d of dates) {
    const t = new Date(d).getTime();
    if (oldest === null || t < oldest) oldest = t;
  }
  return oldest;
}
