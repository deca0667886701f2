import type { RouteHandler } from '@hono/zod-openapi';
import { deleteAccount, exportUserData, listSessions, revokeOtherSessions } from './privacy.service';
import { clearSessionCookie } from '../auth/session';
import { activityOf } from './me.queries';
import type * as routes from './me.routes';
import { type getTakeHomeSettings, type putTakeHomeSettings, saveTakeHomeSettings, takeHomeSettingsOf } from './take-home-settings';

export const activityRoute: RouteHandler<typeof routes.activityRoute> = (c) => c.json(activityOf(c.get('db'), c.get('user').id), 200);

export const exportRoute: RouteHandler<typeof routes.exportRoute> = (c) => {
  const now = c.get('now')();
  const data = exportUserData(c.get('db'), c.get('user').id, c.get('sessionId'), now);
  c.header('Content-Disposition', `attachment; filename="teachers-in-london-talk-my-data-${now.toISOString().slice(0, 10)}.json"`);
  return c.json(data, 200);
};

export const getTakeHome: RouteHandler<typeof getTakeHomeSettings> = (c) =>
  c.json({ settings: takeHomeSettingsOf(c.get('db'), c.get('user').id) }, 200);

export const putTakeHome: RouteHandler<typeof putTakeHomeSettings> = (c) =>
  c.json({ settings: saveTakeHomeSettings(c.get('db'), c.get('user').id, c.req.valid('json'), c.get('now')()) }, 200);

export const sessions: RouteHandler<typeof routes.sessions> = (c) =>
  c.json(listSessions(c.get('db'), c.get('user').id, c.get('sessionId'), c.get('now')()), 200);

export const revokeOthers: RouteHandler<typeof routes.revokeOthers> = (c) =>
  c.json({ revoked: revokeOtherSessions(c.get('db'), c.get('user').id, c.get('sessionId')) }, 200);

export const removeAccount: RouteHandler<typeof routes.deleteAccount> = (c) => {
  const result = deleteAccount(c.get('db'), c.get('user').id);
  clearSessionCookie(c, c.get('auth').cookies);
  return c.json({ deleted: true as const, ...result }, 200);
};
