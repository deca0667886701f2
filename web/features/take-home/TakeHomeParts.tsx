// Take-home figures beside the pay (issue 38): a pay scale row's "about £2,473 a month after tax"
// (with next September's beside it), the line saying whose settings and which payslip they are
// for, and a job's "£2,473–£2,977 a month after tax, pension and your loans". later() parts of
// the pay scales, the job cards and the job page (their chunk holds the engine): computed on the
// device in idle time (web/lib/idle.ts's slices), with her settings (settings-store.ts), offline too. The server
// and the first render show nothing (her settings are on the device); the line's space is kept.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { INNER_LONDON_BOROUGHS } from '../../../core/constants';
import { readJobSalary, type PayPointRow } from '../../../core/take-home';
import { swrKey } from '../../data/keys';
import { client, json } from '../../data/client';
import { useApi } from '../../data/use-api';
import { useHydrated } from '../../lib/use-hydrated';
import { formatGBP, formatMonth } from '../../lib/format';
import { inIdleSlice } from '../../lib/idle-slice';
import { afterWords, jobFigures, monthForAward, netMonthly, nextSeptember, pointLink, settingsWords } from './figures';
import { useTakeHomeSettings } from './settings-store';

/**
 * `compute()` worked out in idle time, undefined until then (and on the server, and in the first
 * render, so hydration matches). `key` names the inputs: a new key computes again.
 */
function useIdleValue<T>(key: string | null, compute: () => T): { key: string; value: T } | undefined {
  const [result, setResult] = useState<{ key: string; value: T } | undefined>(undefined);
  useEffect(() => {
    if (key === null) return;
    // The latest compute for this key (it closes over this render's inputs, which the key names).
    return inIdleSlice(() => setResult({ key, value: compute() }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return result && result.key === key ? result : undefined;
}

const monthName = (m: string) => formatMonth(`${m}-15T12:00:00Z`);
const taxYear = (m: string) => {
  const y = Number(m.slice(0, 4)) - (Number(m.slice(5, 7)) < 4 ? 1 : 0);
  return `${y}/${String((y + 1) % 100).padStart(2, '0')}`;
};

/**
 * One year's pay rows (a year: the key the pay scales screen uses; none: the whole table, as the
 * app keeps it offline), asked for only in the browser: the server renders no figure, so its
 * render must not ask for (and inline) more of the table.
 */
function usePayRows(effectiveDate: string | null, wanted = true) {
  const ask = useHydrated() && wanted;
  return useApi(ask ? (effectiveDate ? swrKey.payScalesOfYear(effectiveDate) : swrKey.payScales) : null, () =>
    json(client['pay-scales'].$get({ query: effectiveDate ? { effectiveDate } : {} })),
  ).data;
}

/** Under the pay scales' area picker: which payslip and whose settings the rows' figures are for. */
export function PayTakeHomeNote({ effectiveDate }: { effectiveDate: string }) {
  const { settings, saved } = useTakeHomeSettings();
  const month = monthForAward(effectiveDate);
  const text = useIdleValue(month ? `${month}|${JSON.stringify(settings)}` : null, () => settingsWords(settings));
  return (
    <p className="text-xs opacity-80 mt-4 min-h-4" data-testid="take-home-note">
      {month === null ? (
        'Take-home figures start with the 2025/26 tax year.'
      ) : text ? (
        <>
          Take-home for a {monthName(month)} payslip (tax year {taxYear(month)}), {saved ? 'with your settings: ' : ''}
          {text.value}.{' '}
          <Link to="/pay-scales/take-home" className="link">
            {saved ? 'Change them' : 'Set yours'}
          </Link>
        </>
      ) : null}
    </p>
  );
}

/** "about £2,473 a month after tax", linking to its breakdown, and next September's figure beside it. */
export function PayRowTakeHome({ row }: { row: Pick<PayPointRow, 'region' | 'paySpine' | 'point' | 'annualSalary' | 'effectiveDate'> }) {
  const { settings } = useTakeHomeSettings();
  const month = monthForAward(row.effectiveDate);
  const next = month ? nextSeptember(month) : null;
  const nextAward = next ? `${next}-01` : null;
  const nextRow = usePayRows(nextAward, nextAward !== null)?.find(
    (r) => r.region === row.region && r.paySpine === row.paySpine && r.point === row.point,
  );
  const key = month
    ? `${row.region}|${row.paySpine}|${row.point}|${row.annualSalary}|${month}|${nextRow?.annualSalary}|${JSON.stringify(settings)}`
    : null;
  const figures = useIdleValue(key, () => ({
    now: netMonthly(row.annualSalary, settings, month as string),
    next: nextRow && next ? netMonthly(nextRow.annualSalary, settings, next) : null,
  }));
  if (!month) return null;
  return (
    <span className="block text-xs font-normal opacity-90 min-h-4 whitespace-nowrap" data-testid="row-take-home">
      {figures && (
        <>
          {/* A phone's salary column holds one short line: "£2,550 a month after tax". */}
          <span className="hidden sm:inline">about </span>
          <Link to={pointLink(row, month)} className="link">
            {formatGBP(figures.value.now)}
          </Link>{' '}
          a month after tax
          {figures.value.next !== null && next && (
            <span className="block opacity-80" data-testid="row-take-home-next">
              from Sep {next.slice(0, 4)}: <span className="hidden sm:inline">about </span>
              {formatGBP(figures.value.next)}
            </span>
          )}
        </>
      )}
    </span>
  );
}

interface JobLike {
  salaryText?: string | null;
  salaryMin?: number | null;
  salaryMax?: number | null;
  borough: string;
}

const inner = new Set<string>(INNER_LONDON_BOROUGHS);

/** The height a job's take-home line keeps: one line, two with the allowance's words. */
const lines = (extras: boolean) => (extras ? 'min-h-10' : 'min-h-5');

/** A job's monthly take-home at the two ends of its salary; nothing when its salary cannot be read. */
export function JobTakeHome({ job, className = '' }: { job: JobLike; className?: string }) {
  const { settings } = useTakeHomeSettings();
  // The whole pay table (one URL, kept offline from the app's start).
  const rows = usePayRows(null);
  const region = inner.has(job.borough) ? 'Inner London' : 'Outer London';
  const key = `${job.salaryText}|${job.salaryMin}|${job.salaryMax}|${region}|${rows ? rows.length : 0}|${JSON.stringify(settings)}`;
  const figures = useIdleValue(key, () => jobFigures(job, rows, settings, region));
  // A salary it can read keeps its line's space from the first paint (the server's too): the
  // figures come in idle time, and a line pushed in then would move the card below it (and a
  // button being tapped there) down. One it cannot read has none. The allowance's words take a line
  // of their own, so a card knows the line's height before its figures.
  if (!figures?.value) {
    const salary = readJobSalary(job);
    return salary && <p className={`text-sm ${lines(salary.extras)} ${className}`} data-testid="job-take-home-space" />;
  }
  const { min, max, extras } = figures.value;
  const money = (n: number) => formatGBP(n);
  return (
    <p className={`text-sm ${lines(extras)} ${className}`} data-testid="job-take-home">
      <Link to={min.link} className="link font-semibold">
        {money(min.net)}
      </Link>
      {max && (
        <>
          –
          <Link to={max.link} className="link font-semibold">
            {money(max.net)}
          </Link>
        </>
      )}{' '}
      a month after {afterWords(settings)}
      {extras && <span className="block">(before the allowance the advert adds)</span>}
    </p>
  );
}
