// A thread's or reply's author edits or deletes it (decision 2020). An edit is published at once
// and shows "edited" with its time; the version it replaces is kept for moderators. A deleted
// reply leaves a placeholder (no text, no name) so the conversation still reads; a deleted thread
// with replies does the same above them; a thread nobody answered goes altogether.
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { forumPosts, forumThreads } from '../../db/schema';
import { threadInput, postInput, type PostEdit, type ThreadEdit } from '../../db/validation';
import { notFound } from '../lib/http-error';
import { dropTraces, keepPrevious, mergeChange, ownOr404 } from '../lib/own-edits';
import type { SignedInEnv } from '../lib/route';
import { replyColumns, selectThreads, slugify, toThread } from './forum.queries';

/** The title a deleted thread shows above the replies it keeps. */
export const DELETED_THREAD_TITLE = 'Deleted thread';

/** An edit of a refused item sends it back to the moderators; otherwise its state stays. */
const resubmit = (row: { rejectedAt: Date | null }) =>
  row.rejectedAt ? { isApproved: false, rejectedAt: null, rejectionReason: null } : {};

export function editThread(c: Context<SignedInEnv>, id: number, change: ThreadEdit) {
  const db = c.get('db');
  const user = c.get('user');
  const row = db.select().from(forumThreads).where(eq(forumThreads.id, id)).get();
  if (row?.deletedAt) throw notFound('Thread');
  const own = ownOr404(row, user.id, 'Thread');
  const next = mergeChange(threadInput, { title: own.title, content: own.content, categoryId: own.categoryId }, change);
  const now = c.get('now')();
  db.transaction((tx) => {
    keepPrevious(tx, 'thread', id, user.id, { title: own.title, content: own.content }, now);
    tx.update(forumThreads)
      .set({ title: next.title, slug: slugify(next.title), content: next.content, editedAt: now, updatedAt: now, ...resubmit(own) })
      .where(eq(forumThreads.id, id))
      .run();
  });
  return toThread(selectThreads(db).where(eq(forumThreads.id, id)).get()!);
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
  const next = mergeChange(postInput, { content: own.content }, change);
  const now = c.get('now')();
  return db.transaction((tx) => {
    keepPrevious(tx, 'reply', id, own.userId!, { content: own.content }, now);
    const post = tx
      .update(forumPosts)
      .set({ content: next.content, editedAt: now, updatedAt: now, ...resubmit(own) })
      .where(eq(forumPosts.id, id))
      .returning({ id: forumPosts.id, threadId: forumPosts.threadId, ...replyColumns, rejectedAt: forumPosts.rejectedAt })
      .get();
    const { rejectedAt, ...p } = post;
    return {
      ...p,
      status: p.isApproved ? ('approved' as const) : rejectedAt ? ('rejected' as const) : ('pending' as const),
      user: { firstName: c.get('user').firstName },
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
