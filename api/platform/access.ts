// The access guards a route's policy names (api/platform/route.ts): they read the user the session
// middleware (api/auth/session.ts) put on the context, and know nothing of how it got there.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('user')) return c.json({ error: 'Unauthorized' }, 401);
  await next();
};

export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.get('user');
  if (!user) return c.json({ error: 'Unauthorized' }, 401);
  if (!user.isAdmin) return c.json({ error: 'Forbidden' }, 403);
  await next();
};
