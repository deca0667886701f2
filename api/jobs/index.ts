import { createRouter } from '../platform/route';
import * as docs from './documents.handlers';
import * as docRoutes from './documents.routes';
import * as handlers from './jobs.handlers';
import * as routes from './jobs.routes';
import * as own from './school-jobs.handlers';
import * as ownRoutes from './school-jobs.routes';

export const jobsRoutes = createRouter()
  .openapi(routes.list, handlers.list)
  .openapi(routes.get, handlers.get)
  .openapi(routes.isSaved, handlers.isSaved)
  .openapi(routes.save, handlers.save)
  .openapi(routes.unsave, handlers.unsave)
  .openapi(routes.savedJobs, handlers.savedJobsList)
  // A school's own vacancies (decision 2104).
  .openapi(ownRoutes.create, own.create)
  .openapi(ownRoutes.list, own.list)
  .openapi(ownRoutes.update, own.update)
  .openapi(ownRoutes.close, own.close)
  .openapi(ownRoutes.view, own.view)
  .openapi(ownRoutes.applyClick, own.applyClick)
  // Its documents, the job pack (decision 2116).
  .openapi(docRoutes.documents, docs.documents)
  .openapi(docRoutes.attach, docs.attach)
  .openapi(docRoutes.remove, docs.remove);
