// A thread's or reply's author edits or deletes it (decisions 2020, 2026). An edit of a published
// thread or reply waits for a moderator while everyone else keeps reading the approved text (a
// small fix in the first minutes goes through: ./small-fix.ts); an edit of one not yet published
// (pending, or refused: then it goes back to the queue) changes it in place. The version a
// published edit replaces is kept for moderators. A deleted reply leaves a placeholder (no text,
// no name) so the conversation still reads; a deleted thread with replies does the same above
// them; a thread nobody answered goes altogether.
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { forumPosts, forumThreads } from '../../db/schema';
import { threadInput, postInput, type PostEdit, type ThreadEdit } from '../../core/validation';
import { notFound } from '../platform/http-error';
import { dropPendingEdit, dropTraces, keepPrevious, mergeChange, ownOr404, pendingEdit, submitEdit } from '../moderation/own-edits';
import type { SignedInEnv } from '../platform/route';
import { replyColumns, selectThreads, slugify, toThread } from './forum.queries';
import { isSmallFix, type Version } from './small-fix';

/** The title a deleted thread shows above the replies it keeps. */
export const DELETED_THREAD_TITLE = 'Deleted thread';

/** An edit of a refused item sends it back to the moderators; otherwise its state stays. */
const resubmit = (row: { rejectedAt: Date | null }) =>
  row.rejectedAt ? { isApproved: false, rejectedAt: null, rejectionReason: null } : {};

/** Her edit that waits for a moderator, as her own answers give it (never in a public one). */
export interface WaitingEdit extends Version {
  status: 'pending';
  submittedAt: Date;
}

/** The version her change applies to: her waiting edit, if any, else the published one. */
function lastWritten(published: Version, waiting: { body: Record<string, unknown> } | undefined): Version {
  if (!waiting) return published;
  const { title, content } = waiting.body;
  return { ...(typeof title === 'string' ? { title } : {}), content: typeof content === 'string' ? content : published.content };
}

const same = (a: Version, b: Version) => a.content === b.content && (a.title ?? null) === (b.title ?? null);

type Outcome = { waits: false } | { waits: true; edit: WaitingEdit | null };

/**
 * How an edit of a published item is written: a small fix (no edit waiting) goes through; the
 * published text itself again drops the waiting edit; anything else waits for a moderator.
 */
function routeEdit(
  tx: Parameters<typeof submitEdit>[0],
  kind: 'thread' | 'reply',
  item: { id: number; userId: string; createdAt: Date; published: Version; waiting: boolean },
  next: Version,
  now: Date,
): Outcome {
  if (!item.waiting && isSmallFix(item.published, next, item.createdAt, now)) return { waits: false };
  if (same(item.published, next)) {
    dropPendingEdit(tx, kind, item.id);
    return { waits: true, edit: null };
  }
  submitEdit(tx, kind, item.id, item.userId, { ...next }, now);
  return { waits: true, edit: { status: 'pending', ...next, submittedAt: now } };
}

export function editThread(c: Context<SignedInEnv>, id: number, change: ThreadEdit) {
  const db = c.get('db');
  const user = c.get('user');
  const row = db.select().from(forumThreads).where(eq(forumThreads.id, id)).get();
  if (row?.deletedAt) throw notFound('Thread');
  const own = ownOr404(row, user.id, 'Thread');
  const published = { title: own.title, content: own.content };
  const waiting = own.isApproved ? pendingEdit(db, 'thread', id) : undefined;
  const base = lastWritten(published, waiting);
  const next = mergeChange(threadInput, { title: base.title ?? own.title, content: base.content, categoryId: own.categoryId }, change);
  const now = c.get('now')();
  const outcome = db.transaction((tx): Outcome => {
    const proposed = { title: next.title, content: next.content };
    if (own.isApproved) {
      const item = { id, userId: user.id, createdAt: own.createdAt, published, waiting: !!waiting };
      const routed = routeEdit(tx, 'thread', item, proposed, now);
      if (routed.waits) return routed;
    }
    keepPrevious(tx, 'thread', id, user.id, published, now);
    tx.update(forumThreads)
      .set({ title: next.title, slug: slugify(next.title), content: next.content, editedAt: now, updatedAt: now, ...resubmit(own) })
      .where(eq(forumThreads.id, id))
      .run();
    return { waits: false };
  });
  const thread = toThread(selectThreads(db).where(eq(forumThreads.id, id)).get()!);
  return { ...thread, edit: outcome.waits ? outcome.edit : null };
}

export function deleteThread(c: Context<SignedInEnv>, id: number) {
  const db = c.get('db');
  const row = db
    .select({ userId: forumThreads.userId, deletedAt: forumThreads.deletedAt })
    .from(forumThreads)
    .where(eq(forumThreads.id, id))
    .get();
  if (row?.deletedAt) throw notFound('Thread');
  ownOr404(row, c.get('user').id, 'Thread');
  const now = c.get('now')();
  const placeholder = db.transaction((tx) => {
    dropTraces(tx, 'thread', id);
    const replies = tx.select({ n: count() }).from(forumPosts).where(eq(forumPosts.threadId, id)).get()!.n;
    if (replies === 0) {
      tx.delete(forumThreads).where(eq(forumThreads.id, id)).run();
      return false;
    }
    tx.update(forumThreads)
      .set({ title: DELETED_THREAD_TITLE, slug: slugify(DELETED_THREAD_TITLE), content: '', deletedAt: now, updatedAt: now })
      .where(eq(forumThreads.id, id))
      .run();
    return true;
  });
  return { kind: 'thread' as const, id, deleted: true as const, placeholder };
}

function ownPost(c: Context<SignedInEnv>, id: number) {
  const row = c
    .get('db')
    .select()
    .from(forumPosts)
    .where(and(eq(forumPosts.id, id), isNull(forumPosts.deletedAt)))
    .get();
  return ownOr404(row, c.get('user').id, 'Reply');
}

export function editPost(c: Context<SignedInEnv>, id: number, change: PostEdit) {
  const db = c.get('db');
  const own = ownPost(c, id);
  const published = { content: own.content };
  const waiting = own.isApproved ? pendingEdit(db, 'reply', id) : undefined;
  const next = mergeChange(postInput, { content: lastWritten(published, waiting).content }, change);
  const now = c.get('now')();
  return db.transaction((tx) => {
    const proposed = { content: next.content };
    const routed: Outcome = own.isApproved
      ? routeEdit(tx, 'reply', { id, userId: own.userId!, createdAt: own.createdAt, published, waiting: !!waiting }, proposed, now)
      : { waits: false };
    if (!routed.waits) {
      keepPrevious(tx, 'reply', id, own.userId!, published, now);
      tx.update(forumPosts)
        .set({ content: next.content, editedAt: now, updatedAt: now, ...resubmit(own) })
        .where(eq(forumPosts.id, id))
        .run();
    }
    const post = tx
      .select({ id: forumPosts.id, threadId: forumPosts.threadId, ...replyColumns, rejectedAt: forumPosts.rejectedAt })
      .from(forumPosts)
      .where(eq(forumPosts.id, id))
      .get()!;
    const { rejectedAt, ...p } = post;
    return {
      ...p,
      status: p.isApproved ? ('approved' as const) : rejectedAt ? ('rejected' as const) : ('pending' as const),
      user: { firstName: c.get('user').firstName },
      edit: routed.waits ? routed.edit : null,
    };
  });
}

/** The reply stays as a placeholder (row kept, text cleared) so the replies to it still read. */
export function deletePost(c: Context<SignedInEnv>, id: number) {
  const db = c.get('db');
  ownPost(c, id);
  const now = c.get('now')();
  db.transaction((tx) => {
    dropTraces(tx, 'reply', id);
    tx.update(forumPosts).set({ content: '', deletedAt: now, updatedAt: now }).where(eq(forumPosts.id, id)).run();
  });
  return { kind: 'reply' as const, id, deleted: true as const, placeholder: true };
}
