// Which of a school's responses to reviews wait for a moderator (issue 37 item 10, decision 2027):
// told to the school's own live staff in their list of schools (GET /api/me/schools), never in a
// public answer, so a reload still shows "waiting" instead of a second Respond.
import { and, inArray } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { reviewResponses } from '../../db/schema';
import { pendingSql } from '../moderation/approval';

/** The review ids whose response from each of these schools waits (sent or edited, not yet decided). */
export function waitingResponses(db: Pick<DB, 'select'>, schoolIds: number[]): Map<number, number[]> {
  const bySchool = new Map<number, number[]>(schoolIds.map((id) => [id, []]));
  if (schoolIds.length === 0) return bySchool;
  const rows = db
    .select({ schoolId: reviewResponses.schoolId, reviewId: reviewResponses.reviewId })
    .from(reviewResponses)
    .where(and(inArray(reviewResponses.schoolId, schoolIds), pendingSql(reviewResponses)))
    .orderBy(reviewResponses.reviewId)
    .all();
  for (const r of rows) bySchool.get(r.schoolId)?.push(r.reviewId);
  return bySchool;
}
