import { Hono } from 'hono';
import type { AppEnv } from '../context';

/**
 * The no-op route: used by tests, load balancers and as the benchmarks' baseline. `pid` tells
 * which server process (WEB_CONCURRENCY worker) answered.
 */
export const healthRoutes = new Hono<AppEnv>().get('/', (c) => c.json({ ok: true as const, pid: process.pid }));
