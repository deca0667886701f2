// Wall-clock time in London (GMT in winter, BST in summer) and the instants it names, without a
// date library: Intl knows the Europe/London rules. Shared by the API (a school's closing date)
// and the web form (showing a saved closing date again).

const PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The London date (yyyy-mm-dd) and time (HH:MM) of an instant. */
export function londonParts(at: Date): { date: string; time: string } {
  const p = Object.fromEntries(PARTS.formatToParts(at).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** Minutes London is ahead of UTC at an instant (0 in GMT, 60 in BST). */
function londonOffsetMinutes(at: Date): number {
  const p = Object.fromEntries(PARTS.formatToParts(at).map((x) => [x.type, Number(x.value)]));
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** True for a real calendar date written yyyy-mm-dd (no 2026-02-30). */
export function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/**
 * The instant a London wall-clock time names: `londonInstant('2027-07-01', '09:00')` is 08:00 UTC
 * (BST), `londonInstant('2027-01-15', '09:00')` is 09:00 UTC (GMT). Times in the hour the clocks
 * skip or repeat are read with the offset after the change (none of the closing times falls there).
 */
export function londonInstant(date: string, time: string): Date {
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const first = wall - londonOffsetMinutes(new Date(wall)) * 60_000;
  return new Date(wall - londonOffsetMinutes(new Date(first)) * 60_000);
}

/**
 * A closing instant's London time of day ("12:00"), or null when the deadline runs to the end of
 * its day: London midnight (a date-only deadline, open all that day) or 23:59 (a school's "end of
 * the day"). What the card, the job page, the alert email and the JobPosting show beside the date.
 */
export function closingTimeOf(at: Date): string | null {
  const { time } = londonParts(at);
  return time === '00:00' || time === '23:59' ? null : time;
}

/**
 * A closing instant as schema.org's validThrough in London's own offset ("2026-12-07T12:00:00+00:00",
 * "+01:00" in summer); a deadline that runs to the end of its day is given as 23:59:59 that day.
 */
export function londonValidThrough(at: Date): string {
  const { date, time } = londonParts(at);
  const end = closingTimeOf(at) === null;
  const offset = londonOffsetMinutes(end ? londonInstant(date, '23:59') : at);
  const sign = offset < 0 ? '-' : '+';
  const hh = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const mm = String(Math.abs(offset) % 60).padStart(2, '0');
  return `${date}T${end ? '23:59:59' : `${time}:00`}${sign}${hh}:${mm}`;
}

/** Today's date in London (yyyy-mm-dd). */
export const londonToday = (now: Date) => londonParts(now).date;
