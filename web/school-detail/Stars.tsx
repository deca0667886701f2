import { Icon } from '../components/Icon';

/** A rating out of five as stars (the school's header and its reviews). */
export function Stars({ value, label }: { value: number; label?: string }) {
  return (
    <span className="inline-flex items-center gap-0.5 text-warning" role="img" aria-label={label ?? `${value} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Icon key={n} name="star" className="size-4" filled={n <= Math.round(value)} />
      ))}
    </span>
  );
}
