// "Work here? Manage this page" on every school page (decision 2101): the claim screen for a
// signed-in user, a sign-in that comes back to it for a visitor, the school dashboard for its staff.
import { Link } from 'react-router-dom';
import { loginHref, useAuth } from '../data/auth';
import { useMySchools } from '../data/my-schools';

export function ManagePageLink({ schoolId }: { schoolId: number }) {
  const { isAuthenticated, isLoading } = useAuth();
  const { data } = useMySchools();
  const claim = `/schools/${schoolId}/claim`;
  // While her session is unknown (the server's render too): the claim screen's link, which asks a
  // visitor to sign in. Its line is there from the first paint, so the tabs below never move when
  // the session answers (a tap on a tab that moved landed on what took its place).
  if (isLoading)
    return (
      <Link to={claim} className="link link-primary text-sm w-fit tap" data-testid="manage-page">
        Work here? Manage this page
      </Link>
    );
  if (!isAuthenticated)
    return (
      <a href={loginHref(claim)} className="link link-primary text-sm w-fit tap" data-testid="manage-page">
        Work here? Sign in to manage this page
      </a>
    );
  const member = data?.schools.find((s) => s.schoolId === schoolId && s.live);
  return member ? (
    <Link to={`/school-admin?school=${schoolId}`} className="link link-primary text-sm w-fit tap" data-testid="manage-page">
      You manage this page: school dashboard
    </Link>
  ) : (
    <Link to={claim} className="link link-primary text-sm w-fit tap" data-testid="manage-page">
      Work here? Manage this page
    </Link>
  );
}
