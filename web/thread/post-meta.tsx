// What the thread page shows of an author's own posts on its first render: which posts are hers,
// the "edited" line and the types of her pending changes. Her controls themselves (edit, delete,
// earlier versions, the reply form) load after the first render (./writing-controls.ts).
import { useEffect, useState } from 'react';
import type { EditState } from '../features/contribute/EditStateNote';
import { useAuth } from '../data/auth';
import { client, json } from '../data/client';
import { swrKey } from '../data/keys';
import { useApi } from '../data/use-api';
import { formatDate, timeAgo } from '../lib/format';

/** The forum's body limit (core/validation.ts threadInput, postInput). */
export const POST_MAX_CHARS = 20_000;

/** Her edit of one of her threads or replies that waits for a moderator, or was refused (decision 2026). */
export interface OwnEdit {
  edit: EditState | null;
  /** While it waits: the version she wrote, which she reads in place of the approved text. */
  proposed: { title?: string; content: string; html: string } | null;
}

/** Her own threads and replies on this device's copy of her activity (empty for a visitor), each with her edit's state. */
export function useMine() {
  const { isAuthenticated } = useAuth();
  const { data } = useApi(isAuthenticated ? swrKey.activity : null, () => json(client.me.activity.$get()));
  const own = (rows: { id: number; edit: EditState | null; proposed: OwnEdit['proposed'] }[] | undefined) =>
    new Map<number, OwnEdit>((rows ?? []).map((r) => [r.id, { edit: r.edit, proposed: r.proposed }]));
  return { threads: own(data?.threads), posts: own(data?.posts) };
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

/** The version her edit form opens with: her edit in the outbox, else her edit waiting for a moderator, else the published one. */
export function lastWritten(queued: Queued, own: OwnEdit | undefined, published: { title?: string; content: string }) {
  if (queued?.kind === 'edit') return { title: queued.title || published.title, content: queued.content };
  return { title: own?.proposed?.title ?? published.title, content: own?.proposed?.content ?? published.content };
}

/**
 * What waits in the outbox for a post, shown on it until it has arrived: until the server's answer
 * changes (the published text, its edit or deletion), or her edit waiting for a moderator does.
 */
export function useQueued(
  post: { content: string; editedAt: string | null; deletedAt: string | null },
  own: OwnEdit | undefined,
): [Queued, (q: Queued) => void] {
  const [queued, setQueued] = useState<Queued>(null);
  const version = `${post.content}\u0000${post.editedAt}\u0000${post.deletedAt}\u0000${String(own?.edit?.submittedAt)}`;
  useEffect(() => setQueued(null), [version]);
  return [queued, setQueued];
}
