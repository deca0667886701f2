// A review's author edits or deletes it (decision 2020). An approved review keeps its published
// text while the edit waits for a moderator (contribution_revisions); a review not yet published
// (pending or rejected) is changed in place and waits again.
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { z } from 'zod';
import { reviewResponses, reviews } from '../../db/schema';
import { columnsOf, ownReviewShape, pickShape, reviewFieldsShape } from '../../db/shapes';
import { reviewInput, type ReviewEdit } from '../../core/validation';
import { approvalState } from '../moderation/approval';
import { dropPendingEdit, dropTraces, mergeChange, ownOr404, pendingEdit, submitEdit } from '../moderation/own-edits';
import type { SignedInEnv } from '../platform/route';
import { refuseOwnSchool } from '../schools/members';

type Fields = z.infer<typeof reviewFieldsShape>;
const fieldsOf = (row: Record<string, unknown>) => pickShape(reviewFieldsShape, row) as Fields;
const toFields = (r: typeof reviews.$inferSelect): Fields => pickShape(reviewFieldsShape, r);

/** The review as its author reads it, with the edit that waits, if any. */
export function ownReview(db: SignedInEnv['Variables']['db'], id: number) {
  const row = db.select(columnsOf(reviews, ownReviewShape)).from(reviews).where(eq(reviews.id, id)).get()!;
  const waiting = pendingEdit(db, 'review', id);
  return {
    ...row,
    status: approvalState(row),
    pendingEdit: waiting ? { fields: fieldsOf(waiting.body), submittedAt: waiting.createdAt } : null,
  };
}

export function editReview(c: Context<SignedInEnv>, id: number, change: ReviewEdit) {
  const db = c.get('db');
  const user = c.get('user');
  const row = ownOr404(db.select().from(reviews).where(eq(reviews.id, id)).get(), user.id, 'Review');
  // Written before she joined the school's staff: changing it now is writing one (decision 2103). Deleting stays hers.
  refuseOwnSchool(c, row.schoolId, 'a review');
  const now = c.get('now')();
  const waiting = row.isApproved ? pendingEdit(db, 'review', id) : undefined;
  const base = waiting ? fieldsOf(waiting.body) : toFields(row);
  const next = mergeChange(reviewInput, base, change as Record<string, unknown>);
  const fields = { ...next, adviceToManagement: next.adviceToManagement ?? null };
  db.transaction((tx) => {
    if (row.isApproved) submitEdit(tx, 'review', id, user.id, fields, now);
    else {
      // Not published (pending, refused or hidden by reports): changed in place; an older edit that waited goes.
      dropPendingEdit(tx, 'review', id);
      tx.update(reviews)
        .set({ ...fields, isApproved: false, rejectedAt: null, rejectionReason: null })
        .where(eq(reviews.id, id))
        .run();
    }
  });
  return ownReview(db, id);
}

export function deleteReview(c: Context<SignedInEnv>, id: number) {
  const db = c.get('db');
  ownOr404(db.select({ userId: reviews.userId }).from(reviews).where(eq(reviews.id, id)).get(), c.get('user').id, 'Review');
  db.transaction((tx) => {
    dropTraces(tx, 'review', id);
    tx.delete(reviewResponses).where(eq(reviewResponses.reviewId, id)).run();
    tx.delete(reviews).where(eq(reviews.id, id)).run();
  });
  return { kind: 'review' as const, id, deleted: true as const };
}
