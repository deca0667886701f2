import { createRouter } from '../lib/route';
import * as handlers from './jobs.handlers';
import * as routes from './jobs.routes';

export const jobsRoutes = createRouter()
  .openapi(routes.list, handlers.list)
  .openapi(routes.get, handlers.get)
  .openapi(routes.isSaved, handlers.isSaved)
  .openapi(routes.save, handlers.save)
  .openapi(routes.unsave, handlers.unsave)
  .openapi(routes.savedJobs, handlers.savedJobsList);
