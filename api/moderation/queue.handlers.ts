// The moderation routes' handlers (decision 0203): each reads its parameters and hands them to the
// queue's decisions (moderation.handlers.ts) or the edits' (edits.handlers.ts).
import type { RouteHandler } from '@hono/zod-openapi';
import { decide, decideReport, queue, threadAction } from './moderation.handlers';
import type * as routes from './moderation.routes';
import { decideEdit, previousVersions } from './edits.handlers';

export const queueRoute: RouteHandler<typeof routes.queueRoute> = (c) => queue(c);

export const approve: RouteHandler<typeof routes.approve> = (c) => {
  const { kind, id } = c.req.valid('param');
  return decide(c, kind, id, { approve: true });
};

export const reject: RouteHandler<typeof routes.reject> = (c) => {
  const { kind, id } = c.req.valid('param');
  return decide(c, kind, id, { approve: false, reason: c.req.valid('json').reason });
};

export const keepReported: RouteHandler<typeof routes.keepReported> = (c) => {
  const { kind, id } = c.req.valid('param');
  return decideReport(c, kind, id, true, null);
};

export const removeReported: RouteHandler<typeof routes.removeReported> = (c) => {
  const { kind, id } = c.req.valid('param');
  return decideReport(c, kind, id, false, c.req.valid('json').reason);
};

export const lock: RouteHandler<typeof routes.lock> = (c) => threadAction(c, c.req.valid('param').id, 'lock');

export const unlock: RouteHandler<typeof routes.unlock> = (c) => threadAction(c, c.req.valid('param').id, 'unlock');

export const sticky: RouteHandler<typeof routes.sticky> = (c) => threadAction(c, c.req.valid('param').id, 'sticky');

export const unsticky: RouteHandler<typeof routes.unsticky> = (c) => threadAction(c, c.req.valid('param').id, 'unsticky');

export const approveEdit: RouteHandler<typeof routes.approveEdit> = (c) => {
  const { kind, id } = c.req.valid('param');
  return c.json(decideEdit(c, kind, id, { approve: true }), 200);
};

export const rejectEdit: RouteHandler<typeof routes.rejectEdit> = (c) => {
  const { kind, id } = c.req.valid('param');
  return c.json(decideEdit(c, kind, id, { approve: false, reason: c.req.valid('json').reason }), 200);
};

export const versions: RouteHandler<typeof routes.versions> = (c) => {
  const { kind, id } = c.req.valid('param');
  return c.json(previousVersions(c, kind, id), 200);
};
