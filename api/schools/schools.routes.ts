import { z } from '@hono/zod-openapi';
import { schoolShape } from '../../db/shapes';
import { jobAnswer } from '../jobs/jobs.routes';
import { resourceRoutes, errors, jsonOf, pageOf } from '../platform/route';
import { idParam } from '../platform/validate';
import { schoolProfileShape } from './profile.routes';
import { schoolsQuery } from './schools.queries';

const route = resourceRoutes('Schools');

/** A school in the list: its kept rating and review count, and how many open jobs it has. */
export const schoolListItem = schoolShape.extend({
  averageRating: z.number().describe('Average approved review rating, two decimals; 0 with no reviews'),
  reviewCount: z.number().int(),
  openJobsCount: z.number().int(),
  distanceMiles: z.number().optional().describe('Near me only: miles away, one decimal'),
});

/** Product §3 school stats, over approved reviews; zeros when there are none; each sub-rating over the reviews that gave it (decision 2027). */
export const schoolStatsShape = z.object({
  averageRating: z.number(),
  totalReviews: z.number().int(),
  workLifeBalance: z.number(),
  compensation: z.number(),
  careerOpportunities: z.number(),
  culture: z.number(),
  leadership: z.number(),
  recommendationRate: z.number().int().describe('Per cent of reviewers who would recommend the school'),
  ratingCounts: z
    .object({
      workLifeBalance: z.number().int(),
      compensation: z.number().int(),
      careerOpportunities: z.number().int(),
      culture: z.number().int(),
      leadership: z.number().int(),
    })
    .describe('How many approved reviews gave each sub-rating (a review may leave one unrated); its average is over these'),
});

export const list = route.get('/schools', {
  summary: 'Active London schools by name or rating, a page at a time; search, filters and Near me',
  policy: { access: 'public', cache: 'everyone', data: ['schools', 'jobs'], page: { path: '/schools', index: true } },
  request: { query: schoolsQuery },
  responses: { 200: pageOf(schoolListItem, 'A page of schools'), ...errors(400) },
});

export const names = route.get('/schools/names', {
  summary: "Every active school's id, name and borough: the phone's offline copy for suggestions as you type",
  policy: { access: 'public', cache: 'everyone', data: ['schools'] },
  responses: {
    200: jsonOf(z.array(z.tuple([z.number().int(), z.string(), z.string()])), '[id, name, borough] of each active school, by name'),
  },
});

export const get = route.get('/schools/{id}', {
  summary: 'A school with its review stats, its open jobs and what its staff added to its page',
  policy: { access: 'public', cache: 'everyone', data: ['schools', 'jobs'], page: { path: '/schools/{id}', index: true } },
  request: { params: idParam },
  responses: {
    200: jsonOf(
      schoolShape.extend({ stats: schoolStatsShape, jobs: z.array(jobAnswer.omit({ distanceMiles: true })), profile: schoolProfileShape }),
      'The school',
    ),
    ...errors(400, 404),
  },
});
