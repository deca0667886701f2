// /school-link#token: the one-time link of a school claim, an invitation or a re-confirmation
// (decision 2101). The token is in the fragment (never sent to a server by the browser); opening
// it is a POST made here once the person is signed in.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState } from '../components/states';
import { loginHref, useAuth } from '../data/auth';
import { messageOf, staffApi } from '../data/school-staff';

type Opened = Awaited<ReturnType<typeof staffApi.openLink>>;
type State = { kind: 'idle' } | { kind: 'working' } | { kind: 'done'; result: Opened } | { kind: 'error'; message: string };

export function SchoolLinkPage() {
  const { isAuthenticated, isLoading } = useAuth();
  const [token, setToken] = useState<string | null>(null);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const started = useRef(false);

  useEffect(() => setToken(location.hash.replace(/^#/, '') || ''), []);
  useEffect(() => {
    if (!isAuthenticated || !token || started.current) return;
    started.current = true;
    setState({ kind: 'working' });
    staffApi.openLink(token).then(
      (result) => {
        setState({ kind: 'done', result });
        history.replaceState(null, '', location.pathname);
      },
      (error: unknown) => setState({ kind: 'error', message: messageOf(error) }),
    );
  }, [isAuthenticated, token]);

  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-2xl font-bold">Your school email link</h1>
      <div className="card bg-base-100 border border-base-300 mt-4" aria-live="polite" data-testid="school-link-state">
        <div className="card-body gap-3">
          {isLoading || token === null ? (
            <p>Checking…</p>
          ) : token === '' && state.kind === 'idle' ? (
            <p>This link is incomplete. Open the link from the email again, all of it.</p>
          ) : !isAuthenticated ? (
            <EmptyState icon="school" title="Sign in to continue">
              <p>Sign in with the account you used to ask for this link.</p>
              <a href={loginHref(`/school-link#${token}`)} className="btn btn-primary btn-sm mt-3 tap">
                Sign In
              </a>
            </EmptyState>
          ) : state.kind === 'error' ? (
            <p className="text-error">{state.message}</p>
          ) : state.kind === 'done' ? (
            <Done result={state.result} />
          ) : (
            <p>Confirming…</p>
          )}
        </div>
      </div>
    </div>
  );
}

function Done({ result }: { result: Opened }) {
  const dashboard = (
    <Link to={`/school-admin?school=${result.school.id}`} className="btn btn-primary btn-sm w-fit tap">
      School dashboard
    </Link>
  );
  if (result.kind === 'claim')
    return (
      <>
        <p>
          <strong>Email confirmed.</strong> Your request to manage {result.school.name} is now waiting for a check by our team or the
          school's admin. You will see it on your school dashboard.
        </p>
        {dashboard}
      </>
    );
  if (result.kind === 'invite')
    return (
      <>
        <p>
          <strong>Welcome.</strong> You now help manage {result.school.name} as {result.role === 'admin' ? 'an admin' : 'an editor'}.
        </p>
        {dashboard}
      </>
    );
  return (
    <>
      <p>
        <strong>Confirmed.</strong> You manage {result.school.name} for another 12 months.
      </p>
      {dashboard}
    </>
  );
}
