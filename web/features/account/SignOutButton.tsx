import type { ReactNode } from 'react';

/** Sign Out: warns about unsent submissions, clears this device's saved data, then POSTs /api/logout and goes home. */
export function SignOutButton({ className, children = 'Sign Out' }: { className?: string; children?: ReactNode }) {
  return (
    <button type="button" className={className} onClick={() => void import('../../offline/sign-out').then((m) => m.signOut())}>
      {children}
    </button>
  );
}
