// POST /api/jobs/refresh (admins): delete jobs posted more than a month ago and import the
// London listings of the Teaching Vacancies feed. A separate module from routes/jobs.ts.
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { moderationLimit } from '../middleware/rate-limit';
import { requireAdmin } from '../middleware/session';
import { FeedError, refreshJobsOnce } from '../services/vacancies-import';

export const adminJobsRoutes = new Hono<AppEnv>().post('/refresh', requireAdmin, moderationLimit, async (c) => {
  const { started, promise } = refreshJobsOnce(c.get('db'), c.get('external').feed, c.get('now')());
  if (!started) return c.json({ error: 'A job refresh is already running. Please try again in a minute.' }, 409);
  try {
    return c.json(await promise, 200);
  } catch (error) {
    if (error instanceof FeedError) return c.json({ error: error.message }, 502);
    throw error;
  }
});
