import type { RouteHandler } from '@hono/zod-openapi';
import { replicationStatus } from '../replication/status';
import type * as routes from './health.routes';

export const health: RouteHandler<typeof routes.health> = (c) =>
  c.json({ ok: true as const, pid: process.pid, replication: replicationStatus() }, 200);
