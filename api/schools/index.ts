import { createRouter } from '../platform/route';
import * as profile from './profile.handlers';
import * as profileRoutes from './profile.routes';
import * as handlers from './schools.handlers';
import * as routes from './schools.routes';

export { staffRoutes } from './staff.handlers';

export const schoolsRoutes = createRouter()
  .openapi(routes.list, handlers.list)
  .openapi(routes.names, handlers.names)
  .openapi(routes.get, handlers.get)
  .openapi(profileRoutes.ownProfile, (c) => c.json(profile.ownProfile(c, c.req.valid('param').id), 200))
  .openapi(profileRoutes.editProfile, (c) => c.json(profile.editProfile(c, c.req.valid('param').id, c.req.valid('json')), 200))
  .openapi(profileRoutes.uploadPhoto, async (c) => c.json(await profile.uploadPhoto(c, c.req.valid('param').id), 200))
  .openapi(profileRoutes.removePhoto, async (c) => c.json(await profile.deletePhoto(c, c.req.valid('param').id), 200));
