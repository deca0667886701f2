// Real figures for the home page's claims (the original brief's static numbers, made true). Jobs
// and reviews come from the figures kept by triggers; schools (a few thousand) are counted through an index.
import { z } from '@hono/zod-openapi';
import { jsonOf, resourceRoutes } from '../platform/route';

export const stats = resourceRoutes('Site').get('/stats', {
  summary: 'How many schools, boroughs, open jobs and approved reviews the site holds',
  policy: { access: 'public', cache: 'everyone', data: ['schools', 'jobs', 'reviews'], page: { path: '/', index: true } },
  responses: {
    200: jsonOf(
      z.object({ schools: z.number().int(), boroughs: z.number().int(), activeJobs: z.number().int(), reviews: z.number().int() }),
      'The figures',
    ),
  },
});
