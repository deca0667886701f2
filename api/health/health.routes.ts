// The no-op route: used by tests, load balancers and as the benchmarks' baseline. `pid` tells
// which server process (WEB_CONCURRENCY worker) answered; `replication` what Litestream is doing
// (decisions 0009, 0021: what was last read of Litestream's metrics, a kill(0) and a small read at
// most once a second). Not rate limited (monitors), never kept.
import { z } from '@hono/zod-openapi';
import { resourceRoutes, jsonOf } from '../platform/route';

const Replication = z
  .object({
    enabled: z.boolean().describe('LITESTREAM_REPLICA_URL is set and Litestream runs this server'),
    replica: z.string().optional().describe('The replica kind: file, s3, gs, abs or sftp'),
    running: z.boolean().optional().describe('Litestream is alive (false: nothing is being copied)'),
    generation: z.string().nullable().optional().describe("Litestream's current generation"),
    metrics: z
      .enum(['ok', 'waiting', 'unreachable'])
      .optional()
      .describe("Litestream's metrics: read, not read yet, or not answering (then no lag)"),
    lastSyncAt: z.string().nullable().optional().describe("When the replica's position last moved (null: not since this server started)"),
    lagSeconds: z
      .number()
      .nullable()
      .optional()
      .describe('Seconds since the oldest write the replica lacks was seen (0: caught up; null: unknown)'),
    lagBytes: z.number().int().nullable().optional().describe('Bytes of WAL the replica lacks (0: caught up; null: unknown)'),
    syncErrors: z.number().int().nullable().optional().describe("Litestream's failed syncs since it started"),
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
