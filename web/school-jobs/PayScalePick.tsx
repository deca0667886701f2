// The salary as pay scale points (decision 2104): region, range, year, first and last point from
// the product's own pay scales; the API fills the minimum, the maximum and "MPS M1-M6 (Inner London)".
// The last point may be on the range above the first's (M1-U3: "MPS/UPS M1-U3", decision 2115).
import { useEffect, useMemo } from 'react';
import { PAY_REGIONS, PAY_SPINES } from '../../core/constants';
import type { PayScalePick } from './job-values';
import { Field, fieldProps } from '../components/Dialog';
import { usePayScales } from '../data/hooks';
import { formatGBP } from '../lib/format';
import { NEXT_SPINE, payPoints, payYearLabel, payYears, type PayRow } from './pay-points';

export function PayScalePickField({
  value,
  onChange,
  error,
}: {
  value: PayScalePick;
  onChange: (v: PayScalePick) => void;
  error?: string;
}) {
  const { data: all } = usePayScales();
  const years = useMemo(() => payYears(all ?? [], value.region, value.paySpine), [all, value.region, value.paySpine]);
  const year = value.effectiveDate || years[0] || '';
  const points = useMemo(() => payPoints(all ?? [], value.region, value.paySpine, year), [all, value.region, value.paySpine, year]);
  // The year shown is the one sent: the latest of the chosen region and range until another is picked.
  useEffect(() => {
    if (year && value.effectiveDate !== year) onChange({ ...value, effectiveDate: year });
  }, [year, value, onChange]);
  const set = (patch: Partial<PayScalePick>) => onChange({ ...value, effectiveDate: year, ...patch });
  const select = (
    id: string,
    label: string,
    current: string,
    options: { value: string; label: string }[],
    patch: (v: string) => Partial<PayScalePick>,
    invalid = false,
  ) => (
    <PickSelect
      id={id}
      label={label}
      value={current}
      options={options}
      error={invalid ? error : undefined}
      onChange={(v) => set(patch(v))}
    />
  );
  const pointOptions = [
    { value: '', label: 'Choose a point' },
    ...points.map((p) => ({ value: p.pointLabel!, label: `${p.pointLabel} (${formatGBP(p.annualSalary)})` })),
  ];
  const { next, lastOptions, lastValue, lastPatch } = useLastPoint(value, all, year, pointOptions);
  return (
    <div className="grid grid-cols-1 sm:grid-cols-2 gap-x-4" data-testid="pay-scale-pick">
      {select(
        'payScale',
        'Pay region',
        value.region,
        PAY_REGIONS.map((r) => ({ value: r, label: r })),
        (region) => ({ region: region as PayScalePick['region'], effectiveDate: '', from: '', to: '', toSpine: undefined }),
        true,
      )}
      {select(
        'payScale-spine',
        'Pay range',
        value.paySpine,
        PAY_SPINES.map((s) => ({ value: s, label: s })),
        (paySpine) => ({ paySpine: paySpine as PayScalePick['paySpine'], effectiveDate: '', from: '', to: '', toSpine: undefined }),
      )}
      {select(
        'payScale-year',
        'Pay year',
        year,
        years.map((y) => ({ value: y, label: payYearLabel(y) })),
        (effectiveDate) => ({ effectiveDate, from: '', to: '', toSpine: undefined }),
      )}
      <div className="grid grid-cols-2 gap-x-2">
        {select('payScale-from', 'First point', value.from, pointOptions, (from) => ({ from }))}
        {select('payScale-to', 'Last point', lastValue, lastOptions, lastPatch)}
      </div>
      {next && (
        <p className="text-sm opacity-80 sm:col-span-2" data-testid="pay-scale-across">
          The last point may be on the {next} (for example M1 to U3).
        </p>
      )}
      {error && (
        <p id="payScale-error" className="text-error text-sm sm:col-span-2" data-testid="error-payScale">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The last point's choices: the first point's range, then the range above it (M1-U3); a point of
 * the range above is sent with `toSpine` (its option's value names the range: "Upper Pay Range|U3").
 */
function useLastPoint(value: PayScalePick, all: PayRow[] | undefined, year: string, pointOptions: { value: string; label: string }[]) {
  const next = NEXT_SPINE[value.paySpine];
  const nextPoints = useMemo(() => (next ? payPoints(all ?? [], value.region, next, year) : []), [all, value.region, next, year]);
  const lastOptions = [
    ...pointOptions,
    ...nextPoints.map((p) => ({ value: `${next}|${p.pointLabel}`, label: `${p.pointLabel} (${formatGBP(p.annualSalary)})` })),
  ];
  const across = value.toSpine && value.toSpine !== value.paySpine;
  const lastValue = across ? `${value.toSpine}|${value.to}` : value.to;
  const lastPatch = (v: string): Partial<PayScalePick> => {
    const [spine, label] = v.includes('|') ? v.split('|') : [undefined, v];
    return { to: label, toSpine: spine as PayScalePick['toSpine'] };
  };
  return { next, lastOptions, lastValue, lastPatch };
}

function PickSelect({
  id,
  label,
  value,
  options,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  error: string | undefined;
  onChange: (v: string) => void;
}) {
  return (
    <Field id={id} label={label}>
      <select className="select w-full" {...fieldProps(id, error)} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
