// The signed-in user's own contributions for the dashboard: reviews, interviews, salary
// submissions, moods, threads and replies, each with its moderation state (approved, pending,
// rejected with the reason), and the real numbers for the dashboard counters.
import { and, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { AnySQLiteColumn, SelectedFields, SQLiteTable } from 'drizzle-orm/sqlite-core';
import {
  contributionRevisions,
  forumCategories,
  type RevisionKind,
  hiddenContent,
  forumPosts,
  forumThreads,
  interviewExperiences,
  reviews,
  salaries,
  schools,
  savedJobs,
  schoolMoods,
} from '../../db/schema';
import type { z } from 'zod';
import type { DB } from '../../db/client';
import { renderMarkdown } from '../markdown/render';
import { approvalState, type Moderated } from '../moderation/approval';
import { submissionColumns } from '../salaries/salaries.service';
import { ownedWithSchool } from './owned.queries';
import { columnsOf, interviewFieldsShape, pickShape, reviewFieldsShape } from '../../db/shapes';

/** Interviews, salaries and moods are published at once (no moderation step). */
const PUBLISHED = 'approved' as const;

/**
 * The last word on her latest edit of each review, interview, thread or reply (decisions 2020, 2026): waiting, or
 * refused with the reason; null when none waits and the last one was approved (or none was made).
 */
function editStates(db: DB, kind: RevisionKind, ids: number[]) {
  const out = new Map<
    number,
    { status: 'pending' | 'rejected'; reason: string | null; submittedAt: Date; body: Record<string, unknown> }
  >();
  if (ids.length === 0) return out;
  const rows = db
    .select({
      targetId: contributionRevisions.targetId,
      state: contributionRevisions.state,
      reason: contributionRevisions.reason,
      createdAt: contributionRevisions.createdAt,
      body: contributionRevisions.body,
    })
    .from(contributionRevisions)
    .where(and(eq(contributionRevisions.kind, kind), inArray(contributionRevisions.targetId, ids)))
    .orderBy(desc(contributionRevisions.createdAt), desc(contributionRevisions.id))
    .all();
  const seen = new Set<number>();
  for (const r of rows) {
    if (seen.has(r.targetId)) continue;
    seen.add(r.targetId);
    if (r.state === 'pending' || r.state === 'rejected')
      out.set(r.targetId, { status: r.state, reason: r.reason, submittedAt: r.createdAt, body: r.body });
  }
  return out;
}

/**
 * Her reviews or interviews, each with her latest edit's state and the fields her form opens with:
 * the edit's while it waits for a moderator, else the published ones.
 */
function withEdits<R extends { id: number }, S extends z.ZodObject>(db: DB, kind: 'review' | 'interview', rows: R[], shape: S) {
  const edits = editStates(
    db,
    kind,
    rows.map((r) => r.id),
  );
  return rows.map((row) => {
    const edit = edits.get(row.id);
    return {
      row,
      edit: edit ? { status: edit.status, reason: edit.reason, submittedAt: edit.submittedAt } : null,
      fields: edit?.status === 'pending' ? (pickShape(shape, edit.body) as z.infer<S>) : (pickShape(shape, row) as z.infer<S>),
    };
  });
}

/**
 * Which of her reviews, threads or replies reports have hidden until a moderator decides (decision
 * 1422): pending alone does not say it. An interview is hidden exactly when it is not approved.
 */
function hiddenIds(db: DB, kind: 'review' | 'thread' | 'reply') {
  return new Set(
    db
      .select({ id: hiddenContent.targetId })
      .from(hiddenContent)
      .where(eq(hiddenContent.kind, kind))
      .all()
      .map((r) => r.id),
  );
}

/** A table of a school's contributions she wrote and may edit (reviews, interviews). */
type EditableOwned = SQLiteTable & {
  id: AnySQLiteColumn;
  userId: AnySQLiteColumn;
  schoolId: AnySQLiteColumn;
  isApproved: AnySQLiteColumn;
  createdAt: AnySQLiteColumn;
};

/**
 * Her reviews or interviews, newest first, with the school's name: the form's fields (`shape`), the
 * row's id, school and approval, `more` columns and when; each with her latest edit (withEdits).
 */
function ownedWithEdits<T extends EditableOwned, S extends z.ZodObject, M extends SelectedFields>(
  db: DB,
  kind: 'review' | 'interview',
  table: T,
  shape: S,
  more: M,
  userId: string,
) {
  type Columns = ReturnType<typeof columnsOf<T, S>> & Pick<T, 'id' | 'schoolId' | 'isApproved' | 'createdAt'> & M;
  const columns: Columns = {
    ...columnsOf(table, shape),
    id: table.id,
    schoolId: table.schoolId,
    isApproved: table.isApproved,
    ...more,
    createdAt: table.createdAt,
  };
  // Widened for the query (as ownedForumRows); the rows are `columns`' own, with the school's name.
  const fields: SelectedFields = columns;
  const rows = ownedWithSchool(db, table, userId, fields).orderBy(desc(table.createdAt), desc(table.id)).all() as SelectResultFields<
    Columns & { schoolName: typeof schools.name }
  >[];
  return withEdits(db, kind, rows, shape);
}

/** Her reviews, newest first: moderation state, hidden by reports, and her latest edit's state. */
function reviewsOf(db: DB, userId: string) {
  const moderation = { rejectedAt: reviews.rejectedAt, rejectionReason: reviews.rejectionReason };
  const hiddenReviews = hiddenIds(db, 'review');
  return ownedWithEdits(db, 'review', reviews, reviewFieldsShape, moderation, userId).map(({ row: r, edit, fields }) => ({
    ...r,
    status: approvalState(r),
    hidden: hiddenReviews.has(r.id),
    edit,
    fields,
  }));
}

/** Her interviews, newest first (published at once): hidden by reports, and her latest edit's state. */
function interviewsOf(db: DB, userId: string) {
  return ownedWithEdits(db, 'interview', interviewExperiences, interviewFieldsShape, {}, userId).map(
    ({ row: { isApproved, ...r }, edit, fields }) => ({ ...r, status: PUBLISHED, hidden: !isApproved, edit, fields }),
  );
}

/** Her salary submissions, newest first. */
function salariesOf(db: DB, userId: string) {
  return db
    .select({
      ...submissionColumns,
      additionalBenefits: salaries.additionalBenefits,
      publishedAt: salaries.publishedAt,
      createdAt: salaries.createdAt,
    })
    .from(salaries)
    .where(eq(salaries.userId, userId))
    .orderBy(desc(salaries.createdAt), desc(salaries.id))
    .all()
    .map((r) => ({ ...r, status: PUBLISHED }));
}

/** Her moods, latest change first. */
function moodsOf(db: DB, userId: string) {
  return ownedWithSchool(db, schoolMoods, userId, {
    id: schoolMoods.id,
    schoolId: schoolMoods.schoolId,
    emoji: schoolMoods.emoji,
    mood: schoolMoods.mood,
    comment: schoolMoods.comment,
    anonymous: schoolMoods.anonymous,
    createdAt: schoolMoods.createdAt,
    updatedAt: schoolMoods.updatedAt,
  })
    .orderBy(desc(schoolMoods.updatedAt), desc(schoolMoods.id))
    .all()
    .map((r) => ({ ...r, status: PUBLISHED }));
}

/**
 * Her latest edit of each of her threads or replies (decision 2026): its state, and while it waits
 * for a moderator the version she wrote (with its HTML), which her own thread page shows in place
 * of the approved text everyone else reads.
 */
function forumEdits(db: DB, kind: 'thread' | 'reply', rows: { id: number }[]) {
  const edits = editStates(
    db,
    kind,
    rows.map((r) => r.id),
  );
  return (id: number) => {
    const e = edits.get(id);
    if (!e) return { edit: null, proposed: null };
    const content = typeof e.body.content === 'string' ? e.body.content : '';
    const title = typeof e.body.title === 'string' ? e.body.title : undefined;
    return {
      edit: { status: e.status, reason: e.reason, submittedAt: e.submittedAt },
      proposed: e.status === 'pending' ? { ...(title === undefined ? {} : { title }), content, html: renderMarkdown(content) } : null,
    };
  };
}

/** A forum table of hers (threads, replies): rows she may delete. */
type ForumOwned = SQLiteTable & { id: AnySQLiteColumn; userId: AnySQLiteColumn; deletedAt: AnySQLiteColumn; createdAt: AnySQLiteColumn };

/**
 * `columns` of her rows of `table` (with `join`: the table and its condition), newest first. What
 * she deleted is no longer hers to list (a placeholder keeps only the replies of others).
 */
function ownedForumRows<S extends SelectedFields>(db: DB, table: ForumOwned, userId: string, columns: S, join: [SQLiteTable, SQL]) {
  // Widened for the query (drizzle's join types do not resolve over a generic selection); the rows are `columns`' own.
  const fields: SelectedFields = columns;
  return db
    .select(fields)
    .from(table)
    .innerJoin(join[0], join[1])
    .where(and(eq(table.userId, userId), isNull(table.deletedAt)))
    .orderBy(desc(table.createdAt), desc(table.id))
    .all() as SelectResultFields<S>[];
}

/** Her threads or replies, each with its moderation state, whether reports hide it, and her latest edit. */
function withForumState<R extends Moderated & { id: number }>(db: DB, kind: 'thread' | 'reply', rows: R[]) {
  const hidden = hiddenIds(db, kind);
  const edits = forumEdits(db, kind, rows);
  return rows.map((r) => ({ ...r, status: approvalState(r), hidden: hidden.has(r.id), ...edits(r.id) }));
}

const threadColumns = {
  id: forumThreads.id,
  title: forumThreads.title,
  categoryId: forumThreads.categoryId,
  categoryName: forumCategories.name,
  isApproved: forumThreads.isApproved,
  isLocked: forumThreads.isLocked,
  replyCount: forumThreads.replyCount,
  viewCount: forumThreads.viewCount,
  rejectedAt: forumThreads.rejectedAt,
  rejectionReason: forumThreads.rejectionReason,
  content: forumThreads.content,
  editedAt: forumThreads.editedAt,
  createdAt: forumThreads.createdAt,
};

const postColumns = {
  id: forumPosts.id,
  threadId: forumPosts.threadId,
  threadTitle: forumThreads.title,
  content: forumPosts.content,
  isApproved: forumPosts.isApproved,
  rejectedAt: forumPosts.rejectedAt,
  rejectionReason: forumPosts.rejectionReason,
  editedAt: forumPosts.editedAt,
  createdAt: forumPosts.createdAt,
};

/** Her threads (not those she deleted), newest first, with their moderation state. */
const threadsOf = (db: DB, userId: string) =>
  withForumState(
    db,
    'thread',
    ownedForumRows(db, forumThreads, userId, threadColumns, [forumCategories, eq(forumThreads.categoryId, forumCategories.id)]),
  );

/** Her replies (not those she deleted), newest first, with their moderation state. */
const postsOf = (db: DB, userId: string) =>
  withForumState(
    db,
    'reply',
    ownedForumRows(db, forumPosts, userId, postColumns, [forumThreads, eq(forumPosts.threadId, forumThreads.id)]),
  );

/** The user's own contributions, each with its moderation state, and the dashboard's counters. */
export function activityOf(db: DB, userId: string) {
  const reviewRows = reviewsOf(db, userId);
  const interviewRows = interviewsOf(db, userId);
  const salaryRows = salariesOf(db, userId);
  const moodRows = moodsOf(db, userId);
  const threadRows = threadsOf(db, userId);
  const postRows = postsOf(db, userId);
  const savedCount = db.select({ n: count() }).from(savedJobs).where(eq(savedJobs.userId, userId)).get()?.n ?? 0;
  const pendingOf = (rows: { status: string }[]) => rows.filter((r) => r.status === 'pending').length;

  return {
    counts: {
      savedJobs: savedCount,
      /** Reviews written, whatever their state (the dashboard's "reviews written"). */
      reviews: reviewRows.length,
      reviewsApproved: reviewRows.filter((r) => r.status === 'approved').length,
      interviews: interviewRows.length,
      salaries: salaryRows.length,
      moods: moodRows.length,
      threads: threadRows.length,
      posts: postRows.length,
      pending: pendingOf(reviewRows) + pendingOf(threadRows) + pendingOf(postRows),
    },
    reviews: reviewRows,
    interviews: interviewRows,
    salaries: salaryRows,
    moods: moodRows,
    threads: threadRows,
    posts: postRows,
  };
}
