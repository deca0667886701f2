import { z } from '@hono/zod-openapi';
import { resourceRoutes, errors, jsonOf } from '../platform/route';
import { MAX_BATCH_LIMIT } from '../schools/images';

const route = resourceRoutes('Admin');

const refreshResult = z.object({
  deletedJobs: z.number().int(),
  imported: z.number().int(),
  updated: z.number().int(),
  deactivated: z.number().int().describe('Listings of ours no longer in the (complete) feed: filled, withdrawn or expired'),
  skipped: z.number().int(),
  skipReasons: z.record(z.string(), z.number().int()),
  pages: z.number().int(),
  listings: z.number().int(),
  capped: z.boolean(),
});

export const refreshJobs = route.post('/jobs/refresh', {
  summary: 'Deletes jobs posted over a month ago and imports the London listings of the Teaching Vacancies feed',
  policy: { access: 'admin', limit: 'moderation', data: ['jobs'] },
  responses: {
    200: jsonOf(refreshResult, 'What the refresh did'),
    ...errors(409, 502),
    503: jsonOf(
      z.object({ error: z.string() }),
      'No jobs feed here (outside production without TEACHING_VACANCIES_URL): nothing is fetched',
    ),
  },
});

const batchQuery = z.object({
  limit: z.coerce
    .number({ message: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(MAX_BATCH_LIMIT, `Limit must be at most ${MAX_BATCH_LIMIT}`)
    .optional(),
});

const imageResult = z.object({
  schoolId: z.number().int(),
  success: z.boolean(),
  source: z.string().nullable(),
  imageUrl: z.string().optional(),
  error: z.string().optional(),
});
const batch = z.object({
  id: z.string(),
  status: z.enum(['running', 'done']),
  total: z.number().int(),
  processed: z.number().int(),
  updated: z.number().int(),
  results: z.array(imageResult),
});

export const startImageBatch = route.post('/schools/images/batch-update', {
  summary: 'Starts a background batch that finds school images; answers at once with its id',
  policy: { access: 'admin', limit: 'moderation' },
  request: { query: batchQuery },
  responses: {
    202: jsonOf(batch.extend({ alreadyRunning: z.boolean() }), 'The batch, started (or the one already running)'),
    ...errors(400),
  },
});

export const imageBatch = route.get('/schools/images/batch-update/{id}', {
  summary: "A batch's progress and results",
  policy: { access: 'admin' },
  request: { params: z.object({ id: z.uuid({ message: 'Unknown batch' }) }) },
  responses: {
    200: jsonOf(batch.extend({ startedAt: z.string(), finishedAt: z.string().nullable() }), 'The batch'),
    404: jsonOf(z.object({ error: z.string() }), 'Batch not found'),
    ...errors(400),
  },
});
