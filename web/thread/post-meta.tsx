// What the thread page shows of an author's own posts on its first render: which posts are hers,
// the "edited" line and the types of her pending changes. Her controls themselves (edit, delete,
// earlier versions, the reply form) load after the first render (./later.ts).
import { useAuth } from '../data/auth';
import { client, json } from '../data/client';
import { swrKey } from '../data/keys';
import { useApi } from '../data/use-api';
import { formatDate, timeAgo } from '../lib/format';

/** The forum's body limit (db/validation.ts threadInput, postInput). */
export const POST_MAX_CHARS = 20_000;

/** Her own threads and replies on this device's copy of her activity (empty for a visitor). */
export function useMine() {
  const { isAuthenticated } = useAuth();
  const { data } = useApi(isAuthenticated ? swrKey.activity : null, () => json(client.me.activity.$get()));
  return {
    threads: new Set(data?.threads.map((t) => t.id) ?? []),
    posts: new Set(data?.posts.map((p) => p.id) ?? []),
  };
}

/** "edited 5 minutes ago" with the exact time in a <time> element (its title says the date). */
export function Edited({ at }: { at: string | Date }) {
  const d = new Date(at);
  return (
    <span data-testid="edited">
      edited{' '}
      <time dateTime={d.toISOString()} title={formatDate(d)}>
        {timeAgo(d)}
      </time>
    </span>
  );
}

/** What waits in the outbox for an item: shown on it until the replay's answer refreshes the thread. */
export type Queued = { kind: 'edit'; content: string; title?: string } | { kind: 'delete' } | null;

export type Target =
  | { kind: 'thread'; id: number; categoryId: number; title: string; content: string }
  | { kind: 'reply'; id: number; content: string };
