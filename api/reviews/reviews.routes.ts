import { z } from '@hono/zod-openapi';
import { approvalStatus, ownReviewShape, pendingEditOf, reviewFieldsShape, reviewShape } from '../../db/shapes';
import { reviewEdit, reviewInput } from '../../core/validation';
import { resourceRoutes, deleted, errors, jsonBody, jsonOf, pageOf } from '../platform/route';
import { idParam } from '../platform/validate';
import { contributionsQuery } from '../schools/schools.queries';

const route = resourceRoutes('Reviews');

export const list = route.get('/schools/{id}/reviews', {
  summary: "A school's approved reviews, newest first, a page at a time",
  policy: { access: 'public', cache: 'everyone', data: ['reviews', 'schools'] },
  request: { params: idParam, query: contributionsQuery },
  responses: {
    200: pageOf(
      reviewShape.extend({
        response: z
          .object({ body: z.string(), publishedAt: z.date(), schoolName: z.string() })
          .nullable()
          .describe('The school\'s approved response: "Response from {school}", never who wrote it'),
      }),
      'A page of reviews',
    ),
    ...errors(400, 404),
  },
});

export const create = route.post('/schools/{id}/reviews', {
  summary: "Writes a review; it is published once a moderator approves it (409 for a member of the school's staff)",
  policy: { access: 'user', limit: 'write', idempotent: true, data: ['reviews', 'schools'] },
  request: { params: idParam, body: jsonBody(reviewInput) },
  responses: {
    201: jsonOf(ownReviewShape.extend({ status: z.literal('pending') }), 'The review as stored, pending'),
    ...errors(400, 404, 409),
  },
});

/** Her review as she reads it back after an edit: the version that shows, and the edit that waits (decision 2020). */
export const ownReviewAnswer = ownReviewShape.extend({
  status: approvalStatus,
  pendingEdit: pendingEditOf(reviewFieldsShape).describe('An edit of a published review, waiting for a moderator'),
});

export const edit = route.patch('/reviews/{id}', {
  summary:
    "Her own review changed: a published one stays as it is until a moderator approves the edit; one not yet published waits again (404 for anyone else; 409 once she is a member of the school's staff)",
  policy: { access: 'user', limit: 'write', idempotent: true, data: ['reviews', 'schools'] },
  request: { params: idParam, body: jsonBody(reviewEdit) },
  responses: { 200: jsonOf(ownReviewAnswer, 'The review and the edit that waits'), ...errors(400, 404, 409) },
});

export const remove = route.delete('/reviews/{id}', {
  summary: 'Deletes her own review (the school figures move at once; 404 for anyone else)',
  policy: { access: 'user', limit: 'write', idempotent: true, data: ['reviews', 'schools'] },
  request: { params: idParam },
  responses: { 200: jsonOf(deleted('review'), 'Deleted'), ...errors(400, 404) },
});
