// Real figures for the home page's claims (the original brief's static numbers, made true). Jobs
// and reviews come from the figures kept by triggers; schools (a few thousand) are counted through an index.
import { z } from '@hono/zod-openapi';
import { countDistinct, eq } from 'drizzle-orm';
import { keptCounts, schools } from '../../db/schema';
import { openJobCount } from '../jobs/jobs.queries';
import { createRouter, jsonOf, resourceRoutes } from '../platform/route';

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

export const statsRoutes = createRouter().openapi(stats, (c) => {
  const db = c.get('db');
  const school = db
    .select({ n: countDistinct(schools.id), boroughs: countDistinct(schools.borough) })
    .from(schools)
    .where(eq(schools.isActive, true))
    .get()!;
  const activeJobs = openJobCount(db, c.get('now')());
  const approvedReviews = db.select({ n: keptCounts.n }).from(keptCounts).where(eq(keptCounts.key, 'reviews.approved')).get()?.n ?? 0;
  return c.json({ schools: school.n, boroughs: school.boroughs, activeJobs, reviews: approvedReviews }, 200);
});
