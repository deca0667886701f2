// A few SVG icons (no icon font, nothing fetched), each a `<use>` of the document's icon sprite
// (web/components/icon-paths.ts, carried by the shell). Decorative unless given a label.
import { iconId, type IconName } from './icon-paths';

export type { IconName } from './icon-paths';

export function Icon({
  name,
  className = 'size-5',
  label,
  filled,
}: {
  name: IconName;
  className?: string;
  label?: string;
  filled?: boolean;
}) {
  return (
    <svg
      className={className}
      fill={filled ? 'currentColor' : 'none'}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <use href={`#${iconId(name)}`} />
    </svg>
  );
}
