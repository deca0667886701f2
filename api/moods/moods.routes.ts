import { z } from '@hono/zod-openapi';
import { MOOD_VALUES } from '../../core/constants';
import { moodCommentShape, ownMoodShape } from '../../db/shapes';
import { moodInput } from '../../core/validation';
import { resourceRoutes, errors, jsonBody, jsonOf } from '../platform/route';
import { idParam } from '../platform/validate';

const route = resourceRoutes('Moods');

const moodStatsShape = z.object({
  totalMoods: z.number().int(),
  averageSentiment: z.number(),
  moodBreakdown: z.array(
    z.object({ mood: z.enum(MOOD_VALUES), emoji: z.string(), label: z.string(), count: z.number().int(), percentage: z.number().int() }),
  ),
  recentComments: z.array(moodCommentShape),
});

export const stats = route.get('/schools/{id}/mood-stats', {
  summary: "A school's staff mood: the breakdown and the latest comments (never who set them)",
  policy: { access: 'public', cache: 'everyone', data: ['moods', 'schools'] },
  request: { params: idParam },
  responses: { 200: jsonOf(moodStatsShape, 'The mood statistics'), ...errors(400, 404) },
});

export const own = route.get('/schools/{id}/user-mood', {
  summary: "The signed-in user's own mood for a school, or null",
  policy: { access: 'user', data: ['moods'] },
  request: { params: idParam },
  responses: { 200: jsonOf(ownMoodShape.nullable(), 'Her mood, or null'), ...errors(400, 404) },
});

export const create = route.post('/schools/{id}/mood', {
  summary: "Shares the user's mood for a school (one per school: 409 when she has one)",
  policy: { access: 'user', limit: 'write', idempotent: true, data: ['moods'] },
  request: { params: idParam, body: jsonBody(moodInput) },
  responses: { 201: jsonOf(ownMoodShape, 'Her mood'), ...errors(400, 404, 409) },
});

export const update = route.put('/schools/{id}/mood', {
  summary: "Changes the user's mood for a school (404 when she has none)",
  policy: { access: 'user', limit: 'write', idempotent: true, data: ['moods'] },
  request: { params: idParam, body: jsonBody(moodInput) },
  responses: { 200: jsonOf(ownMoodShape, 'Her mood'), ...errors(400, 404, 409) },
});
