// A school's interview experiences (product §3): published at once, a page at a time, newest
// first; one hidden by reports (is_approved false) is left out until a moderator decides (decision 1422).
import { createRouter } from '../platform/route';
import * as handlers from './interviews.handlers';
import * as routes from './interviews.routes';

export const interviewsRoutes = createRouter()
  .openapi(routes.list, handlers.list)
  .openapi(routes.create, handlers.create)
  .openapi(routes.edit, handlers.edit)
  .openapi(routes.remove, handlers.remove);
