import { createRouter } from '../platform/route';
import { decide, decideReport, queue, threadAction } from './moderation.handlers';
import * as routes from './moderation.routes';
import { decideEdit, previousVersions } from './edits.handlers';

export const moderationRoutes = createRouter()
  .openapi(routes.queueRoute, (c) => queue(c))
  .openapi(routes.approve, (c) => {
    const { kind, id } = c.req.valid('param');
    return decide(c, kind, id, { approve: true });
  })
  .openapi(routes.reject, (c) => {
    const { kind, id } = c.req.valid('param');
    return decide(c, kind, id, { approve: false, reason: c.req.valid('json').reason });
  })
  .openapi(routes.keepReported, (c) => {
    const { kind, id } = c.req.valid('param');
    return decideReport(c, kind, id, true, null);
  })
  .openapi(routes.removeReported, (c) => {
    const { kind, id } = c.req.valid('param');
    return decideReport(c, kind, id, false, c.req.valid('json').reason);
  })
  .openapi(routes.lock, (c) => threadAction(c, c.req.valid('param').id, 'lock'))
  .openapi(routes.unlock, (c) => threadAction(c, c.req.valid('param').id, 'unlock'))
  .openapi(routes.sticky, (c) => threadAction(c, c.req.valid('param').id, 'sticky'))
  .openapi(routes.unsticky, (c) => threadAction(c, c.req.valid('param').id, 'unsticky'))
  .openapi(routes.approveEdit, (c) => {
    const { kind, id } = c.req.valid('param');
    return c.json(decideEdit(c, kind, id, { approve: true }), 200);
  })
  .openapi(routes.rejectEdit, (c) => {
    const { kind, id } = c.req.valid('param');
    return c.json(decideEdit(c, kind, id, { approve: false, reason: c.req.valid('json').reason }), 200);
  })
  .openapi(routes.versions, (c) => {
    const { kind, id } = c.req.valid('param');
    return c.json(previousVersions(c, kind, id), 200);
  });
