import { createRouter } from '../platform/route';
import * as handlers from './markdown.handlers';
import * as routes from './markdown.routes';

export const markdownRoutes = createRouter().openapi(routes.preview, handlers.preview);
