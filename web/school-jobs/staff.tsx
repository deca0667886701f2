// What the school's screens share: who may use them (a live member of the school), their frame,
// and what a visitor or someone else is told instead.
import { Link } from 'react-router-dom';
import { EmptyState } from '../components/states';
import { loginHref, useAuth } from '../data/auth';
import { useMySchools } from '../data/school-staff';

/** A path's id: a positive decimal number, else undefined. */
export const positive = (v: string | undefined) => (v && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : undefined);

/** Who may use a school's tools: signed in, and a live member of that school; null while it is not known yet. */
export function useSchoolStaff(schoolId: number | undefined) {
  const { isAuthenticated, isLoading } = useAuth();
  const mine = useMySchools();
  const found = mine.data?.schools.find((s) => s.schoolId === schoolId);
  const signedOut = !isLoading && !isAuthenticated;
  const loading = isLoading || (isAuthenticated && !mine.data && !mine.error);
  const school = found?.live ? found : undefined;
  return {
    signedOut,
    loading,
    error: mine.error,
    retry: () => void mine.mutate(),
    school,
    /** Signed out, or known not to be a live member: the screen shows NotStaff instead. */
    denied: signedOut || (!loading && !mine.error && !school),
  };
}

/** A school screen's frame: narrow column, breadcrumb to the school's jobs. */
export function Frame({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto max-w-3xl px-4 py-6 grid grid-cols-1 gap-4">{children}</div>;
}

/** Not signed in, or not the school's staff: what to do instead, in the screen's frame. */
export function NotStaff({ signedOut, here }: { signedOut: boolean; here: string }) {
  return (
    <Frame>
      {signedOut ? (
        <EmptyState icon="school" title="Sign in to manage your school's jobs">
          <a href={loginHref(here)} className="btn btn-primary btn-sm mt-3 tap">
            Sign In
          </a>
        </EmptyState>
      ) : (
        <EmptyState icon="school" title="Only the school's verified staff can do this">
          Work there? Open the school's page and choose "Work here? Manage this page".{' '}
          <Link to="/school-admin" className="link link-primary">
            Your school dashboard
          </Link>
        </EmptyState>
      )}
    </Frame>
  );
}
