import { createRouter } from '../platform/route';
import * as handlers from './stats.handlers';
import * as routes from './stats.routes';

export const statsRoutes = createRouter().openapi(routes.stats, handlers.stats);
