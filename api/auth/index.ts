export { authRoutes } from './auth.handlers';
