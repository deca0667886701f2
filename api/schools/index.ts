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
  .openapi(profileRoutes.ownProfile, profile.getOwnProfile)
  .openapi(profileRoutes.editProfile, profile.putProfile)
  .openapi(profileRoutes.uploadPhoto, profile.postPhoto)
  .openapi(profileRoutes.removePhoto, profile.removeProfilePhoto);
