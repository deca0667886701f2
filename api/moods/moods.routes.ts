import { z } from '@hono/zod-openapi';
import { MOOD_VALUES } from '../../db/constants';
import { moodCommentShape, ownMoodShape } from '../../db/shapes';
import { moodInput } from '../../db/validation';
import { apiRoute, errors, jsonBody, jsonOf } from '../lib/route';
import { idParam } from '../lib/validate';

const tags = ['Moods'];

const moodStatsShape = z.object({
  totalMoods: z.number().int(),
  averageSentiment: z.number(),
  moodBreakdown: z.array(
    z.object({ mood: z.enum(MOOD_VALUES), emoji: z.string(), label: z.string(), count: z.number().int(), percentage: z.number().int() }),
  ),
  recentComments: z.array(moodCommentShape),
});

export const stats = apiRoute({
  method: 'get',
  path: '/schools/{id}/mood-stats',
  tags,
  summary: "A school's staff mood: the breakdown and the latest comments (never who set them)",
  policy: { access: 'public', cache: 'everyone', data: ['moods', 'schools'] },
  request: { params: idParam },
  responses: { 200: jsonOf(moodStatsShape, 'The mood statistics'), ...errors(400, 404, 429) },
});

export const own = apiRoute({
  method: 'get',
  path: '/schools/{id}/user-mood',
  tags,
  summary: "The signed-in user's own mood for a school, or null",
  policy: { access: 'user' },
  request: { params: idParam },
  responses: { 200: jsonOf(ownMoodShape.nullable(), 'Her mood, or null'), ...errors(400, 401, 404, 429) },
});

export const create = apiRoute({
  method: 'post',
  path: '/schools/{id}/mood',
  tags,
  summary: "Shares the user's mood for a school (one per school: 409 when she has one)",
  policy: { access: 'user', limit: 'write', idempotent: true },
  request: { params: idParam, body: jsonBody(moodInput) },
  responses: { 201: jsonOf(ownMoodShape, 'Her mood'), ...errors(400, 401, 404, 409, 422, 429) },
});

export const update = apiRoute({
  method: 'put',
  path: '/schools/{id}/mood',
  tags,
  summary: "Changes the user's mood for a school (404 when she has none)",
  policy: { access: 'user', limit: 'write', idempotent: true },
  request: { params: idParam, body: jsonBody(moodInput) },
  responses: { 200: jsonOf(ownMoodShape, 'Her mood'), ...errors(400, 401, 404, 409, 422, 429) },
});
