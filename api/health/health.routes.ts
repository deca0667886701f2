// The no-op route: used by tests, load balancers and as the benchmarks' baseline. `pid` tells
// which server process (WEB_CONCURRENCY worker) answered; `replication` what Litestream is doing
// (decision 0009: a few stat() calls at most once a second). Not rate limited (monitors), never kept.
import { z } from '@hono/zod-openapi';
import { resourceRoutes, jsonOf } from '../platform/route';

const Replication = z
  .object({
    enabled: z.boolean().describe('LITESTREAM_REPLICA_URL is set and Litestream runs this server'),
    replica: z.string().optional().describe('The replica kind: file, s3, gs, abs or sftp'),
    running: z.boolean().optional().describe('Litestream is alive (false: nothing is being copied)'),
    generation: z.string().nullable().optional().describe("Litestream's current generation"),
    lastSyncAt: z.string().nullable().optional().describe('When the replica last received WAL (file:// replicas; else null)'),
    lagSeconds: z.number().nullable().optional().describe('Seconds of local writes the replica lacks (0: caught up; null: unknown)'),
  })
  .describe('Continuous replication of the database (Litestream)');

export const health = resourceRoutes('Health').get('/health', {
  summary: 'The server is up',
  policy: { access: 'public', cache: 'none', limit: 'none' },
  responses: {
    200: jsonOf(
      z.object({ ok: z.literal(true), pid: z.number().int().describe('The worker process that answered'), replication: Replication }),
      'Up',
    ),
  },
});
