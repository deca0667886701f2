// /unsubscribe/:token, the link at the foot of every alert email (and its List-Unsubscribe
// address): opening it pauses that alert and says so, with an undo. The signed token is the
// only credential, so it works signed out and on another device.
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiRequestError, client, json } from '../data/client';

type State = { kind: 'loading' } | { kind: 'done'; name: string; active: boolean } | { kind: 'error'; message: string };

async function setActive(token: string, active: boolean) {
  return json(client.alerts.unsubscribe[':token'].$post({ param: { token }, json: { active } }));
}

export function UnsubscribePage() {
  const { token = '' } = useParams();
  // A notification digest's link (decision 2010) names a digest, not an alert.
  return token.startsWith('d') ? <DigestUnsubscribe token={token} /> : <AlertUnsubscribe token={token} />;
}

/** Opening a digest's link stops her digests (every topic back to in the app only) and says so. */
function DigestUnsubscribe({ token }: { token: string }) {
  const [state, setState] = useState<{ kind: 'loading' } | { kind: 'done' } | { kind: 'error'; message: string }>({ kind: 'loading' });
  useEffect(() => {
    json(client.notifications.unsubscribe[':token'].$post({ param: { token } })).then(
      () => setState({ kind: 'done' }),
      (e: unknown) =>
        setState({
          kind: 'error',
          message: e instanceof ApiRequestError && e.body?.error ? e.body.error : 'Something went wrong. Please try again.',
        }),
    );
  }, [token]);
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-2xl font-bold">Notification emails</h1>
      <div className="card bg-base-100 border border-base-300 mt-4" aria-live="polite" data-testid="unsubscribe-state">
        <div className="card-body gap-3">
          {state.kind === 'loading' && <p>Stopping your digest emails…</p>}
          {state.kind === 'error' && <p className="text-error">{state.message}</p>}
          {state.kind === 'done' && (
            <p>
              <strong>Digest emails stopped.</strong> Your notifications stay under the bell in the app.
            </p>
          )}
          <p className="text-sm opacity-80">
            Choose how you hear of each kind in your{' '}
            <Link to="/dashboard?tab=profile" className="link link-primary">
              profile
            </Link>
            .
          </p>
        </div>
      </div>
    </div>
  );
}

function AlertUnsubscribe({ token }: { token: string }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const apply = useCallback(
    async (active: boolean) => {
      try {
        const r = await setActive(token, active);
        setState({ kind: 'done', name: r.name, active: r.active });
      } catch (e) {
        setState({
          kind: 'error',
          message: e instanceof ApiRequestError && e.body?.error ? e.body.error : 'Something went wrong. Please try again.',
        });
      }
    },
    [token],
  );
  // Opening the link pauses the alert (once per token); Undo resumes it.
  useEffect(() => {
    void apply(false);
  }, [apply]);

  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-2xl font-bold">Job alert emails</h1>
      <div className="card bg-base-100 border border-base-300 mt-4" aria-live="polite" data-testid="unsubscribe-state">
        <div className="card-body gap-3">
          {state.kind === 'loading' && <p>Pausing your alert…</p>}
          {state.kind === 'error' && <p className="text-error">{state.message}</p>}
          {state.kind === 'done' && !state.active && (
            <>
              <p>
                <strong>Alert paused.</strong> You won't get "{state.name}" any more.
              </p>
              <div className="card-actions">
                <button
                  type="button"
                  className="btn btn-primary btn-outline"
                  disabled={busy}
                  onClick={async () => (setBusy(true), await apply(true), setBusy(false))}
                >
                  Undo
                </button>
              </div>
            </>
          )}
          {state.kind === 'done' && state.active && (
            <p>
              <strong>Alert resumed.</strong> "{state.name}" is on again.
            </p>
          )}
          <p className="text-sm opacity-80">
            Manage or delete your alerts on your{' '}
            <Link to="/dashboard?tab=alerts" className="link link-primary">
              dashboard
            </Link>
            .
          </p>
        </div>
      </div>
    </div>
  );
}
