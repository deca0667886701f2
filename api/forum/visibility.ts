// Who sees which forum thread and reply (decision 0204), written once: each rule as a predicate on
// a loaded row and as a drizzle SQL condition for queries; visibility.test.ts proves the two agree
// over a table of rows and viewers. Forum pages, search, reports and notifications all read it.
import { and, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { forumPosts, forumThreads } from '../../db/schema';
import type { SessionUser } from '../context';
import type { Moderated } from '../moderation/approval';
import type { Grants } from '../moderation/moderators';

/** Who is looking: a visitor (no user), or a signed-in user with the categories she moderates. */
export interface Viewer {
  user: SessionUser | null;
  grants: Grants;
}

/** A visitor: what the public sees. */
export const PUBLIC: Viewer = { user: null, grants: new Map() };

export interface ThreadState extends Moderated {
  userId: string | null;
  categoryId: number;
}

/** Whether the viewer sees a thread's moderation state as someone who may see it pending. */
const seesPending = (v: Viewer, t: ThreadState) => !!v.user && (v.user.isAdmin || t.userId === v.user.id || v.grants.has(t.categoryId));

/**
 * A thread in the lists (the thread list, search): approved ones for everyone; pending ones (not
 * rejected) also to their author, to moderators of their category (any grant) and to admins.
 */
export function threadListed(v: Viewer, t: ThreadState): boolean {
  return t.isApproved || (!t.rejectedAt && seesPending(v, t));
}

/**
 * A thread's own page: what the lists show, and a rejected thread to its author (with the reason)
 * and to admins.
 */
export function threadReadable(v: Viewer, t: ThreadState): boolean {
  return threadListed(v, t) || (!!t.rejectedAt && !!v.user && (v.user.isAdmin || t.userId === v.user.id));
}

/** The SQL of "the viewer may see it pending", on forum_threads. */
function seesPendingSql(v: Viewer): SQL {
  if (!v.user) return sql`0`;
  if (v.user.isAdmin) return sql`1`;
  const moderated = [...v.grants.keys()];
  const own = eq(forumThreads.userId, v.user.id);
  return (moderated.length ? or(own, inArray(forumThreads.categoryId, moderated)) : own)!;
}

/** SQL condition on forum_threads: threadListed. */
export function threadListedSql(v: Viewer): SQL {
  if (!v.user) return eq(forumThreads.isApproved, true);
  return or(eq(forumThreads.isApproved, true), and(isNull(forumThreads.rejectedAt), seesPendingSql(v)))!;
}

/** SQL condition on forum_threads: threadReadable. */
export function threadReadableSql(v: Viewer): SQL {
  if (!v.user) return threadListedSql(v);
  const rejectedSeen = v.user.isAdmin ? sql`1` : eq(forumThreads.userId, v.user.id);
  return or(threadListedSql(v), and(isNotNull(forumThreads.rejectedAt), rejectedSeen))!;
}

export interface ReplyState extends Moderated {
  userId: string | null;
}

/**
 * The replies of a readable thread the viewer sees: approved ones; pending ones (not rejected) also
 * to their author, and to every viewer who `moderates` the thread (canApprove in its category, or
 * admin). A rejected reply shows only in its author's own activity.
 */
export function replyVisibleTo(user: SessionUser | null, moderates: boolean, p: ReplyState): boolean {
  return p.isApproved || (!!user && !p.rejectedAt && (moderates || p.userId === user.id));
}

/** SQL condition on forum_posts: replyVisibleTo. */
export function replyVisibleSql(user: SessionUser | null, moderates: boolean): SQL {
  if (!user) return eq(forumPosts.isApproved, true);
  if (moderates) return or(eq(forumPosts.isApproved, true), isNull(forumPosts.rejectedAt))!;
  return or(eq(forumPosts.isApproved, true), and(eq(forumPosts.userId, user.id), isNull(forumPosts.rejectedAt)))!;
}
