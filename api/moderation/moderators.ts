// Who may moderate what (decision 0203). Admins (ADMIN_EMAILS) may do everything. A forum
// moderator (forum_moderators row) acts only in that row's category and only as its can* flags
// allow: canApprove approves and rejects threads and replies, canLock locks and unlocks, canEdit
// makes a thread sticky or not. Reviews are not forum content: only admins moderate them.
import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { DB } from '../../db/client';
import { forumModerators, forumPosts, forumThreads } from '../../db/schema';
import type { SessionUser } from '../context';

export type Capability = 'canEdit' | 'canDelete' | 'canApprove' | 'canLock';
export type Grants = Map<number, Record<Capability, boolean>>;

/** The categories the user moderates, with the flags of each. */
export function moderatorGrants(db: Pick<DB, 'select'>, userId: string): Grants {
  const rows = db
    .select({
      categoryId: forumModerators.categoryId,
      canEdit: forumModerators.canEdit,
      canDelete: forumModerators.canDelete,
      canApprove: forumModerators.canApprove,
      canLock: forumModerators.canLock,
    })
    .from(forumModerators)
    .where(eq(forumModerators.userId, userId))
    .all();
  return new Map(rows.map(({ categoryId, ...flags }) => [categoryId, flags]));
}

export function may(user: SessionUser | null, grants: Grants, categoryId: number, capability: Capability): boolean {
  if (!user) return false;
  if (user.isAdmin) return true;
  return grants.get(categoryId)?.[capability] === true;
}

/** Categories where the user holds the capability (admins: null, meaning all). */
export function categoriesWith(user: SessionUser, grants: Grants, capability: Capability): number[] | null {
  if (user.isAdmin) return null;
  return [...grants].filter(([, flags]) => flags[capability]).map(([id]) => id);
}

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
