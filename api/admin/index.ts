// Admins' tools: the jobs refresh (POST /api/jobs/refresh) and the school images batch
// (POST /api/schools/images/batch-update starts a background batch and answers 202 with its id at
// once; GET /api/schools/images/batch-update/{id} reports progress).
import { createRouter } from '../platform/route';
import * as handlers from './admin.handlers';
import * as routes from './admin.routes';

export const adminRoutes = createRouter()
  .openapi(routes.refreshJobs, handlers.refreshJobs)
  .openapi(routes.startImageBatch, handlers.startImageBatch)
  .openapi(routes.imageBatch, handlers.imageBatch);
