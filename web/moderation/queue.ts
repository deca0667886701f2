// The moderation queue as the page reads it (GET /api/moderation/queue): its kinds, their names, and
// what a reject acts on.
import type { InferResponseType } from 'hono/client';
import type { client } from '../data/client';

export type QueueKind = 'reviews' | 'threads' | 'posts';
export type Kind = QueueKind | 'responses' | 'edits';
/** GET /api/moderation/queue as the API types it. */
export type Queue = InferResponseType<typeof client.moderation.queue.$get, 200>;
export type QueueItem = Queue[QueueKind][number];

export const LABELS: Record<Kind, string> = {
  reviews: 'Review',
  threads: 'Discussion',
  posts: 'Reply',
  responses: 'School response',
  edits: 'Edit',
};

/** What a reject acts on: a pending item, or a reported one (then `path` is the reports route). */
export type RejectTarget = { kind: Kind; id: number; path?: string };

export const what = (t: RejectTarget) => LABELS[t.kind].toLowerCase();
