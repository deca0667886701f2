// Hearing back (decision 2010): every notification is written here, inside the transaction of the
// action that makes the item visible or decides it, so a notification exists exactly when what it
// announces happened. Rules kept in this one module:
// - a notification is written when the item becomes VISIBLE (a reply at its approval, not at its
//   submission), once per (user, kind, subject): an item hidden by reports and approved again
//   does not notify a second time (the unique index makes the repeat insert nothing);
// - nobody is notified of her own action (the writer of a reply, the moderator deciding);
// - nothing names an author: a reply notification carries the replier's first name, which the
//   forum shows beside the reply anyway; a review, interview or report decision names nobody;
//   a school's response names the school, and the school never learns who wrote the review.
import { and, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { PUBLIC, replyVisibleSql, replyVisibleTo, threadListed } from '../forum/visibility';
import {
  forumPosts,
  forumThreads,
  interviewExperiences,
  notifications,
  reports,
  reviewResponses,
  reviews,
  schoolMoods,
  threadWatches,
  users,
  type NotificationKind,
  type NotificationSubject,
  type ReportKind,
  type RevisionKind,
} from '../../db/schema';

/** A transaction or the database: everything here runs inside the action's own transaction. */

interface NewNotification {
  userId: string | null;
  kind: NotificationKind;
  subjectType: NotificationSubject;
  subjectId: number;
  threadId?: number | null;
  schoolId?: number | null;
  actorFirstName?: string | null;
  reason?: string | null;
}

/**
 * Writes notifications, each at most once per (user, kind, subject), never to `actorId` (the person
 * whose action this is) nor to nobody (an unlinked author). Returns how many were new.
 */
export function notify(tx: Tx, rows: NewNotification[], actorId: string | null, now: Date): number {
  let n = 0;
  for (const r of rows) {
    if (!r.userId || r.userId === actorId) continue;
    n += tx
      .insert(notifications)
      .values({
        userId: r.userId,
        kind: r.kind,
        subjectType: r.subjectType,
        subjectId: r.subjectId,
        threadId: r.threadId ?? null,
        schoolId: r.schoolId ?? null,
        actorFirstName: r.actorFirstName ?? null,
        reason: r.reason ?? null,
        createdAt: now,
      })
      .onConflictDoNothing()
      .run().changes;
  }
  return n;
}

// ---- Watching threads ----

/** Starting or replying watches a thread, unless she unwatched it before: an explicit choice always wins. */
export function autoWatch(tx: Tx, userId: string, threadId: number, now: Date) {
  tx.insert(threadWatches).values({ userId, threadId, watching: true, createdAt: now, updatedAt: now }).onConflictDoNothing().run();
}

/** Her explicit watch or unwatch of a thread (kept as a row either way, so a later reply does not re-watch it). */
export function setWatch(tx: Tx, userId: string, threadId: number, watching: boolean, now: Date) {
  tx.insert(threadWatches)
    .values({ userId, threadId, watching, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [threadWatches.userId, threadWatches.threadId], set: { watching, updatedAt: now } })
    .run();
}

export function isWatching(tx: Tx, userId: string, threadId: number): boolean {
  return (
    tx
      .select({ watching: threadWatches.watching })
      .from(threadWatches)
      .where(and(eq(threadWatches.userId, userId), eq(threadWatches.threadId, threadId)))
      .get()?.watching ?? false
  );
}

// ---- Quotes ----

/** At most this many quoted items are looked up per reply (a reply quoting more tells only these). */
const QUOTES_MAX = 10;

/**
 * Where a quote's source link points, in a first-level quote line (`> **Bea** [wrote](…)`): the
 * thread's opening post (`/forum/threads/{id}#opening-post`) or one of its replies
 * (`…#post-{id}`). The forum's "Quote" writes exactly this (web/thread/quote.ts); any origin is
 * read, so a copy made on another address of the site counts too. A quote inside a quote (`> >`)
 * is someone else's quoting, not hers, and tells nobody.
 */
export function quotedSources(content: string, threadId: number): { opening: boolean; postIds: number[] } {
  const link = /\]\(\s*https?:\/\/[^\s)/]+\/forum\/threads\/(\d+)#(opening-post|post-(\d+))\s*\)/g;
  const postIds = new Set<number>();
  let opening = false;
  for (const line of content.split('\n')) {
    if (!/^ {0,3}>(?!\s*>)/.test(line)) continue;
    for (const m of line.matchAll(link)) {
      if (Number(m[1]) !== threadId) continue;
      if (m[2] === 'opening-post') opening = true;
      else if (postIds.size < QUOTES_MAX) postIds.add(Number(m[3]));
    }
  }
  return { opening, postIds: [...postIds] };
}

/**
 * The people a reply quotes with the forum's "Quote": the authors of the quoted replies of the
 * same thread (published, not deleted) and of its opening post. They get a `quote` notification
 * instead of a `reply` one for that reply; once per reply (the unique index on user, kind and
 * subject), never the writer quoting herself (replyVisible leaves her out).
 */
export function quotedUserIds(tx: Tx, post: { threadId: number; content: string }): string[] {
  const { opening, postIds } = quotedSources(post.content, post.threadId);
  const ids = new Set<string>();
  if (postIds.length) {
    for (const r of tx
      .select({ userId: forumPosts.userId })
      .from(forumPosts)
      .where(
        and(
          inArray(forumPosts.id, postIds),
          eq(forumPosts.threadId, post.threadId),
          replyVisibleSql(null, false),
          isNull(forumPosts.deletedAt),
        ),
      )
      .all())
      if (r.userId) ids.add(r.userId);
  }
  if (opening) {
    const author = tx
      .select({ userId: forumThreads.userId })
      .from(forumThreads)
      .where(and(eq(forumThreads.id, post.threadId), isNull(forumThreads.deletedAt)))
      .get()?.userId;
    if (author) ids.add(author);
  }
  return [...ids];
}

// ---- What makes a notification ----

/**
 * A reply became visible (approved by a moderator, first time or after reports): its thread's
 * watchers hear of it, and anyone it quotes; never its writer nor the moderator who approved it.
 * Nothing when the thread itself is not public.
 */
export function replyVisible(tx: Tx, postId: number, actorId: string | null, now: Date) {
  const post = tx
    .select({
      id: forumPosts.id,
      threadId: forumPosts.threadId,
      userId: forumPosts.userId,
      content: forumPosts.content,
      isApproved: forumPosts.isApproved,
      rejectedAt: forumPosts.rejectedAt,
      thread: {
        isApproved: forumThreads.isApproved,
        rejectedAt: forumThreads.rejectedAt,
        userId: forumThreads.userId,
        categoryId: forumThreads.categoryId,
      },
      firstName: users.firstName,
    })
    .from(forumPosts)
    .innerJoin(forumThreads, eq(forumThreads.id, forumPosts.threadId))
    .leftJoin(users, eq(users.id, forumPosts.userId))
    .where(eq(forumPosts.id, postId))
    .get();
  if (!post || !replyVisibleTo(null, false, post) || !threadListed(PUBLIC, post.thread)) return;
  const quoted = new Set(quotedUserIds(tx, post));
  const watchers = tx
    .select({ userId: threadWatches.userId })
    .from(threadWatches)
    .where(and(eq(threadWatches.threadId, post.threadId), eq(threadWatches.watching, true)))
    .all()
    .map((w) => w.userId);
  const about = { subjectType: 'post' as const, subjectId: post.id, threadId: post.threadId, actorFirstName: post.firstName };
  const rows: NewNotification[] = [
    ...[...quoted].map((userId) => ({ ...about, userId, kind: 'quote' as const })),
    ...watchers.filter((u) => !quoted.has(u)).map((userId) => ({ ...about, userId, kind: 'reply' as const })),
  ];
  // The writer of the reply is never told of it, whoever approved it.
  notify(
    tx,
    rows.filter((r) => r.userId !== post.userId),
    actorId,
    now,
  );
}

/**
 * A moderator's decision on her item: the approved kind, or the rejected kind with the moderator's
 * reason (an approval carries none).
 */
function notifyDecision(
  tx: Tx,
  about: Omit<NewNotification, 'kind' | 'reason'>,
  [approvedKind, rejectedKind]: [NotificationKind, NotificationKind],
  d: { approved: boolean; reason: string | null; actorId: string | null; now: Date },
) {
  const row = { ...about, kind: d.approved ? approvedKind : rejectedKind, reason: d.approved ? null : d.reason };
  notify(tx, [row], d.actorId, d.now);
}

/** Her thread approved (it is public now) or rejected, with the moderator's reason. */
export function threadDecided(tx: Tx, threadId: number, approved: boolean, reason: string | null, actorId: string | null, now: Date) {
  const t = tx.select({ userId: forumThreads.userId }).from(forumThreads).where(eq(forumThreads.id, threadId)).get();
  if (!t) return;
  notifyDecision(tx, { userId: t.userId, subjectType: 'thread', subjectId: threadId, threadId }, ['thread_approved', 'thread_rejected'], {
    approved,
    reason,
    actorId,
    now,
  });
}

/** Her review approved (published) or rejected, with the moderator's reason; it names nobody. */
export function reviewDecided(tx: Tx, reviewId: number, approved: boolean, reason: string | null, actorId: string | null, now: Date) {
  const r = tx.select({ userId: reviews.userId, schoolId: reviews.schoolId }).from(reviews).where(eq(reviews.id, reviewId)).get();
  if (!r) return;
  notifyDecision(
    tx,
    { userId: r.userId, subjectType: 'review', subjectId: reviewId, schoolId: r.schoolId },
    ['review_approved', 'review_rejected'],
    { approved, reason, actorId, now },
  );
}

/**
 * Her interview removed after reports, with the moderator's reason. Interviews are published at
 * once (no approval to announce); call this before the row is deleted.
 */
export function interviewRemoved(tx: Tx, interviewId: number, reason: string, actorId: string | null, now: Date) {
  const i = tx
    .select({ userId: interviewExperiences.userId, schoolId: interviewExperiences.schoolId })
    .from(interviewExperiences)
    .where(eq(interviewExperiences.id, interviewId))
    .get();
  if (!i) return;
  notify(
    tx,
    [{ userId: i.userId, kind: 'interview_removed', subjectType: 'interview', subjectId: interviewId, schoolId: i.schoolId, reason }],
    actorId,
    now,
  );
}

/**
 * A school's response to her review was published (its first approval; an edit approved later
 * is the same response and does not notify again). The school learns nothing of her.
 */
export function responsePublished(tx: Tx, responseId: number, actorId: string | null, now: Date) {
  const r = tx
    .select({ reviewId: reviewResponses.reviewId, schoolId: reviewResponses.schoolId, userId: reviews.userId })
    .from(reviewResponses)
    .innerJoin(reviews, eq(reviews.id, reviewResponses.reviewId))
    .where(and(eq(reviewResponses.id, responseId), isNotNull(reviewResponses.publishedAt)))
    .get();
  if (!r) return;
  notify(
    tx,
    [{ userId: r.userId, kind: 'response_published', subjectType: 'review', subjectId: r.reviewId, schoolId: r.schoolId }],
    actorId,
    now,
  );
}

/**
 * Her edit of a published review, interview, thread or reply approved (the item now shows it) or refused (the
 * published version stays), with the moderator's reason; it names nobody. The subject is the edit
 * itself (its contribution_revisions row), so a later edit of the same item, decided later, is
 * told again, while deciding one edit can never notify twice.
 */
export function editDecided(
  tx: Tx,
  edit: { revisionId: number; kind: RevisionKind; userId: string | null; schoolId: number | null; threadId: number | null },
  approved: boolean,
  reason: string | null,
  actorId: string | null,
  now: Date,
) {
  const subjectType = EDIT_SUBJECT[edit.kind];
  notifyDecision(
    tx,
    { userId: edit.userId, subjectType, subjectId: edit.revisionId, schoolId: edit.schoolId, threadId: edit.threadId },
    ['edit_approved', 'edit_rejected'],
    { approved, reason, actorId, now },
  );
}
const EDIT_SUBJECT = {
  review: 'review_edit',
  interview: 'interview_edit',
  thread: 'thread_edit',
  reply: 'post_edit',
} as const satisfies Record<RevisionKind, NotificationSubject>;

const REPORT_SUBJECT = {
  review: 'review',
  interview: 'interview',
  mood: 'mood',
  thread: 'thread',
  reply: 'post',
} as const satisfies Record<ReportKind, NotificationSubject>;

/**
 * The reports still undecided on an item were decided: each reporter hears whether it was kept or
 * removed (never the reason, which is written to the author, nor who decided). Call before the
 * decision settles or deletes the reports.
 */
export function reportsDecided(tx: Tx, kind: ReportKind, targetId: number, kept: boolean, actorId: string | null, now: Date) {
  const reporters = tx
    .select({ userId: reports.userId })
    .from(reports)
    .where(and(eq(reports.kind, kind), eq(reports.targetId, targetId), isNull(reports.decidedAt), isNotNull(reports.userId)))
    .all();
  if (reporters.length === 0) return;
  const where = itemPlace(tx, kind, targetId);
  notify(
    tx,
    reporters.map((r) => ({
      userId: r.userId,
      kind: kept ? ('report_kept' as const) : ('report_removed' as const),
      subjectType: REPORT_SUBJECT[kind],
      subjectId: targetId,
      ...where,
    })),
    actorId,
    now,
  );
}

/** The thread or school a reported item belongs to, for the notification's words and link. */
function itemPlace(tx: Tx, kind: ReportKind, id: number): { threadId?: number; schoolId?: number } {
  if (kind === 'thread') return { threadId: id };
  if (kind === 'reply') {
    const p = tx.select({ threadId: forumPosts.threadId }).from(forumPosts).where(eq(forumPosts.id, id)).get();
    return p ? { threadId: p.threadId } : {};
  }
  const table = kind === 'review' ? reviews : kind === 'interview' ? interviewExperiences : schoolMoods;
  const row = tx.select({ schoolId: table.schoolId }).from(table).where(eq(table.id, id)).get();
  return row ? { schoolId: row.schoolId } : {};
}

// ---- Account deletion and export ----

/**
 * A person leaving: her notifications and watches go, and her first name leaves the reply
 * notifications others hold about her replies (the forum stops showing it too). Call before her
 * replies are unlinked.
 */
export function forgetUser(tx: Tx, userId: string) {
  const named = tx
    .update(notifications)
    .set({ actorFirstName: null })
    .where(
      and(
        eq(notifications.subjectType, 'post'),
        ne(notifications.userId, userId),
        sql`${notifications.subjectId} in (select ${forumPosts.id} from ${forumPosts} where ${forumPosts.userId} = ${userId})`,
      ),
    )
    .run().changes;
  const removed = tx.delete(notifications).where(eq(notifications.userId, userId)).run().changes;
  const watches = tx.delete(threadWatches).where(eq(threadWatches.userId, userId)).run().changes;
  return { notifications: removed, thread_watches: watches, unnamed: named };
}
