// Her notifications (decision 2010): a page at a time with the unread count, marking read, her
// delivery per topic, and watching threads. Every answer is hers alone: no other user's id,
// email or last name is ever read into it.
import { createRouter } from '../platform/route';
import * as handlers from './notifications.handlers';
import * as routes from './notifications.routes';

export const notificationsRoutes = createRouter()
  .openapi(routes.list, handlers.list)
  .openapi(routes.markRead, handlers.markRead)
  .openapi(routes.getPreferences, handlers.getPreferences)
  .openapi(routes.putPreferences, handlers.putPreferences)
  // The digest email's link (opened in a browser): the signed token is the only credential.
  .openapi(routes.stopDigest, handlers.stopDigest)
  .openapi(routes.getWatch, handlers.getWatch)
  .openapi(routes.watch, handlers.watch)
  .openapi(routes.unwatch, handlers.unwatch);
