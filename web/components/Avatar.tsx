import type { CurrentUser } from '../data/auth';

/** Profile image, else the first letter of the first name, then of the email, then "U" (product §2). */
function avatarLetter(user: Pick<CurrentUser, 'firstName' | 'email'>): string {
  return (user.firstName?.trim()[0] ?? user.email?.trim()[0] ?? 'U').toUpperCase();
}

export function Avatar({ user, size = 'size-9' }: { user: CurrentUser; size?: string }) {
  if (user.profileImageUrl) {
    return <img src={user.profileImageUrl} alt="" className={`${size} rounded-full object-cover`} referrerPolicy="no-referrer" />;
  }
  return (
    <span className={`${size} rounded-full bg-primary text-primary-content grid place-items-center font-semibold`} aria-hidden="true">
      {avatarLetter(user)}
    </span>
  );
}
