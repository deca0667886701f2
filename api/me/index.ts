// The signed-in user's own data (decision 1421): her activity for the dashboard, the export, her
// sessions and "sign out everywhere else", account deletion, and her take-home pay settings.
import { deleteAccount, exportUserData, listSessions, revokeOtherSessions } from './privacy.service';
import { createRouter } from '../platform/route';
import { clearSessionCookie } from '../auth/session';
import { activityOf } from './me.queries';
import * as routes from './me.routes';
import { getTakeHomeSettings, putTakeHomeSettings, saveTakeHomeSettings, takeHomeSettingsOf } from './take-home-settings';

export const meRoutes = createRouter()
  .openapi(routes.activityRoute, (c) => c.json(activityOf(c.get('db'), c.get('user').id), 200))
  .openapi(routes.exportRoute, (c) => {
    const now = c.get('now')();
    const data = exportUserData(c.get('db'), c.get('user').id, c.get('sessionId'), now);
    c.header('Content-Disposition', `attachment; filename="teachers-in-london-talk-my-data-${now.toISOString().slice(0, 10)}.json"`);
    return c.json(data, 200);
  })
  .openapi(getTakeHomeSettings, (c) => c.json({ settings: takeHomeSettingsOf(c.get('db'), c.get('user').id) }, 200))
  .openapi(putTakeHomeSettings, (c) =>
    c.json({ settings: saveTakeHomeSettings(c.get('db'), c.get('user').id, c.req.valid('json'), c.get('now')()) }, 200),
  )
  .openapi(routes.sessions, (c) => c.json(listSessions(c.get('db'), c.get('user').id, c.get('sessionId'), c.get('now')()), 200))
  .openapi(routes.revokeOthers, (c) => c.json({ revoked: revokeOtherSessions(c.get('db'), c.get('user').id, c.get('sessionId')) }, 200))
  .openapi(routes.deleteAccount, (c) => {
    const result = deleteAccount(c.get('db'), c.get('user').id);
    clearSessionCookie(c, c.get('auth').cookies);
    return c.json({ deleted: true as const, ...result }, 200);
  });
