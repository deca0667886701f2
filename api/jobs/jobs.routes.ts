import { z } from '@hono/zod-openapi';
import { jobPageSchoolShape, jobSchoolShape, jobShape } from '../../db/shapes';
import { resourceRoutes, errors, jsonOf, pageOf } from '../platform/route';
import { idParam } from '../platform/validate';
import { checkNear, nearFields } from '../schools/near.queries';
import { jobDocumentShape } from './documents.routes';
import { jobsQuery } from './jobs.queries';

const route = resourceRoutes('Jobs');

/** The job list's query: the shared filters plus Near me (`near=LAT,LON&within=MILES`). */
export const jobsListQuery = jobsQuery.extend(nearFields).superRefine(checkNear);

/** A job as the board shows it: its school (id, name, type) and that school's average rating. */
export const jobAnswer = jobShape.extend({
  school: jobSchoolShape.nullable(),
  schoolRating: z.number().nullable().describe("The school's average approved review rating, null with no reviews"),
  distanceMiles: z.number().optional().describe("Near me only: miles to the job's school, one decimal"),
});

/** One job as its page shows it: a school's own job's Markdown rendered, and the school's address, website and URN (its JobPosting). */
export const jobPageAnswer = jobAnswer.omit({ distanceMiles: true, school: true }).extend({
  school: jobPageSchoolShape.nullable(),
  descriptionHtml: z
    .string()
    .nullable()
    .describe(
      "A school's own job: its description's Markdown rendered and sanitised (null for an advert from a feed, whose description is plain text)",
    ),
  benefitsHtml: z.string().nullable().describe('A school\'s own job: "What we offer" rendered and sanitised'),
  documents: z
    .array(jobDocumentShape)
    .describe("A school's own job: its job pack and other PDFs, as downloads (decision 2116); [] for a feed's advert"),
  schoolVoice: z
    .object({
      reviewCount: z.number().int().describe('Approved reviews'),
      averageRating: z.number().nullable().describe('Average overall rating of the approved reviews, two decimals; null with none'),
      interviewCount: z.number().int().describe('Approved interview experiences'),
      mood: z
        .object({
          total: z.number().int(),
          averageSentiment: z.number().describe('1 (really struggling) to 5 (love working here), two decimals'),
          top: z.object({ mood: z.string(), emoji: z.string(), label: z.string(), count: z.number().int() }),
        })
        .nullable()
        .describe('The staff mood: how many shared one, their average, and the mood most shared; null when nobody has'),
      latestReview: z
        .object({
          id: z.number().int(),
          overallRating: z.number().int(),
          jobTitle: z.string().nullable(),
          line: z.string().describe('The first line of its pros, at most 140 characters'),
          createdAt: z.date(),
        })
        .nullable()
        .describe('The newest approved review, never who wrote it'),
    })
    .nullable()
    .describe("What teachers say of the job's school (issue 37): null for an employer that is not a school here"),
});

const saved = z.object({ saved: z.boolean() });

export const list = route.get('/jobs', {
  summary: 'Open jobs posted within the last month, a page at a time (product §9)',
  policy: { access: 'public', cache: 'everyone', data: ['jobs', 'schools'], page: { path: '/jobs', index: true } },
  request: { query: jobsListQuery },
  responses: { 200: pageOf(jobAnswer, 'A page of jobs'), ...errors(400) },
});

export const get = route.get('/jobs/{id}', {
  summary:
    "One job with what teachers say of its school (a school's draft, or its job published for a later date, is not found until then; a closed one says so)",
  policy: {
    access: 'public',
    cache: 'everyone',
    data: ['jobs', 'schools', 'reviews', 'interviews', 'moods'],
    page: { path: '/jobs/{id}', index: true },
  },
  request: { params: idParam },
  responses: { 200: jsonOf(jobPageAnswer, 'The job'), ...errors(400, 404) },
});

export const isSaved = route.get('/jobs/{id}/saved', {
  summary: 'Whether the signed-in user saved this job',
  policy: { access: 'user' },
  request: { params: idParam },
  responses: { 200: jsonOf(saved, 'Saved or not'), ...errors(400, 404) },
});

export const save = route.post('/jobs/{id}/save', {
  summary: 'Saves a job for the dashboard (saving twice keeps one)',
  policy: { access: 'user', limit: 'write', idempotent: true },
  request: { params: idParam },
  responses: { 201: jsonOf(saved, 'Saved now'), 200: jsonOf(saved, 'Was saved already'), ...errors(400, 404) },
});

export const unsave = route.delete('/jobs/{id}/save', {
  summary: 'Forgets a saved job',
  policy: { access: 'user', limit: 'write', idempotent: true },
  request: { params: idParam },
  responses: { 200: jsonOf(saved, 'Not saved'), ...errors(400, 404) },
});

/** A saved job as the dashboard lists it: the job (still listed after it leaves the board) and when it was saved. */
const savedJob = z.object({
  id: z.number().int(),
  createdAt: z.date(),
  job: jobShape
    .pick({
      id: true,
      title: true,
      borough: true,
      contractType: true,
      keyStage: true,
      subject: true,
      salaryMin: true,
      salaryMax: true,
      salaryText: true,
      description: true,
      isActive: true,
      isExternal: true,
      externalUrl: true,
      externalSource: true,
      employerName: true,
      applicationDeadline: true,
      postedAt: true,
      createdAt: true,
    })
    .extend({ school: jobSchoolShape.omit({ type: true }).nullable() }),
});

export const savedJobs = route.get('/saved-jobs', {
  summary: "The signed-in user's saved jobs, newest first (product §3)",
  policy: { access: 'user', page: { path: '/dashboard', index: false } },
  responses: { 200: jsonOf(z.array(savedJob), 'The saved jobs') },
});
