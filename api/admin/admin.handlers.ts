import type { RouteHandler } from '@hono/zod-openapi';
import { LeaseLostError } from '../platform/lease';
import { DEFAULT_BATCH_LIMIT } from '../schools/images';
import { FeedError, refreshJobsOnce } from '../jobs/feed-import';
import type * as routes from './admin.routes';

export const refreshJobs: RouteHandler<typeof routes.refreshJobs> = async (c) => {
  const feed = c.get('external').feed;
  // Outside production with no TEACHING_VACANCIES_URL there is no feed: nothing reaches the internet (decision 0406).
  if (!feed)
    return c.json(
      { error: "No jobs feed is configured here: the jobs are the sample feed's. Set TEACHING_VACANCIES_URL to refresh from a feed." },
      503,
    );
  const { started, promise } = refreshJobsOnce(c.get('db'), feed, c.get('now')());
  if (!started) return c.json({ error: 'A job refresh is already running. Please try again in a minute.' }, 409);
  try {
    return c.json(await promise, 200);
  } catch (error) {
    if (error instanceof FeedError) return c.json({ error: error.message }, 502);
    // Held up past its lease while another process refreshed: that refresh stands (decision 1412).
    if (error instanceof LeaseLostError) return c.json({ error: error.message }, 409);
    throw error;
  }
};

export const startImageBatch: RouteHandler<typeof routes.startImageBatch> = (c) => {
  const { limit } = c.req.valid('query');
  const { batch, alreadyRunning } = c.get('external').images.start(c.get('db'), limit ?? DEFAULT_BATCH_LIMIT);
  return c.json(
    {
      id: batch.id,
      status: batch.status,
      total: batch.total,
      processed: batch.processed,
      updated: batch.updated,
      results: batch.results,
      alreadyRunning,
    },
    202,
  );
};

export const imageBatch: RouteHandler<typeof routes.imageBatch> = (c) => {
  const batch = c.get('external').images.get(c.get('db'), c.req.valid('param').id);
  if (!batch) return c.json({ error: 'Batch not found' }, 404);
  return c.json(batch, 200);
};
