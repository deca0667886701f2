import { Icon } from './Icon';

/** The school's photo, or a neat placeholder; both described for screen readers. */
const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter((w) => /^[A-Z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0])
    .join('');

/** A small initials tile for a school without a photo (instead of a 160 px banner). */
export function SchoolAvatar({ name, className = 'size-14' }: { name: string; className?: string }) {
  return (
    <div
      role="img"
      aria-label={`No photo of ${name} yet`}
      className={`shrink-0 rounded-box bg-gradient-to-br from-primary/15 to-accent/20 flex items-center justify-center text-primary font-bold text-lg ${className}`}
    >
      <span className="opacity-80">{initialsOf(name)}</span>
    </div>
  );
}

export function SchoolImage({ name, imageUrl, className = 'h-36' }: { name: string; imageUrl?: string | null; className?: string }) {
  if (imageUrl) return <img src={imageUrl} alt={name} loading="lazy" className={`w-full object-cover ${className}`} />;
  const initials = initialsOf(name);
  return (
    <div
      role="img"
      aria-label={`No photo of ${name} yet`}
      className={`w-full bg-gradient-to-br from-primary/15 to-accent/20 flex items-center justify-center gap-2 text-primary ${className}`}
    >
      <Icon name="school" className="size-8 opacity-70" />
      <span className="text-2xl font-bold opacity-70">{initials}</span>
    </div>
  );
}
