import { countDistinct, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { keptCounts, schools } from '../../db/schema';
import type { AppEnv } from '../context';
import { openJobCount } from '../jobs/jobs.queries';

/**
 * Real figures for the home page's claims (the original brief's static numbers, made true). Jobs and reviews
 * come from the figures kept by triggers; schools (a few thousand) are counted through an index.
 */
export const statsRoutes = new Hono<AppEnv>().get('/', (c) => {
  const db = c.get('db');
  const school = db.select({ n: countDistinct(schools.id), boroughs: countDistinct(schools.borough) }).from(schools).where(eq(schools.isActive, true)).get()!;
  const activeJobs = openJobCount(db, c.get('now')());
  const approvedReviews = db.select({ n: keptCounts.n }).from(keptCounts).where(eq(keptCounts.key, 'reviews.approved')).get()?.n ?? 0;
  return c.json({ schools: school.n, boroughs: school.boroughs, activeJobs, reviews: approvedReviews });
});
