import { z } from '@hono/zod-openapi';
import { ownReviewShape, reviewShape } from '../../db/shapes';
import { reviewInput } from '../../db/validation';
import { apiRoute, errors, jsonBody, jsonOf, pageOf } from '../lib/route';
import { idParam } from '../lib/validate';
import { contributionsQuery } from '../schools/schools.queries';

const tags = ['Reviews'];

export const list = apiRoute({
  method: 'get',
  path: '/schools/{id}/reviews',
  tags,
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
    ...errors(400, 404, 429),
  },
});

export const create = apiRoute({
  method: 'post',
  path: '/schools/{id}/reviews',
  tags,
  summary: "Writes a review; it is published once a moderator approves it (409 for a member of the school's staff)",
  policy: { access: 'user', limit: 'write', idempotent: true },
  request: { params: idParam, body: jsonBody(reviewInput) },
  responses: {
    201: jsonOf(ownReviewShape.extend({ status: z.literal('pending') }), 'The review as stored, pending'),
    ...errors(400, 401, 404, 409, 422, 429),
  },
});
