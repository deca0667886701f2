import type { RouteHandler } from '@hono/zod-openapi';
import { reviews } from '../../db/schema';
import { columnsOf, ownReviewShape, reviewShape } from '../../db/shapes';
import { pageHeaders } from '../platform/paging';
import { findSchool, schoolStatsOf } from '../schools/schools.queries';
import { approvedPage } from '../schools/approved-page.queries';
import { writeAboutSchool } from '../schools/members';
import { publishedResponses, putResponse, withdrawResponse } from './responses.handlers';
import type * as responseRoutes from './responses.routes';
import type * as routes from './reviews.routes';
import { deleteReview, editReview } from './own.handlers';

export const list: RouteHandler<typeof routes.list> = (c) => {
  const db = c.get('db');
  const school = findSchool(db, c.req.valid('param').id);
  const page = approvedPage(db, reviews, columnsOf(reviews, reviewShape), school.id, c.req.valid('query'), 'reviews');
  pageHeaders(c, schoolStatsOf(db, school.id).totalReviews, page.next);
  const responses = publishedResponses(
    db,
    page.rows.map((r) => r.id),
  );
  return c.json(
    page.rows.map((r) => ({ ...r, response: responses.get(r.id) ?? null })),
    200,
  );
};

export const create: RouteHandler<typeof routes.create> = (c) => {
  const input = c.req.valid('json');
  const row = writeAboutSchool(c, c.req.valid('param').id, 'a review', (db, by) =>
    db
      .insert(reviews)
      .values({ ...input, adviceToManagement: input.adviceToManagement ?? null, isApproved: false, ...by })
      .returning(columnsOf(reviews, ownReviewShape))
      .get(),
  );
  return c.json({ ...row, status: 'pending' as const }, 201);
};

export const edit: RouteHandler<typeof routes.edit> = (c) => c.json(editReview(c, c.req.valid('param').id, c.req.valid('json')), 200);

export const remove: RouteHandler<typeof routes.remove> = (c) => c.json(deleteReview(c, c.req.valid('param').id), 200);

export const responsePut: RouteHandler<typeof responseRoutes.put> = (c) =>
  c.json(putResponse(c, c.req.valid('param').id, c.req.valid('json').body), 200);

export const responseWithdraw: RouteHandler<typeof responseRoutes.withdraw> = (c) =>
  c.json(withdrawResponse(c, c.req.valid('param').id), 200);
