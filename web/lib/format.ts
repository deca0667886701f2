/**
 * A formatter made on its first use, not when the app's script is evaluated: the first Intl
 * formatter a page makes loads the locale's data (and a time zone's), ~6 ms of a core here, ~25 ms
 * on a phone, which made the entry's evaluation one long task (issue 40).
 */
function once<F>(make: () => F): () => F {
  let made: F | undefined;
  return () => (made ??= make());
}

const gbp = once(() => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 }));
const number = once(() => new Intl.NumberFormat('en-GB'));

export const formatGBP = (n: number) => gbp().format(n);
export const formatNumber = (n: number) => number().format(n);

/** "£min - £max", or "£min+" when there is no maximum (product §9); null when no figures. */
export function formatSalaryRange(min: number | null | undefined, max: number | null | undefined): string | null {
  if (min == null) return null;
  return max != null ? `${formatGBP(min)} - ${formatGBP(max)}` : `${formatGBP(min)}+`;
}

/** Dates read the same on the server and in the browser (hydration): always London time. */
const TIME_ZONE = 'Europe/London';
const dateFmt = once(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: TIME_ZONE }));
export const formatDate = (d: string | number | Date) => dateFmt().format(new Date(d));
const monthFmt = once(() => new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: TIME_ZONE }));
/** "November 2026". */
export const formatMonth = (d: string | number | Date) => monthFmt().format(new Date(d));

/**
 * The clock relative times are read against. A server-rendered page pins it to the server's
 * render time until the browser has hydrated, so "5 minutes ago" is the same text on both sides.
 */
let pinned: (() => number | undefined) | undefined;
export function setClock(source: (() => number | undefined) | undefined) {
  pinned = source;
}
const clockNow = () => pinned?.() ?? Date.now();

/** "3 days ago", "just now". */
export function timeAgo(d: string | number | Date, now = clockNow()): string {
  const seconds = Math.round((now - new Date(d).getTime()) / 1000);
  if (seconds < 60) return 'just now';
  const units: [number, string][] = [
    [60, 'minute'],
    [60, 'hour'],
    [24, 'day'],
    [30, 'month'],
    [12, 'year'],
  ];
  let value = seconds / 60;
  let unit = 'minute';
  for (let i = 1; i < units.length && value >= units[i][0]; i++) {
    value /= units[i][0];
    unit = units[i][1];
  }
  if (unit === 'day' && value >= 7 && value < 30) return `${Math.floor(value / 7)} week${Math.floor(value / 7) === 1 ? '' : 's'} ago`;
  const n = Math.floor(value);
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/**
 * A school's job's Markdown (its description) as plain text for a card's summary: links keep their
 * words, emphasis, code, quote and list marks go. The page shows the server's rendered HTML.
 */
export function plainMarkdown(source: string): string {
  return source
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|\*|_|`)/g, '')
    .replace(/^\s*(>|[-+*]|\d+[.)])\s+/gm, '')
    .replace(/\\([\\`*_{}[\]()#+\-.!>])/g, '$1');
}
