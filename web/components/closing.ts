// A job's closing date as a card shows it (the phone on the commute): "Closed", "Closes today", "Closes
// tomorrow", "Closes in 3 days" (under a week), otherwise "Closes 12 December 2026", each with the
// time the school set ("Closes tomorrow at 12:00") unless the deadline runs to the end of its day.
// Days are London calendar days, so a deadline at 09:00 tomorrow is "tomorrow" at 23:00 today.
import { formatDate } from '../lib/format';

const londonDay = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

const HOUR = 3_600_000;
const DAY = 86_400_000;

/** London's offset from UTC (ms) through one UTC hour, by the hour's number (at most OFFSETS_MAX hours kept). */
const offsets = new Map<number, number>();
const OFFSETS_MAX = 5000;

/** London's wall clock at `ms` as if it were UTC (milliseconds dropped, as the formatter drops them). */
function londonWall(ms: number): number {
  const p = Object.fromEntries(londonDay.formatToParts(ms).map((x) => [x.type, x.value]));
  return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
}

/**
 * The London calendar day as a day number, and whether the time is London midnight (to the second).
 * London's offset changes only on a UTC hour (GMT and summer time, since 1847), so it is read once per
 * UTC hour and kept: a list's 50 deadlines cost a few formatter calls, not one each (decision 1058).
 */
function london(d: Date): { day: number; midnight: boolean; time: string | null } {
  const ms = d.getTime();
  const hour = Math.floor(ms / HOUR);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    offset = londonWall(hour * HOUR) - hour * HOUR;
    if (offsets.size >= OFFSETS_MAX) offsets.clear();
    offsets.set(hour, offset);
  }
  // Whole seconds, as the formatter reads the time.
  const wall = Math.floor(ms / 1000) * 1000 + offset;
  const minutes = Math.floor((wall - Math.floor(wall / DAY) * DAY) / 60_000);
  // The end of the day (midnight: a date-only deadline; 23:59) is said by the date alone.
  const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return { day: Math.floor(wall / DAY), midnight: wall % DAY === 0, time: minutes === 0 || hhmm === '23:59' ? null : hhmm };
}

/** Today's London day for the last "now" asked (a list asks once per card with the same now; formatToParts is the costly part). */
let today = { at: Number.NaN, day: 0 };
function londonToday(at: Date): number {
  if (at.getTime() !== today.at) today = { at: at.getTime(), day: london(at).day };
  return today.day;
}

export interface Closing {
  text: string;
  /** closed, or closing within a week: shown with more weight. */
  tone: 'closed' | 'soon' | 'later';
}

export function closingLabel(deadline: string | number | Date | null | undefined, now: number | Date = Date.now()): Closing | null {
  if (deadline == null || deadline === '') return null;
  const d = new Date(deadline);
  if (Number.isNaN(d.getTime())) return null;
  const at = new Date(now);
  const closes = london(d);
  const days = closes.day - londonToday(at);
  // A deadline with a time that has passed is closed; a date-only one (London midnight) runs to the end of its day.
  if (days < 0 || (d.getTime() < at.getTime() && !(days === 0 && closes.midnight))) return { text: 'Closed', tone: 'closed' };
  // The time a school set (12:00), when it is not the end of the day: "Closes tomorrow at 12:00".
  const atTime = closes.time ? ` at ${closes.time}` : '';
  if (days === 0) return { text: `Closes today${atTime}`, tone: 'soon' };
  if (days === 1) return { text: `Closes tomorrow${atTime}`, tone: 'soon' };
  if (days < 7) return { text: `Closes in ${days} days${atTime}`, tone: 'soon' };
  return { text: `Closes ${formatDate(d)}${atTime}`, tone: 'later' };
}

/** The closing date as the job page states it: "7 December 2026", or "7 December 2026 at 12:00" when a time was set (London). */
export function closingDateText(deadline: string | number | Date): string {
  const d = new Date(deadline);
  const time = london(d).time;
  return time ? `${formatDate(d)} at ${time}` : formatDate(d);
}
