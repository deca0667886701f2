// Reports of contributions (decision 1422): who may report, when an item is hidden, what the
// moderators decide. Reviews, threads and replies hide by going back to pending (isApproved
// false), which every public read already honours; interviews and mood comments have no
// moderation state, so public reads filter them with `notHidden` (a primary-key lookup).
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { DB } from '../../db/client';
import { forumPosts, forumThreads, hiddenContent, interviewExperiences, reports, reviews, schoolMoods, schools, type ReportKind } from '../../db/schema';
import { refreshThreadCounters } from './moderators';

export const DEFAULT_REPORT_HIDE_THRESHOLD = 3;

/** SQL condition: the item is not hidden by reports (for public reads of interviews and moods). */
export function notHidden(kind: 'interview' | 'mood', id: AnySQLiteColumn): SQL {
  return sql`not exists (select 1 from ${hiddenContent} where ${hiddenContent.kind} = ${kind} and ${hiddenContent.targetId} = ${id})`;
}

export interface ReportTarget {
  /** The forum category (threads and replies), null for school content. */
  categoryId: number | null;
  /** Public now (approved, or published at once for interviews and moods with a comment). */
  visible: boolean;
  summary: Record<string, unknown>;
}

/** Loads what a report points at; null when there is no such item (or a mood without a comment). */
export function reportTarget(db: DB, kind: ReportKind, id: number): ReportTarget | null {
  switch (kind) {
    case 'review': {
      const r = db
        .select({ isApproved: reviews.isApproved, schoolId: reviews.schoolId, schoolName: schools.name, pros: reviews.pros, cons: reviews.cons, adviceToManagement: reviews.adviceToManagement, overallRating: reviews.overallRating, createdAt: reviews.createdAt })
        .from(reviews)
        .innerJoin(schools, eq(reviews.schoolId, schools.id))
        .where(eq(reviews.id, id))
        .get();
      return r ? { categoryId: null, visible: r.isApproved, summary: r } : null;
    }
    case 'interview': {
      const r = db
        .select({ schoolId: interviewExperiences.schoolId, schoolName: schools.name, jobTitle: interviewExperiences.jobTitle, processDescription: interviewExperiences.processDescription, questionsAsked: interviewExperiences.questionsAsked, tipsForCandidates: interviewExperiences.tipsForCandidates, createdAt: interviewExperiences.createdAt })
        .from(interviewExperiences)
        .innerJoin(schools, eq(interviewExperiences.schoolId, schools.id))
        .where(eq(interviewExperiences.id, id))
        .get();
      return r ? { categoryId: null, visible: true, summary: r } : null;
    }
    case 'mood': {
      const r = db
        .select({ schoolId: schoolMoods.schoolId, schoolName: schools.name, mood: schoolMoods.mood, emoji: schoolMoods.emoji, comment: schoolMoods.comment, updatedAt: schoolMoods.updatedAt })
        .from(schoolMoods)
        .innerJoin(schools, eq(schoolMoods.schoolId, schools.id))
        .where(eq(schoolMoods.id, id))
        .get();
      return r && r.comment ? { categoryId: null, visible: true, summary: r } : null;
    }
    case 'thread': {
      const t = db
        .select({ categoryId: forumThreads.categoryId, isApproved: forumThreads.isApproved, title: forumThreads.title, content: forumThreads.content, createdAt: forumThreads.createdAt })
        .from(forumThreads)
        .where(eq(forumThreads.id, id))
        .get();
      return t ? { categoryId: t.categoryId, visible: t.isApproved, summary: { title: t.title, content: t.content, createdAt: t.createdAt, threadId: id } } : null;
    }
    case 'reply': {
      const p = db
        .select({ categoryId: forumThreads.categoryId, isApproved: forumPosts.isApproved, threadId: forumPosts.threadId, threadTitle: forumThreads.title, content: forumPosts.content, createdAt: forumPosts.createdAt })
        .from(forumPosts)
        .innerJoin(forumThreads, eq(forumPosts.threadId, forumThreads.id))
        .where(eq(forumPosts.id, id))
        .get();
      return p ? { categoryId: p.categoryId, visible: p.isApproved, summary: { threadId: p.threadId, threadTitle: p.threadTitle, content: p.content, createdAt: p.createdAt } } : null;
    }
  }
}

export const reportCount = (db: Pick<DB, 'select'>, kind: ReportKind, id: number) =>
  db
    .select({ n: sql<number>`count(*)` })
    .from(reports)
    .where(and(eq(reports.kind, kind), eq(reports.targetId, id)))
    .get()!.n;

/** Hides the item from the public (idempotent): pending again for reviews/threads/replies. */
export function hide(tx: DB, kind: ReportKind, id: number, now: Date) {
  const inserted = tx.insert(hiddenContent).values({ kind, targetId: id, hiddenAt: now }).onConflictDoNothing().run().changes;
  if (!inserted) return;
  if (kind === 'review') tx.update(reviews).set({ isApproved: false }).where(eq(reviews.id, id)).run();
  if (kind === 'thread') tx.update(forumThreads).set({ isApproved: false, updatedAt: now }).where(eq(forumThreads.id, id)).run();
  if (kind === 'reply') {
    const p = tx.update(forumPosts).set({ isApproved: false, updatedAt: now }).where(eq(forumPosts.id, id)).returning({ threadId: forumPosts.threadId }).get();
    if (p) refreshThreadCounters(tx, p.threadId);
  }
}

/** Clears the reports and the hidden mark of an item (after any moderator decision on it). */
export function clearReports(tx: Pick<DB, 'delete'>, kind: ReportKind, id: number) {
  tx.delete(reports).where(and(eq(reports.kind, kind), eq(reports.targetId, id))).run();
  tx.delete(hiddenContent).where(and(eq(hiddenContent.kind, kind), eq(hiddenContent.targetId, id))).run();
}

/**
 * A moderator's decision on a reported item. approve: keep (visible again) and clear the reports.
 * reject: remove it: reviews, threads and replies are rejected with the reason (their author sees
 * it); an interview is deleted; a mood keeps its rating and loses its comment.
 */
export function decideReported(tx: DB, kind: ReportKind, id: number, approve: boolean, reason: string, now: Date) {
  if (approve) {
    if (kind === 'review') tx.update(reviews).set({ isApproved: true, rejectedAt: null, rejectionReason: null }).where(eq(reviews.id, id)).run();
    if (kind === 'thread') tx.update(forumThreads).set({ isApproved: true, rejectedAt: null, rejectionReason: null, updatedAt: now }).where(eq(forumThreads.id, id)).run();
  } else {
    const rejected = { isApproved: false, rejectedAt: now, rejectionReason: reason };
    if (kind === 'review') tx.update(reviews).set(rejected).where(eq(reviews.id, id)).run();
    if (kind === 'thread') tx.update(forumThreads).set({ ...rejected, updatedAt: now }).where(eq(forumThreads.id, id)).run();
    if (kind === 'interview') tx.delete(interviewExperiences).where(eq(interviewExperiences.id, id)).run();
    if (kind === 'mood') tx.update(schoolMoods).set({ comment: null }).where(eq(schoolMoods.id, id)).run();
  }
  if (kind === 'reply') {
    const p = tx
      .update(forumPosts)
      .set(approve ? { isApproved: true, rejectedAt: null, rejectionReason: null, updatedAt: now } : { isApproved: false, rejectedAt: now, rejectionReason: reason, updatedAt: now })
      .where(eq(forumPosts.id, id))
      .returning({ threadId: forumPosts.threadId })
      .get();
    if (p) refreshThreadCounters(tx, p.threadId);
  }
  clearReports(tx, kind, id);
}

/** The reported items with their reports (reasons and dates, never who reported), oldest first. */
export function reportedItems(db: DB, canSee: (kind: ReportKind, categoryId: number | null) => boolean) {
  const rows = db
    .select({ kind: reports.kind, targetId: reports.targetId, reason: reports.reason, createdAt: reports.createdAt })
    .from(reports)
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
