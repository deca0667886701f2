// Moderation (decision 0203): the queue of pending reviews, threads and replies, approve and
// reject decisions, thread lock and sticky. Admins may do everything; a forum moderator acts only
// in their categories and only as their can* flags allow; reviews are for admins only. Every
// decision is written to moderation_log (who, when, what) in the same transaction as the change.
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import type { DB, Tx } from '../../db/client';
import {
  forumCategories,
  forumPosts,
  forumThreads,
  moderationLog,
  reviewResponses,
  reviews,
  schools,
  users,
  type ReportKind,
} from '../../db/schema';
import { notFound } from '../platform/http-error';
import { renderMarkdown } from '../markdown/render';
import { approvalState, pendingSql, refreshThreadCounters } from './approval';
import { categoriesWith, forbidden, may, moderator, type Capability, type Grants } from './moderators';
import { decideReported, reportedItems, reportTarget, settleReports } from './reports';
import type { SessionUser } from '../context';
import {
  interviewRemoved,
  replyVisible,
  reportsDecided,
  responsePublished,
  reviewDecided,
  threadDecided,
} from '../notifications/notifications.service';
import type { SignedInEnv } from '../platform/route';
import { pendingEdits } from './edits.handlers';

const KINDS = { reviews: 'review', threads: 'thread', posts: 'post', responses: 'response' } as const;
export type KindParam = keyof typeof KINDS;
/** What a decision settles the reports of; a school's response is not reportable. */
const REPORTED_KIND = { reviews: 'review', threads: 'thread', posts: 'reply', responses: null } as const satisfies Record<
  KindParam,
  ReportKind | null
>;

/** The category a thread or reply belongs to (null for a review); 404 when the target is unknown. */
function targetCategory(db: DB, kind: KindParam, id: number): number | null {
  if (kind === 'reviews') {
    if (!db.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, id)).get()) throw notFound('Review');
    return null;
  }
  if (kind === 'responses') {
    // School content: admins decide it, like reviews (decision 0203).
    if (!db.select({ id: reviewResponses.id }).from(reviewResponses).where(eq(reviewResponses.id, id)).get()) throw notFound('Response');
    return null;
  }
  if (kind === 'threads') {
    const t = db.select({ categoryId: forumThreads.categoryId }).from(forumThreads).where(eq(forumThreads.id, id)).get();
    if (!t) throw notFound('Thread');
    return t.categoryId;
  }
  const p = db
    .select({ categoryId: forumThreads.categoryId })
    .from(forumPosts)
    .innerJoin(forumThreads, eq(forumPosts.threadId, forumThreads.id))
    .where(eq(forumPosts.id, id))
    .get();
  if (!p) throw notFound('Post');
  return p.categoryId;
}

function authorize(c: Context<SignedInEnv>, grants: Grants, kind: KindParam, id: number, capability: Capability) {
  const user = c.get('user');
  const categoryId = targetCategory(c.get('db'), kind, id);
  if (categoryId === null ? !user.isAdmin : !may(user, grants, categoryId, capability)) throw forbidden();
}

type Decision = { approve: true } | { approve: false; reason: string };
interface DecidedState {
  isApproved: boolean;
  rejectedAt: Date | null;
  rejectionReason: string | null;
}
type Apply = (tx: Tx, id: number, set: DecidedState, now: Date) => DecidedState;

/** How a decision is written, per kind: the moderation columns, and what else moves with them. */
const APPLY: Record<KindParam, Apply> = {
  reviews: (tx, id, set) =>
    tx
      .update(reviews)
      .set(set)
      .where(eq(reviews.id, id))
      .returning({ isApproved: reviews.isApproved, rejectedAt: reviews.rejectedAt, rejectionReason: reviews.rejectionReason })
      .get(),
  // Approving publishes the text as it is now; a refusal leaves the published text up (decision 2111).
  responses: (tx, id, set, now) =>
    tx
      .update(reviewResponses)
      .set({ ...set, ...(set.isApproved ? { publishedBody: sql`${reviewResponses.body}`, publishedAt: now } : {}) })
      .where(eq(reviewResponses.id, id))
      .returning({
        isApproved: reviewResponses.isApproved,
        rejectedAt: reviewResponses.rejectedAt,
        rejectionReason: reviewResponses.rejectionReason,
      })
      .get(),
  threads: (tx, id, set, now) =>
    tx
      .update(forumThreads)
      .set({ ...set, updatedAt: now })
      .where(eq(forumThreads.id, id))
      .returning({
        isApproved: forumThreads.isApproved,
        rejectedAt: forumThreads.rejectedAt,
        rejectionReason: forumThreads.rejectionReason,
      })
      .get(),
  // A reply's approval moves its thread's counters.
  posts: (tx, id, set, now) => {
    const post = tx
      .update(forumPosts)
      .set({ ...set, updatedAt: now })
      .where(eq(forumPosts.id, id))
      .returning({
        threadId: forumPosts.threadId,
        isApproved: forumPosts.isApproved,
        rejectedAt: forumPosts.rejectedAt,
        rejectionReason: forumPosts.rejectionReason,
      })
      .get();
    refreshThreadCounters(tx, post.threadId);
    return post;
  },
};

/**
 * Who hears of a decision (decision 2010), before the reports are settled: the author, when her
 * item becomes visible or is refused; a thread's watchers, when a reply becomes visible; the
 * reporters. Then the item's reports are settled (decision 1424): they stop counting, their reporters stay.
 */
function afterDecision(tx: Tx, kind: KindParam, id: number, decision: Decision, actorId: string, now: Date) {
  const reason = decision.approve ? null : decision.reason;
  if (kind === 'reviews') reviewDecided(tx, id, decision.approve, reason, actorId, now);
  if (kind === 'threads') threadDecided(tx, id, decision.approve, reason, actorId, now);
  if (kind === 'posts' && decision.approve) replyVisible(tx, id, actorId, now);
  if (kind === 'responses' && decision.approve) responsePublished(tx, id, actorId, now);
  const reported = REPORTED_KIND[kind];
  if (reported) {
    reportsDecided(tx, reported, id, decision.approve, actorId, now);
    settleReports(tx, reported, id, now);
  }
}

export function decide(c: Context<SignedInEnv>, kind: KindParam, id: number, decision: Decision) {
  const { grants } = moderator(c);
  authorize(c, grants, kind, id, 'canApprove');
  const db = c.get('db');
  const now = c.get('now')();
  const actorId = c.get('user').id;
  const set = decision.approve
    ? { isApproved: true, rejectedAt: null, rejectionReason: null }
    : { isApproved: false, rejectedAt: now, rejectionReason: decision.reason };
  const row = db.transaction((tx) => {
    const state = APPLY[kind](tx, id, set, now);
    tx.insert(moderationLog)
      .values({
        actorUserId: actorId,
        kind: KINDS[kind],
        targetId: id,
        action: decision.approve ? 'approve' : 'reject',
        reason: decision.approve ? null : decision.reason,
        createdAt: now,
      })
      .run();
    afterDecision(tx, kind, id, decision, actorId, now);
    return state;
  });
  return c.json(
    { kind: KINDS[kind], id, status: approvalState(row), isApproved: row.isApproved, rejectionReason: row.rejectionReason },
    200,
  );
}

/** Who decides a reported item: admins for school content, category moderators (canApprove) for the forum. */
export function maySee(user: SessionUser, grants: Grants, categoryId: number | null) {
  return categoryId === null ? user.isAdmin : may(user, grants, categoryId, 'canApprove');
}

export function decideReport(c: Context<SignedInEnv>, kind: ReportKind, id: number, approve: boolean, reason: string | null) {
  const { grants } = moderator(c);
  const db = c.get('db');
  const target = reportTarget(db, kind, id);
  if (!target) throw notFound('Reported item');
  if (!maySee(c.get('user'), grants, target.categoryId)) throw forbidden();
  const now = c.get('now')();
  db.transaction((tx) => {
    // Who hears of it (decision 2010), before the decision deletes or settles anything.
    const actorId = c.get('user').id;
    reportsDecided(tx, kind, id, approve, actorId, now);
    if (kind === 'interview' && !approve) interviewRemoved(tx, id, reason ?? '', actorId, now);
    decideReported(tx, kind, id, approve, reason ?? '', now);
    if (kind === 'review') reviewDecided(tx, id, approve, reason, actorId, now);
    if (kind === 'thread') threadDecided(tx, id, approve, reason, actorId, now);
    if (kind === 'reply' && approve) replyVisible(tx, id, actorId, now);
    tx.insert(moderationLog)
      .values({
        actorUserId: c.get('user').id,
        kind,
        targetId: id,
        action: approve ? 'reports-approve' : 'reports-reject',
        reason,
        createdAt: now,
      })
      .run();
  });
  return c.json({ kind, id, decision: approve ? ('approved' as const) : ('removed' as const) }, 200);
}

const THREAD_ACTIONS = {
  lock: { capability: 'canLock', set: { isLocked: true } },
  unlock: { capability: 'canLock', set: { isLocked: false } },
  sticky: { capability: 'canEdit', set: { isSticky: true } },
  unsticky: { capability: 'canEdit', set: { isSticky: false } },
} as const satisfies Record<string, { capability: Capability; set: { isLocked: boolean } | { isSticky: boolean } }>;
export type ThreadAction = keyof typeof THREAD_ACTIONS;

export function threadAction(c: Context<SignedInEnv>, id: number, action: ThreadAction) {
  const { grants } = moderator(c);
  const { capability, set } = THREAD_ACTIONS[action];
  authorize(c, grants, 'threads', id, capability);
  const db = c.get('db');
  const now = c.get('now')();
  const thread = db.transaction((tx) => {
    const t = tx
      .update(forumThreads)
      .set({ ...set, updatedAt: now })
      .where(eq(forumThreads.id, id))
      .returning({
        id: forumThreads.id,
        isLocked: forumThreads.isLocked,
        isSticky: forumThreads.isSticky,
        isApproved: forumThreads.isApproved,
      })
      .get();
    tx.insert(moderationLog)
      .values({ actorUserId: c.get('user').id, kind: 'thread', targetId: id, action, createdAt: now })
      .run();
    return t;
  });
  return c.json({ kind: 'thread' as const, ...thread }, 200);
}

/** Limits a forum query to the categories where the moderator may approve (admins: all). */
type Scope = (column: typeof forumThreads.categoryId) => SQL | undefined;

/** Pending reviews, oldest first (admins only). */
function pendingReviews(db: DB) {
  return db
    .select({
      id: reviews.id,
      schoolId: reviews.schoolId,
      schoolName: schools.name,
      overallRating: reviews.overallRating,
      workLifeBalanceRating: reviews.workLifeBalanceRating,
      compensationRating: reviews.compensationRating,
      careerOpportunitiesRating: reviews.careerOpportunitiesRating,
      cultureRating: reviews.cultureRating,
      leadershipRating: reviews.leadershipRating,
      pros: reviews.pros,
      cons: reviews.cons,
      adviceToManagement: reviews.adviceToManagement,
      wouldRecommend: reviews.wouldRecommend,
      employmentStatus: reviews.employmentStatus,
      jobTitle: reviews.jobTitle,
      yearsAtSchool: reviews.yearsAtSchool,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(schools, eq(reviews.schoolId, schools.id))
    .where(pendingSql(reviews))
    .orderBy(asc(reviews.createdAt), asc(reviews.id))
    .all();
}

/** Pending school responses with the review they answer, oldest change first (admins only). */
function pendingResponses(db: DB) {
  return db
    .select({
      id: reviewResponses.id,
      reviewId: reviewResponses.reviewId,
      schoolId: reviewResponses.schoolId,
      schoolName: schools.name,
      body: reviewResponses.body,
      publishedBody: reviewResponses.publishedBody,
      updatedAt: reviewResponses.updatedAt,
      review: { overallRating: reviews.overallRating, pros: reviews.pros, cons: reviews.cons, jobTitle: reviews.jobTitle },
    })
    .from(reviewResponses)
    .innerJoin(reviews, eq(reviews.id, reviewResponses.reviewId))
    .innerJoin(schools, eq(schools.id, reviewResponses.schoolId))
    .where(pendingSql(reviewResponses))
    .orderBy(asc(reviewResponses.updatedAt), asc(reviewResponses.id))
    .all();
}

/** Pending threads (not deleted by their author) in the moderator's scope, oldest first. */
function pendingThreads(db: DB, inScope: Scope) {
  return db
    .select({
      id: forumThreads.id,
      categoryId: forumThreads.categoryId,
      categoryName: forumCategories.name,
      title: forumThreads.title,
      content: forumThreads.content,
      createdAt: forumThreads.createdAt,
      firstName: users.firstName,
    })
    .from(forumThreads)
    .innerJoin(forumCategories, eq(forumThreads.categoryId, forumCategories.id))
    .leftJoin(users, eq(forumThreads.userId, users.id))
    .where(and(pendingSql(forumThreads), isNull(forumThreads.deletedAt), inScope(forumThreads.categoryId)))
    .orderBy(asc(forumThreads.createdAt), asc(forumThreads.id))
    .all()
    .map(({ firstName, categoryName, ...t }) => ({
      ...t,
      category: { id: t.categoryId, name: categoryName },
      user: { firstName },
      html: renderMarkdown(t.content),
    }));
}

/** Pending replies (not deleted by their author) in the moderator's scope, oldest first. */
function pendingPosts(db: DB, inScope: Scope) {
  return db
    .select({
      id: forumPosts.id,
      threadId: forumPosts.threadId,
      threadTitle: forumThreads.title,
      categoryId: forumThreads.categoryId,
      parentPostId: forumPosts.parentPostId,
      content: forumPosts.content,
      createdAt: forumPosts.createdAt,
      firstName: users.firstName,
    })
    .from(forumPosts)
    .innerJoin(forumThreads, eq(forumPosts.threadId, forumThreads.id))
    .leftJoin(users, eq(forumPosts.userId, users.id))
    .where(and(pendingSql(forumPosts), isNull(forumPosts.deletedAt), inScope(forumThreads.categoryId)))
    .orderBy(asc(forumPosts.createdAt), asc(forumPosts.id))
    .all()
    .map(({ firstName, ...p }) => ({ ...p, user: { firstName }, html: renderMarkdown(p.content) }));
}

/** The queue of pending items and reported ones this moderator may decide, with her permissions. */
export function queue(c: Context<SignedInEnv>) {
  const { grants } = moderator(c);
  const user = c.get('user');
  const db = c.get('db');
  const approvable = categoriesWith(user, grants, 'canApprove');
  const inScope: Scope = (column) => (approvable === null ? undefined : inArray(column, approvable));
  const forum = approvable?.length !== 0;
  return c.json(
    {
      permissions: { isAdmin: user.isAdmin, categories: [...grants].map(([categoryId, flags]) => ({ categoryId, ...flags })) },
      reviews: user.isAdmin ? pendingReviews(db) : [],
      responses: user.isAdmin ? pendingResponses(db) : [],
      threads: forum ? pendingThreads(db, inScope) : [],
      posts: forum ? pendingPosts(db, inScope) : [],
      /** Reported items with their reports (decision 1422), for the moderators who may decide them. */
      reported: reportedItems(db, (_kind, categoryId) => maySee(user, grants, categoryId)),
      edits: pendingEdits(db, user, grants),
    },
    200,
  );
}
