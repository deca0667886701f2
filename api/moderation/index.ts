import { createRouter } from '../platform/route';
import * as handlers from './queue.handlers';
import * as routes from './moderation.routes';

export const moderationRoutes = createRouter()
  .openapi(routes.queueRoute, handlers.queueRoute)
  .openapi(routes.approve, handlers.approve)
  .openapi(routes.reject, handlers.reject)
  .openapi(routes.keepReported, handlers.keepReported)
  .openapi(routes.removeReported, handlers.removeReported)
  .openapi(routes.lock, handlers.lock)
  .openapi(routes.unlock, handlers.unlock)
  .openapi(routes.sticky, handlers.sticky)
  .openapi(routes.unsticky, handlers.unsticky)
  .openapi(routes.approveEdit, handlers.approveEdit)
  .openapi(routes.rejectEdit, handlers.rejectEdit)
  .openapi(routes.versions, handlers.versions);
