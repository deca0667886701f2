// When daily and weekly alerts are due: 07:00 London time every day, and Sundays at 07:00.
// London's offset (GMT or BST) is read from Intl for the day in question, so the hour holds
// across the clock changes (which happen at 01:00 UTC, never near 07:00).
export const SEND_HOUR = 7;
const TZ = 'Europe/London';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  weekday: 'short',
});

/** London's wall-clock date of an instant, with its weekday (0 = Sunday). */
export function londonDate(at: Date): { year: number; month: number; day: number; weekday: number } {
  const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]));
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(p.weekday);
  return { year: Number(p.year), month: Number(p.month), day: Number(p.day), weekday };
}

/** Minutes London is ahead of UTC at an instant (0 in winter, 60 in summer). */
function londonOffsetMinutes(at: Date): number {
  const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
  return Math.round((asUtc - Math.floor(at.getTime() / 60000) * 60000) / 60000);
}

/** The instant of hh:00 London time on a London calendar date. */
export function londonTime(year: number, month: number, day: number, hour: number): Date {
  const guess = new Date(Date.UTC(year, month - 1, day, hour));
  return new Date(guess.getTime() - londonOffsetMinutes(guess) * 60000);
}

/** The latest scheduled send at or before `now`: 07:00 London today or yesterday (daily), the last Sunday's (weekly). */
export function lastScheduledSend(frequency: 'daily' | 'weekly', now: Date): Date {
  const today = londonDate(now);
  // Walk back from today (in London) to the first day whose 07:00 has passed and fits the frequency.
  for (let back = 0; back <= 8; back++) {
    const d = new Date(Date.UTC(today.year, today.month - 1, today.day - back));
    const weekday = d.getUTCDay();
    if (frequency === 'weekly' && weekday !== 0) continue;
    const at = londonTime(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), SEND_HOUR);
    if (at.getTime() <= now.getTime()) return at;
  }
  throw new Error('unreachable');
}

/** Whether an alert is due now: instant always; daily/weekly once a scheduled send has passed since it was last checked. */
export function isDue(
  alert: { frequency: 'instant' | 'daily' | 'weekly'; createdAt: Date; lastCheckedAt: Date | null },
  now: Date,
): boolean {
  if (alert.frequency === 'instant') return true;
  const since = alert.lastCheckedAt ?? alert.createdAt;
  return since.getTime() < lastScheduledSend(alert.frequency, now).getTime();
}
