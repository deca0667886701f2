import { z } from '@hono/zod-openapi';
import { REPORT_KINDS } from '../../db/schema';
import { reportInput } from '../../core/validation';
import { resourceRoutes, errors, jsonBody, jsonOf } from '../platform/route';

export const report = resourceRoutes('Reports').post('/reports', {
  summary: 'Reports a review, interview, mood comment, thread or reply the user can see (once per item; 409 on a repeat)',
  policy: { access: 'user', limit: 'write', idempotent: true },
  request: { body: jsonBody(reportInput) },
  responses: {
    201: jsonOf(
      z.object({
        kind: z.enum(REPORT_KINDS),
        id: z.number().int(),
        received: z.literal(true),
        hidden: z.boolean().describe('Hidden from the public until a moderator decides'),
      }),
      'Received',
    ),
    ...errors(400, 404, 409),
  },
});
