// The Profile tab's sessions list (decision 1421): where the account is signed in, and "Sign out
// everywhere else", which ends every session but this one. Both routes name the `sessions` data, so
// the write reads the list again like every other write (decision 0015, web/data/refresh.ts).
import { useApi } from '../data/use-api';
import { client, json } from '../data/client';
import { ErrorState, SkeletonList } from '../components/states';
import { write } from '../data/writes';
import { formatDate, timeAgo } from '../lib/format';
import { to } from '../data/requests';
import { swrKey } from '../data/keys';
import { SUCCESS } from '../data/messages';
import { TitledCard } from '../components/fields';

export function SessionsPart() {
  const sessions = useApi(swrKey.sessions, () => json(client.me.sessions.$get()));
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;
  async function revokeOthers() {
    await write<{ revoked: number }>(
      { kind: 'account', ...to(client.me.sessions['revoke-others'], '$post') },
      {
        success: SUCCESS.otherSessionsRevoked,
        signIn: 'Please sign in to manage your sessions.',
        error: { description: 'Failed to sign out the other sessions. Please try again.' },
      },
    );
  }
  return (
    <TitledCard id="sessions-heading" title="Where you're signed in" body="gap-3" heading="">
      {sessions.error && !sessions.data ? (
        <ErrorState error={sessions.error} retry={() => sessions.mutate()} />
      ) : !sessions.data ? (
        <SkeletonList count={2} lines={1} />
      ) : (
        <ul className="divide-y divide-base-200" data-testid="session-list">
          {sessions.data.map((s) => (
            <li key={s.id} className="py-2 flex flex-wrap justify-between gap-2 text-sm">
              <span>
                {s.current ? <strong>This browser</strong> : 'Another browser or device'} · signed in {formatDate(s.createdAt)}
              </span>
              <span className="opacity-70">active {timeAgo(s.lastSeenAt)}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="card-actions">
        <button type="button" className="btn btn-outline btn-sm" disabled={others === 0} onClick={() => void revokeOthers()}>
          Sign out everywhere else{others > 0 ? ` (${others})` : ''}
        </button>
      </div>
    </TitledCard>
  );
}
