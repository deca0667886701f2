// Web Push subscriptions of this device: the VAPID public key, subscribe, unsubscribe.
// The endpoint is checked like any outgoing address (alerts/sender/push.ts, decision 1407);
// at most MAX_SUBSCRIPTIONS_PER_USER devices a user; an endpoint another account holds moves only
// with its current keys (the same browser after a new sign-in); both writes count against the
// write rate limit.
import { createRouter } from '../platform/route';
import * as handlers from './push.handlers';
import * as routes from './push.routes';

export const pushRoutes = createRouter()
  .openapi(routes.key, handlers.key)
  .openapi(routes.subscribe, handlers.subscribe)
  .openapi(routes.unsubscribe, handlers.unsubscribe);
