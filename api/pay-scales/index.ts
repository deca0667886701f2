import { createRouter } from '../platform/route';
import * as handlers from './pay-scales.handlers';
import * as routes from './pay-scales.routes';

export const payScalesRoutes = createRouter().openapi(routes.list, handlers.list);
