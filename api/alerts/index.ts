// Job alerts (decisions 1201-1205): saved searches sent by email and/or push, the reminder
// settings, and the unsubscribe links of the emails.
import { createRouter } from '../platform/route';
import * as handlers from './alerts.handlers';
import * as routes from './alerts.routes';

export const alertsRoutes = createRouter()
  .openapi(routes.list, handlers.list)
  .openapi(routes.create, handlers.create)
  .openapi(routes.getReminders, handlers.getReminders)
  .openapi(routes.setReminders, handlers.setReminders)
  // The unsubscribe page: the signed token is the only credential (no cookie needed).
  .openapi(routes.linkStatus, handlers.linkStatus)
  // A pause is never refused (an unsubscribe link must always work) and writes only when the alert
  // is active; a resume is a write of the alert's owner, under her write limit (decision 1410).
  .openapi(routes.linkSet, handlers.linkSet)
  .openapi(routes.update, handlers.update)
  .openapi(routes.remove, handlers.remove);

export { oneClickUnsubscribe } from './alerts.handlers';
