// The no-op route: used by tests, load balancers and as the benchmarks' baseline. `pid` tells
// which server process (WEB_CONCURRENCY worker) answered. Not rate limited (monitors), never kept.
import { z } from '@hono/zod-openapi';
import { resourceRoutes, createRouter, jsonOf } from '../lib/route';

export const health = resourceRoutes('Health').get('/health', {
  summary: 'The server is up',
  policy: { access: 'public', cache: 'none', limit: 'none' },
  responses: { 200: jsonOf(z.object({ ok: z.literal(true), pid: z.number().int().describe('The worker process that answered') }), 'Up') },
});

export const healthRoutes = createRouter().openapi(health, (c) => c.json({ ok: true as const, pid: process.pid }, 200));
