import { Icon } from './Icon';

const OFSTED_CLASS: Record<string, string> = {
  outstanding: 'badge-success',
  good: 'badge-info',
  'requires improvement': 'badge-warning',
  inadequate: 'badge-error',
};

/** Inspection badge: green, blue, yellow, red, grey (product §4), always with the word too. */
export function OfstedBadge({ rating, className = '' }: { rating: string | null | undefined; className?: string }) {
  const cls = OFSTED_CLASS[(rating ?? '').toLowerCase()] ?? 'badge-ghost';
  return <span className={`badge ${cls} badge-sm whitespace-nowrap ${className}`}>Ofsted: {rating || 'Not rated'}</span>;
}

/** Average rating badge, shown only when above 0, one decimal (product §9). */
export function RatingBadge({ value, count }: { value: number; count?: number }) {
  if (!(value > 0)) return null;
  // The spoken sentence is a visually hidden span: aria-label is not allowed on a plain span.
  return (
    <span className="badge badge-warning badge-sm gap-1 whitespace-nowrap">
      <span className="sr-only">{`Rated ${value.toFixed(1)} out of 5${count != null ? ` from ${count} review${count === 1 ? '' : 's'}` : ''}`}</span>
      <span aria-hidden="true" className="inline-flex items-center gap-1">
        <Icon name="star" className="size-3" filled />
        {value.toFixed(1)}
        {count != null && <span className="opacity-70">({count})</span>}
      </span>
    </span>
  );
}

/** A vacancy the school's own verified staff posted here (decision 2104); a feed's advert shows its source instead. */
export function PostedBySchoolBadge({ className = '' }: { className?: string }) {
  return (
    <span className={`badge badge-success badge-outline badge-sm gap-1 whitespace-nowrap ${className}`}>
      <Icon name="check" className="size-3" />
      Posted by the school
    </span>
  );
}
