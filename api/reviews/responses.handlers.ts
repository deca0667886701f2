// A school's response to a review (decision 2111). Only a live member of the review's school may
// write or withdraw it; a review that is not published answers 404 as a missing one. Every edit
// waits for a moderator (the moderation queue's `responses`), and the published text stays up
// meanwhile. Each write is in the school's audit log; nothing here reads or returns who wrote the review.
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { DB } from '../../db/client';
import { reviewResponses, reviews, schoolAudit, schools, type ReviewResponse } from '../../db/schema';
import { approvalState } from '../moderation/approval';
import { notFound } from '../platform/http-error';
import { preparedOn } from '../platform/prepared';
import type { SignedInEnv } from '../platform/route';
import { assertSchoolMember } from '../schools/members';

/** The published review a response may answer, or 404 (unknown, pending, rejected or hidden). */
function publishedReview(db: DB, id: number) {
  const review = db
    .select({ id: reviews.id, schoolId: reviews.schoolId })
    .from(reviews)
    .where(and(eq(reviews.id, id), eq(reviews.isApproved, true)))
    .get();
  if (!review) throw notFound('Review');
  return review;
}

export const ownResponse = (r: ReviewResponse) => ({
  reviewId: r.reviewId,
  body: r.body,
  status: approvalState(r),
  rejectionReason: r.rejectionReason,
  publishedBody: r.publishedBody,
  publishedAt: r.publishedAt,
  updatedAt: r.updatedAt,
});

export function putResponse(c: Context<SignedInEnv>, reviewId: number, body: string) {
  const db = c.get('db');
  const review = publishedReview(db, reviewId);
  const member = assertSchoolMember(c, review.schoolId);
  const now = c.get('now')();
  const row = db.transaction((tx) => {
    const set = { body, authorUserId: member.userId, isApproved: false, rejectedAt: null, rejectionReason: null, updatedAt: now };
    const saved = tx
      .insert(reviewResponses)
      .values({ reviewId, schoolId: review.schoolId, ...set, createdAt: now })
      .onConflictDoUpdate({ target: reviewResponses.reviewId, set })
      .returning()
      .get();
    tx.insert(schoolAudit)
      .values({ schoolId: review.schoolId, actorUserId: member.userId, action: 'response.written', detail: { reviewId }, at: now })
      .run();
    return saved;
  });
  return ownResponse(row);
}

export function withdrawResponse(c: Context<SignedInEnv>, reviewId: number) {
  const db = c.get('db');
  const review = publishedReview(db, reviewId);
  const member = assertSchoolMember(c, review.schoolId);
  const now = c.get('now')();
  const gone = db.transaction((tx) => {
    const n = tx.delete(reviewResponses).where(eq(reviewResponses.reviewId, reviewId)).run().changes;
    if (n)
      tx.insert(schoolAudit)
        .values({ schoolId: review.schoolId, actorUserId: member.userId, action: 'response.withdrawn', detail: { reviewId }, at: now })
        .run();
    return n;
  });
  if (!gone) throw notFound('Response');
  return { reviewId, withdrawn: true as const };
}

/** The published responses to these reviews, by review id: "Response from {school}" with its date. */
export function publishedResponses(db: DB, reviewIds: number[]) {
  if (reviewIds.length === 0) return new Map<number, { body: string; publishedAt: Date; schoolName: string }>();
  // Prepared once per count of reviews (a page has at most a page's worth): ids as placeholders.
  const rows = preparedOn(db, `publishedResponses.${reviewIds.length}`, () =>
    db
      .select({
        reviewId: reviewResponses.reviewId,
        body: reviewResponses.publishedBody,
        publishedAt: reviewResponses.publishedAt,
        schoolName: schools.name,
      })
      .from(reviewResponses)
      .innerJoin(schools, eq(schools.id, reviewResponses.schoolId))
      .where(
        and(
          inArray(
            reviewResponses.reviewId,
            reviewIds.map((_, i) => sql.placeholder(`r${i}`)),
          ),
          isNotNull(reviewResponses.publishedAt),
          isNotNull(reviewResponses.publishedBody),
        ),
      )
      .prepare(),
  ).all(Object.fromEntries(reviewIds.map((id, i) => [`r${i}`, id])));
  return new Map(rows.map((r) => [r.reviewId, { body: r.body!, publishedAt: r.publishedAt!, schoolName: r.schoolName }]));
}
