import { createRouter } from '../platform/route';
import * as handlers from './docs.handlers';
import * as routes from './docs.routes';

export const docsRoutes = createRouter()
  .openapi(routes.document, handlers.document)
  .openapi(routes.reference, handlers.reference)
  .openapi(routes.referenceScript, handlers.referenceScript);
