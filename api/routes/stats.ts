import { and, count, countDistinct, eq, gte } from 'drizzle-orm';
import { Hono } from 'hono';
import { jobs, reviews, schools } from '../../db/schema';
import type { AppEnv } from '../context';
import { oneMonthBefore } from '../lib/time';

/** Real figures for the home page's claims (the original brief's static numbers, made true). */
export const statsRoutes = new Hono<AppEnv>().get('/', (c) => {
  const db = c.get('db');
  const school = db.select({ n: count(), boroughs: countDistinct(schools.borough) }).from(schools).where(eq(schools.isActive, true)).get()!;
  const activeJobs = db.select({ n: count() }).from(jobs).where(and(eq(jobs.isActive, true), gte(jobs.postedAt, oneMonthBefore(c.get('now')())))).get()!.n;
  const approvedReviews = db.select({ n: count() }).from(reviews).where(eq(reviews.isApproved, true)).get()!.n;
  return c.json({ schools: school.n, boroughs: school.boroughs, activeJobs, reviews: approvedReviews });
});
