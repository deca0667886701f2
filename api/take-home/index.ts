import { createRouter } from '../platform/route';
import * as handlers from './take-home.handlers';
import * as routes from './take-home.routes';

export const takeHomeRoutes = createRouter().openapi(routes.calculate, handlers.calculate);
