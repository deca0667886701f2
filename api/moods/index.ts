// Staff mood (product §3): one mood per user and school. POST creates (409 when one exists), PUT
// updates (404 when none); the public sees the kept counts and anonymous comments only.
import { createRouter } from '../platform/route';
import * as handlers from './moods.handlers';
import * as routes from './moods.routes';

export const moodsRoutes = createRouter()
  .openapi(routes.stats, handlers.stats)
  .openapi(routes.own, handlers.own)
  .openapi(routes.create, handlers.create)
  .openapi(routes.update, handlers.update);
