import { createRouter } from '../platform/route';
import * as handlers from './health.handlers';
import * as routes from './health.routes';

export const healthRoutes = createRouter().openapi(routes.health, handlers.health);
