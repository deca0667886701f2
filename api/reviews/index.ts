// A school's reviews (product §3): the approved ones a page at a time, newest first, and writing
// one (stored as typed, pending until a moderator approves it; the answer is the author's own
// row, without user id: decision 0205).
import { reviews } from '../../db/schema';
import { columnsOf, ownReviewShape, reviewShape } from '../../db/shapes';
import { pageHeaders } from '../platform/paging';
import { createRouter } from '../platform/route';
import { findSchool, schoolStatsOf } from '../schools/schools.queries';
import { approvedPage } from '../schools/approved-page.queries';
import { refuseOwnSchool } from '../schools/members';
import { publishedResponses, putResponse, withdrawResponse } from './responses.handlers';
import * as responseRoutes from './responses.routes';
import * as routes from './reviews.routes';
import { deleteReview, editReview } from './own.handlers';

export const reviewsRoutes = createRouter()
  .openapi(routes.list, (c) => {
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
  })
  .openapi(routes.create, (c) => {
    const db = c.get('db');
    const school = findSchool(db, c.req.valid('param').id);
    refuseOwnSchool(c, school.id, 'a review');
    const input = c.req.valid('json');
    const row = db
      .insert(reviews)
      .values({
        ...input,
        adviceToManagement: input.adviceToManagement ?? null,
        schoolId: school.id,
        userId: c.get('user').id,
        isApproved: false,
        createdAt: c.get('now')(),
      })
      .returning(columnsOf(reviews, ownReviewShape))
      .get();
    return c.json({ ...row, status: 'pending' as const }, 201);
  })
  .openapi(routes.edit, (c) => c.json(editReview(c, c.req.valid('param').id, c.req.valid('json')), 200))
  .openapi(routes.remove, (c) => c.json(deleteReview(c, c.req.valid('param').id), 200))
  .openapi(responseRoutes.put, (c) => c.json(putResponse(c, c.req.valid('param').id, c.req.valid('json').body), 200))
  .openapi(responseRoutes.withdraw, (c) => c.json(withdrawResponse(c, c.req.valid('param').id), 200));
