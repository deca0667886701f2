import { createRouter } from '../lib/route';
import * as handlers from './schools.handlers';
import * as routes from './schools.routes';

export { staffRoutes } from './staff.handlers';

export const schoolsRoutes = createRouter().openapi(routes.list, handlers.list).openapi(routes.get, handlers.get);
