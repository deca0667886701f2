import { Hono } from 'hono';
import type { AppEnv } from '../context';

/** The no-op route: used by tests, load balancers and as the benchmarks' baseline. */
export const healthRoutes = new Hono<AppEnv>().get('/', (c) => c.json({ ok: true as const }));
