// Reports of contributions (decision 1422): who may report, when an item is hidden, what the
// moderators decide. One mechanism hides every kind: is_approved goes false (reviews, threads and
// replies back to pending; interviews and mood comments, published at once, out of view), which
// every public read honours, and a hidden_content row records that reports did it and when. A
// moderator's decision removes that row and sets is_approved as it decides. A hidden mood's rating
// still counts in the school's figures; only its comment leaves the public list.
// A reporter is one person, not one account: each report carries a keyed hash of the user id
// (`provider:subject`, the same when an account is re-created), kept when the account is deleted (decision 1424).
import { createHmac, randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { DB, Tx } from '../../db/client';
import {
  forumCategories,
  forumPosts,
  forumThreads,
  hiddenContent,
  interviewExperiences,
  reports,
  reviews,
  schoolMoods,
  schools,
  type ReportKind,
} from '../../db/schema';
import type { SessionUser } from '../context';
import { settingOrCreate } from '../alerts/sender/settings';
import { replyVisibleTo, threadReadable } from '../forum/visibility';
import { refreshThreadCounters } from './approval';
import { may, type Grants } from './moderators';

export const DEFAULT_REPORT_HIDE_THRESHOLD = 3;

/** The app_settings row of the reporter-key secret: generated on first use, never logged nor exported. */
const REPORTER_SECRET = 'reporter_key_secret';

/**
 * The reporter's key on a report: HMAC-SHA-256 of the user id with a server secret, so a report
 * stays tied to the person after the account is gone without storing who it was.
 */
export function reporterKey(db: DB, userId: string): string {
  const secret = Buffer.from(
    settingOrCreate(db, REPORTER_SECRET, () => randomBytes(32).toString('base64url')),
    'base64url',
  );
  return createHmac('sha256', secret).update(`reporter:${userId}`).digest('base64url');
}

/**
 * Keys the reports made before keys existed, where the reporter is still known (at start-up and
 * before an account is deleted; idempotent). A report whose reporter was deleted before stays
 * without a key (decision 1424). Returns how many were keyed.
 */
export function backfillReporterKeys(db: DB, userId?: string): number {
  const rows = db
    .selectDistinct({ userId: reports.userId })
    .from(reports)
    .where(and(isNull(reports.reporterKey), userId === undefined ? sql`${reports.userId} is not null` : eq(reports.userId, userId)))
    .all();
  // OR IGNORE: a row that would repeat a keyed report of the same person stays as it is (it still
  // counts once: its user_id is unique per item too).
  const keyRows = db.$client.prepare('update or ignore reports set reporter_key = ? where user_id = ? and reporter_key is null');
  let keyed = 0;
  for (const r of rows) keyed += keyRows.run(reporterKey(db, r.userId!), r.userId).changes;
  return keyed;
}

export interface ReportTarget {
  /** The forum category (threads and replies), null for school content. */
  categoryId: number | null;
  summary: Record<string, unknown>;
  /**
   * Whether this signed-in user may see the item as the public reads show it: approved, her own,
   * or one she moderates. Reporting anything else answers as a missing id.
   */
  visibleTo(user: SessionUser, grants: Grants): boolean;
}

/** The tables of school content (admins moderate it, decision 0203), each with an is_approved the public reads honour. */
const SCHOOL_CONTENT = { review: reviews, interview: interviewExperiences, mood: schoolMoods } as const;
type SchoolKind = keyof typeof SCHOOL_CONTENT;
const isSchoolKind = (kind: ReportKind): kind is SchoolKind => kind in SCHOOL_CONTENT;

/**
 * A review, interview or mood with its school, as the moderators' queue summarises it (`fields`),
 * and who may see it: the public when it is approved, else its author or an admin.
 */
function schoolTarget(db: DB, kind: SchoolKind, id: number, fields: Record<string, AnySQLiteColumn>): ReportTarget | null {
  const table = SCHOOL_CONTENT[kind];
  const r: { userId: string | null; isPublic: boolean; [field: string]: unknown } | undefined = db
    .select({ userId: table.userId, isPublic: table.isApproved, schoolId: table.schoolId, schoolName: schools.name, ...fields })
    .from(table)
    .innerJoin(schools, eq(table.schoolId, schools.id))
    .where(eq(table.id, id))
    .get();
  if (!r) return null;
  const { userId, isPublic, ...summary } = r;
  return { categoryId: null, summary, visibleTo: (user) => isPublic || userId === user.id || user.isAdmin };
}

type Target = (db: DB, id: number) => ReportTarget | null;

const reviewTarget: Target = (db, id) =>
  schoolTarget(db, 'review', id, {
    isApproved: reviews.isApproved,
    pros: reviews.pros,
    cons: reviews.cons,
    adviceToManagement: reviews.adviceToManagement,
    overallRating: reviews.overallRating,
    createdAt: reviews.createdAt,
  });

const interviewTarget: Target = (db, id) =>
  schoolTarget(db, 'interview', id, {
    jobTitle: interviewExperiences.jobTitle,
    processDescription: interviewExperiences.processDescription,
    questionsAsked: interviewExperiences.questionsAsked,
    tipsForCandidates: interviewExperiences.tipsForCandidates,
    createdAt: interviewExperiences.createdAt,
  });

/** A mood is reportable for its comment only: null when it has none. */
const moodTarget: Target = (db, id) => {
  const target = schoolTarget(db, 'mood', id, {
    mood: schoolMoods.mood,
    emoji: schoolMoods.emoji,
    comment: schoolMoods.comment,
    updatedAt: schoolMoods.updatedAt,
  });
  return target?.summary.comment ? target : null;
};

function threadTarget(db: DB, id: number): ReportTarget | null {
  const t = db
    .select({
      categoryId: forumThreads.categoryId,
      categoryActive: forumCategories.isActive,
      userId: forumThreads.userId,
      isApproved: forumThreads.isApproved,
      rejectedAt: forumThreads.rejectedAt,
      title: forumThreads.title,
      content: forumThreads.content,
      createdAt: forumThreads.createdAt,
    })
    .from(forumThreads)
    .innerJoin(forumCategories, eq(forumThreads.categoryId, forumCategories.id))
    .where(eq(forumThreads.id, id))
    .get();
  if (!t) return null;
  // The thread page's rule (GET /api/forum/threads/:id): an active category, and threadReadable.
  const visibleTo = (user: SessionUser, grants: Grants) => t.categoryActive && threadReadable({ user, grants }, t);
  return { categoryId: t.categoryId, summary: { title: t.title, content: t.content, createdAt: t.createdAt, threadId: id }, visibleTo };
}

function replyTarget(db: DB, id: number): ReportTarget | null {
  const p = db
    .select({
      categoryId: forumThreads.categoryId,
      categoryActive: forumCategories.isActive,
      thread: {
        userId: forumThreads.userId,
        isApproved: forumThreads.isApproved,
        rejectedAt: forumThreads.rejectedAt,
        categoryId: forumThreads.categoryId,
      },
      reply: { userId: forumPosts.userId, isApproved: forumPosts.isApproved, rejectedAt: forumPosts.rejectedAt },
      threadId: forumPosts.threadId,
      threadTitle: forumThreads.title,
      content: forumPosts.content,
      createdAt: forumPosts.createdAt,
    })
    .from(forumPosts)
    .innerJoin(forumThreads, eq(forumPosts.threadId, forumThreads.id))
    .innerJoin(forumCategories, eq(forumThreads.categoryId, forumCategories.id))
    .where(eq(forumPosts.id, id))
    .get();
  if (!p) return null;
  // The thread page's rules: the thread is readable, and the reply is among the replies it lists.
  const visibleTo = (user: SessionUser, grants: Grants) =>
    p.categoryActive &&
    threadReadable({ user, grants }, p.thread) &&
    replyVisibleTo(user, may(user, grants, p.categoryId, 'canApprove'), p.reply);
  return {
    categoryId: p.categoryId,
    summary: { threadId: p.threadId, threadTitle: p.threadTitle, content: p.content, createdAt: p.createdAt },
    visibleTo,
  };
}

const TARGETS: Record<ReportKind, Target> = {
  review: reviewTarget,
  interview: interviewTarget,
  mood: moodTarget,
  thread: threadTarget,
  reply: replyTarget,
};

/** Loads what a report points at; null when there is no such item (or a mood without a comment). */
export function reportTarget(db: DB, kind: ReportKind, id: number): ReportTarget | null {
  return TARGETS[kind](db, id);
}

/** Reports that count towards hiding: those no moderator has decided on yet. */
const undecided = (kind: ReportKind, id: number) => and(eq(reports.kind, kind), eq(reports.targetId, id), isNull(reports.decidedAt));

/** Undecided reports that count towards hiding: a school's own staff's reports never do (decision 2111). */
export const reportCount = (db: Pick<DB, 'select'>, kind: ReportKind, id: number) =>
  db
    .select({ n: sql<number>`count(*)` })
    .from(reports)
    .where(and(undecided(kind, id), eq(reports.fromSchoolStaff, false)))
    .get()!.n;

/** Sets a review's, interview's or mood's is_approved, and nothing else. */
function setApproved(tx: Tx, kind: SchoolKind, id: number, isApproved: boolean) {
  const table = SCHOOL_CONTENT[kind];
  tx.update(table).set({ isApproved }).where(eq(table.id, id)).run();
}

/**
 * Hides the item from the public (idempotent): is_approved false, as a pending item (the reply
 * counters follow), and the hidden_content row that says when and that reports did it.
 */
export function hide(tx: Tx, kind: ReportKind, id: number, now: Date) {
  const inserted = tx.insert(hiddenContent).values({ kind, targetId: id, hiddenAt: now }).onConflictDoNothing().run().changes;
  if (!inserted) return;
  if (isSchoolKind(kind)) setApproved(tx, kind, id, false);
  if (kind === 'thread') tx.update(forumThreads).set({ isApproved: false, updatedAt: now }).where(eq(forumThreads.id, id)).run();
  if (kind === 'reply') {
    const p = tx
      .update(forumPosts)
      .set({ isApproved: false, updatedAt: now })
      .where(eq(forumPosts.id, id))
      .returning({ threadId: forumPosts.threadId })
      .get();
    if (p) refreshThreadCounters(tx, p.threadId);
  }
}

/**
 * Settles an item's reports after any moderator decision on it: they are marked decided (kept, so
 * their reporters cannot report it again, and no longer counted or queued) and the hidden mark goes.
 * A restored item is hidden again only by REPORT_HIDE_THRESHOLD new reporters.
 */
export function settleReports(tx: Tx, kind: ReportKind, id: number, now: Date) {
  tx.update(reports).set({ decidedAt: now }).where(undecided(kind, id)).run();
  tx.delete(hiddenContent)
    .where(and(eq(hiddenContent.kind, kind), eq(hiddenContent.targetId, id)))
    .run();
}

/**
 * A moderator's decision on a reported item. approve: keep (approved, so visible again) and settle
 * the reports. reject: remove it: reviews, threads and replies are rejected with the reason (their
 * author sees it); an interview is deleted; a mood keeps its rating and loses its comment, and is
 * approved again for the next one. The reports of what is gone (the interview, the comment) go
 * with it: a new comment on the same mood starts afresh.
 */
export function decideReported(tx: Tx, kind: ReportKind, id: number, approve: boolean, reason: string, now: Date) {
  if (approve) {
    if (kind === 'review')
      tx.update(reviews).set({ isApproved: true, rejectedAt: null, rejectionReason: null }).where(eq(reviews.id, id)).run();
    if (kind === 'interview' || kind === 'mood') setApproved(tx, kind, id, true);
    if (kind === 'thread')
      tx.update(forumThreads)
        .set({ isApproved: true, rejectedAt: null, rejectionReason: null, updatedAt: now })
        .where(eq(forumThreads.id, id))
        .run();
  } else {
    const rejected = { isApproved: false, rejectedAt: now, rejectionReason: reason };
    if (kind === 'review') tx.update(reviews).set(rejected).where(eq(reviews.id, id)).run();
    if (kind === 'thread')
      tx.update(forumThreads)
        .set({ ...rejected, updatedAt: now })
        .where(eq(forumThreads.id, id))
        .run();
    if (kind === 'interview') tx.delete(interviewExperiences).where(eq(interviewExperiences.id, id)).run();
    if (kind === 'mood') tx.update(schoolMoods).set({ comment: null, isApproved: true }).where(eq(schoolMoods.id, id)).run();
  }
  if (kind === 'reply') {
    const p = tx
      .update(forumPosts)
      .set(
        approve
          ? { isApproved: true, rejectedAt: null, rejectionReason: null, updatedAt: now }
          : { isApproved: false, rejectedAt: now, rejectionReason: reason, updatedAt: now },
      )
      .where(eq(forumPosts.id, id))
      .returning({ threadId: forumPosts.threadId })
      .get();
    if (p) refreshThreadCounters(tx, p.threadId);
  }
  if (!approve && (kind === 'interview' || kind === 'mood'))
    tx.delete(reports)
      .where(and(eq(reports.kind, kind), eq(reports.targetId, id)))
      .run();
  settleReports(tx, kind, id, now);
}

/** The reported items with their undecided reports (reasons and dates, never who reported), oldest first. */
export function reportedItems(db: DB, canSee: (kind: ReportKind, categoryId: number | null) => boolean) {
  const rows = db
    .select({ kind: reports.kind, targetId: reports.targetId, reason: reports.reason, createdAt: reports.createdAt })
    .from(reports)
    .where(isNull(reports.decidedAt))
    .orderBy(asc(reports.createdAt), asc(reports.id))
    .all();
  const hidden = new Set(
    db
      .select({ kind: hiddenContent.kind, targetId: hiddenContent.targetId })
      .from(hiddenContent)
      .all()
      .map((h) => `${h.kind}:${h.targetId}`),
  );
  const items = new Map<string, { kind: ReportKind; id: number; hidden: boolean; reports: { reason: string; createdAt: Date }[] }>();
  for (const r of rows) {
    const key = `${r.kind}:${r.targetId}`;
    let item = items.get(key);
    if (!item) items.set(key, (item = { kind: r.kind, id: r.targetId, hidden: hidden.has(key), reports: [] }));
    item.reports.push({ reason: r.reason, createdAt: r.createdAt });
  }
  return [...items.values()].flatMap((item) => {
    const target = reportTarget(db, item.kind, item.id);
    if (!target || !canSee(item.kind, target.categoryId)) return [];
    return [{ ...item, reportCount: item.reports.length, categoryId: target.categoryId, content: target.summary }];
  });
}
