// A school's reviews (product §3): the approved ones a page at a time, newest first, and writing
// one (stored as typed, pending until a moderator approves it; the answer is the author's own
// row, without user id: decision 0205).
import { createRouter } from '../platform/route';
import * as handlers from './reviews.handlers';
import * as responseRoutes from './responses.routes';
import * as routes from './reviews.routes';

export const reviewsRoutes = createRouter()
  .openapi(routes.list, handlers.list)
  .openapi(routes.create, handlers.create)
  .openapi(routes.edit, handlers.edit)
  .openapi(routes.remove, handlers.remove)
  .openapi(responseRoutes.put, handlers.responsePut)
  .openapi(responseRoutes.withdraw, handlers.responseWithdraw);
