// School images batch (admins): POST /api/schools/images/batch-update starts a background batch
// and answers 202 with its id at once; GET /api/schools/images/batch-update/{id} reports progress.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../context';
import { moderationLimit } from '../middleware/rate-limit';
import { requireAdmin } from '../middleware/session';
import { validate } from '../lib/validate';
import { DEFAULT_BATCH_LIMIT, MAX_BATCH_LIMIT } from '../services/school-images';

const batchQuery = z.object({
  limit: z.coerce
    .number({ message: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(MAX_BATCH_LIMIT, `Limit must be at most ${MAX_BATCH_LIMIT}`)
    .optional(),
});

const batchParam = z.object({ id: z.uuid({ message: 'Unknown batch' }) });

export const adminSchoolImagesRoutes = new Hono<AppEnv>()
  .post('/batch-update', requireAdmin, moderationLimit, validate('query', batchQuery), (c) => {
    const { limit } = c.req.valid('query');
    const { batch, alreadyRunning } = c.get('external').images.start(c.get('db'), limit ?? DEFAULT_BATCH_LIMIT);
    return c.json({ id: batch.id, status: batch.status, total: batch.total, processed: batch.processed, updated: batch.updated, results: batch.results, alreadyRunning }, 202);
  })
  .get('/batch-update/:id', requireAdmin, validate('param', batchParam), (c) => {
    const batch = c.get('external').images.get(c.get('db'), c.req.valid('param').id);
    if (!batch) return c.json({ error: 'Batch not found' }, 404);
    return c.json(batch, 200);
  });
