// A moderated item's approval (reviews, school responses, threads, replies: decision 0203): its
// state from the two moderation columns, the condition for "waits for a moderator", and what a
// reply's approval changes on its thread (the reply counters).
import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { DB } from '../../db/client';
import { forumPosts, forumThreads } from '../../db/schema';

/** The moderation columns every moderated item has (reviews, school responses, threads, replies). */
export interface Moderated {
  isApproved: boolean;
  rejectedAt: Date | null;
}

/** approved / pending / rejected, from the two moderation columns. */
export function approvalState(row: Moderated): 'approved' | 'pending' | 'rejected' {
  return row.isApproved ? 'approved' : row.rejectedAt ? 'rejected' : 'pending';
}

/** SQL condition: the item waits for a moderator (not approved, not rejected), as in the moderation queue. */
export function pendingSql(t: { isApproved: AnySQLiteColumn; rejectedAt: AnySQLiteColumn }): SQL {
  return and(eq(t.isApproved, false), isNull(t.rejectedAt))!;
}

/**
 * Sets replyCount, lastReplyAt and lastReplyUserId of a thread from its approved replies. Call
 * inside the transaction that changes a reply's approval.
 */
export function refreshThreadCounters(tx: Pick<DB, 'select' | 'update'>, threadId: number) {
  const visible = and(eq(forumPosts.threadId, threadId), eq(forumPosts.isApproved, true));
  const total = tx.select({ n: count() }).from(forumPosts).where(visible).get()?.n ?? 0;
  const last = tx
    .select({ createdAt: forumPosts.createdAt, userId: forumPosts.userId })
    .from(forumPosts)
    .where(visible)
    .orderBy(desc(forumPosts.createdAt), desc(forumPosts.id))
    .limit(1)
    .get();
  tx.update(forumThreads)
    .set({ replyCount: total, lastReplyAt: last?.createdAt ?? null, lastReplyUserId: last?.userId ?? null })
    .where(eq(forumThreads.id, threadId))
    .run();
}
