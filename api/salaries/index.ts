import { createRouter } from '../platform/route';
import * as handlers from './salaries.handlers';
import * as routes from './salaries.routes';

export const salariesRoutes = createRouter()
  .openapi(routes.recent, handlers.recent)
  .openapi(routes.stats, handlers.stats)
  .openapi(routes.groups, handlers.groups)
  .openapi(routes.create, handlers.create)
  .openapi(routes.remove, handlers.remove);
