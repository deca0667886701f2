// The signed-in user's own data (decision 1421): her activity for the dashboard, the export, her
// sessions and "sign out everywhere else", account deletion, and her take-home pay settings.
import { createRouter } from '../platform/route';
import * as handlers from './me.handlers';
import * as routes from './me.routes';
import { getTakeHomeSettings, putTakeHomeSettings } from './take-home-settings';

export const meRoutes = createRouter()
  .openapi(routes.activityRoute, handlers.activityRoute)
  .openapi(routes.exportRoute, handlers.exportRoute)
  .openapi(getTakeHomeSettings, handlers.getTakeHome)
  .openapi(putTakeHomeSettings, handlers.putTakeHome)
  .openapi(routes.sessions, handlers.sessions)
  .openapi(routes.revokeOthers, handlers.revokeOthers)
  .openapi(routes.deleteAccount, handlers.removeAccount);
