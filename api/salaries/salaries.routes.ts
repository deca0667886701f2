import { z } from '@hono/zod-openapi';
import { ownSalaryShape } from '../../db/shapes';
import { salaryInput } from '../../db/validation';
import { resourceRoutes, errors, jsonBody, jsonOf } from '../lib/route';
import { idParam } from '../lib/validate';

const route = resourceRoutes('Salaries');

const group = {
  count: z.number().int(),
  average: z.number().int().nullable().describe('Rounded to the pound; every published group has at least k submissions'),
};
const salaryStats = z.object({
  averageByRole: z.array(z.object({ role: z.string(), ...group })),
  averageByExperience: z.array(z.object({ experience: z.string(), ...group })),
  minimumGroupSize: z.number().int(),
  publishedAt: z.string().nullable().describe('When these figures were published (ISO); null before the first batch'),
});
const recentSalary = z.object({
  id: z.number().int(),
  jobTitle: z.string(),
  schoolType: z.string(),
  borough: z.string(),
  yearsExperience: z.string(),
  annualSalary: z.number().int().describe('Rounded to the nearest £1,000'),
  createdAt: z.string().describe('The first day of the month of the submission (ISO, UTC)'),
});

export const recent = route.get('/salaries', {
  summary: 'Recent published submissions, each rounded (decision 1420)',
  policy: { access: 'public', cache: 'everyone', data: ['salaries'], page: { path: '/salaries', index: true } },
  responses: { 200: jsonOf(z.array(recentSalary), 'The recent submissions') },
});

export const stats = route.get('/salaries/stats', {
  summary: 'Average salaries by role and by experience, as last published',
  policy: { access: 'public', cache: 'everyone', data: ['salaries'] },
  responses: { 200: jsonOf(salaryStats, 'The published figures') },
});

export const create = route.post('/salaries', {
  summary: 'Submits a salary; it is counted in the published figures by a later batch',
  policy: { access: 'user', limit: 'write', idempotent: true },
  request: { body: jsonBody(salaryInput) },
  responses: { 201: jsonOf(ownSalaryShape, 'The submission as stored'), ...errors(400) },
});

export const remove = route.delete('/salaries/{id}', {
  summary:
    'Takes back her own submission: one not yet published is deleted; a published one leaves the figures at a later batch, never between batches (404 for anyone else)',
  policy: { access: 'user', limit: 'write', idempotent: true },
  request: { params: idParam },
  responses: {
    200: jsonOf(
      z.object({
        kind: z.literal('salary'),
        id: z.number().int(),
        deleted: z.literal(true),
        leavesPublishedFigures: z
          .boolean()
          .describe('true: it was published and leaves the averages at a coming daily batch (decision 2020)'),
      }),
      'Taken back',
    ),
    ...errors(400, 404),
  },
});
