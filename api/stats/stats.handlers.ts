import type { RouteHandler } from '@hono/zod-openapi';
import { countDistinct, eq } from 'drizzle-orm';
import { keptCounts, schools } from '../../db/schema';
import { openJobCount } from '../jobs/jobs.queries';
import type * as routes from './stats.routes';

export const stats: RouteHandler<typeof routes.stats> = (c) => {
  const db = c.get('db');
  const school = db
    .select({ n: countDistinct(schools.id), boroughs: countDistinct(schools.borough) })
    .from(schools)
    .where(eq(schools.isActive, true))
    .get()!;
  const activeJobs = openJobCount(db, c.get('now')());
  const approvedReviews = db.select({ n: keptCounts.n }).from(keptCounts).where(eq(keptCounts.key, 'reviews.approved')).get()?.n ?? 0;
  return c.json({ schools: school.n, boroughs: school.boroughs, activeJobs, reviews: approvedReviews }, 200);
};
