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

/** A photo the school uploaded (decision 2110): its 1200 px file, with the 400 px one beside it for small slots. */
const SCHOOL_PHOTO = /^\/media\/schools\/[\w-]+-1200\.webp$/;

export function SchoolImage({
  name,
  imageUrl,
  className = 'h-36',
  sizes = '(min-width: 640px) 20rem, 100vw',
  eager = false,
}: {
  name: string;
  imageUrl?: string | null;
  className?: string;
  /** How wide the slot is, for choosing between the school photo's two sizes. */
  sizes?: string;
  /** Above the fold (the school page's banner): loaded at once. */
  eager?: boolean;
}) {
  if (imageUrl) {
    const srcSet = SCHOOL_PHOTO.test(imageUrl) ? `${imageUrl.replace(/-1200\.webp$/, '-400.webp')} 400w, ${imageUrl} 1200w` : undefined;
    return (
      <img
        src={imageUrl}
        srcSet={srcSet}
        sizes={srcSet ? sizes : undefined}
        alt={name}
        loading={eager ? 'eager' : 'lazy'}
        className={`w-full object-cover ${className}`}
      />
    );
  }
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
