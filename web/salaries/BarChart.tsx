import { formatGBP } from '../lib/format';

interface Bar {
  label: string;
  value: number | null;
  count: number;
}

/**
 * A simple horizontal SVG bar chart next to the numbers. Groups too small to show an average
 * (k-anonymity) keep their row and say 'Not enough data yet' instead of a bar.
 */
export function BarChart({ bars, testId }: { bars: Bar[]; testId: string }) {
  const max = Math.max(1, ...bars.map((b) => b.value ?? 0));
  return (
    <ul className="grid gap-3" data-testid={testId}>
      {bars.map((b) => (
        <li key={b.label} className="grid gap-1">
          <div className="flex flex-wrap justify-between gap-x-3 text-sm">
            <span className="font-medium">{b.label}</span>
            <span className="opacity-80">
              {b.count} {b.count === 1 ? 'submission' : 'submissions'}
            </span>
          </div>
          <div className="flex items-center gap-3">
            <svg viewBox="0 0 100 8" preserveAspectRatio="none" className="h-3 flex-1 rounded-full overflow-hidden" aria-hidden="true">
              <rect x="0" y="0" width="100" height="8" className="fill-base-300" />
              {b.value != null && <rect x="0" y="0" width={(b.value / max) * 100} height="8" className="fill-primary" />}
            </svg>
            {b.value != null ? (
              <span className="text-sm font-semibold tabular-nums whitespace-nowrap w-36 text-right">
                {formatGBP(b.value)} <span className="font-normal opacity-70">avg/year</span>
              </span>
            ) : (
              <span className="text-sm italic opacity-70 whitespace-nowrap w-36 text-right">Not enough data yet</span>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
