// A school's response to a review (decision 2111): written by a live member of the review's
// school (assertSchoolMember: the route's {id} is the review's), edited in place, withdrawn;
// published under the review, as "Response from {school}", once a moderator approves it.
import { z } from '@hono/zod-openapi';
import { approvalStatus } from '../../db/shapes';
import { reviewResponseInput } from '../../core/validation';
import { resourceRoutes, errors, jsonBody, jsonOf } from '../platform/route';
import { idParam } from '../platform/validate';

const route = resourceRoutes('Reviews');

/** The response as its school reads it back: the text waiting or published, and where moderation stands. */
export const ownResponseShape = z
  .object({
    reviewId: z.number().int(),
    body: z.string().describe('The latest text the school wrote'),
    status: approvalStatus.describe('Of the latest text: an edit waits for a moderator while the published text stays up'),
    rejectionReason: z.string().nullable(),
    publishedBody: z.string().nullable().describe('What readers see now; null until the first approval'),
    publishedAt: z.date().nullable(),
    updatedAt: z.date(),
  })
  .openapi('OwnReviewResponse');

export const put = route.put('/reviews/{id}/response', {
  summary: "Writes or edits the school's one response to a published review of it (its verified staff only); it waits for a moderator",
  policy: { access: 'user', limit: 'write', idempotent: true, data: ['reviews'] },
  request: { params: idParam, body: jsonBody(reviewResponseInput) },
  responses: { 200: jsonOf(ownResponseShape, 'The response, pending'), ...errors(400, 403, 404) },
});

export const withdraw = route.delete('/reviews/{id}/response', {
  summary: "Withdraws the school's response (its verified staff only): it leaves the page at once",
  policy: { access: 'user', limit: 'write', idempotent: true, data: ['reviews'] },
  request: { params: idParam },
  responses: {
    200: jsonOf(z.object({ reviewId: z.number().int(), withdrawn: z.literal(true) }), 'Withdrawn'),
    ...errors(400, 403, 404),
  },
});
