import { z } from '@hono/zod-openapi';
import { ownSalaryShape } from '../../db/shapes';
import { salaryInput } from '../../core/validation';
import { resourceRoutes, errors, jsonBody, jsonOf } from '../platform/route';
import { filterOf, idParam } from '../platform/validate';
import { BOROUGHS, EXPERIENCE_BANDS } from '../../core/constants';
import { SALARY_AREAS, SALARY_PHASES } from '../../core/salary-lists';

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

const payBand = z.object({
  name: z.string().describe('Which band: "Main and upper pay ranges (M1-U3)"'),
  area: z.string().describe('The pay area of its figures ("Outer to Inner London" for all of London)'),
  year: z.string().describe('The pay year, effective 1 September (yyyy-mm-dd)'),
  from: z.number().int(),
  to: z.number().int(),
});
const salaryGroups = z.object({
  filter: z.object({
    area: z.string().nullable(),
    phase: z.string().nullable(),
    borough: z.string().nullable(),
    experience: z.string().nullable(),
  }),
  groups: z.array(
    z.object({
      role: z.string(),
      count: z.number().int(),
      median: z.number().int(),
      p25: z.number().int().describe('25th percentile (linear interpolation), rounded to the pound'),
      p75: z.number().int().describe('75th percentile (linear interpolation), rounded to the pound'),
      average: z.number().int(),
      band: payBand.nullable(),
      bandNote: z.string().nullable().describe('Why the role has no pay-scale band'),
      notes: z.array(z.string()).describe('An odd figure explained in words'),
    }),
  ),
  minimumGroupSize: z.number().int(),
  publishedAt: z.string().nullable(),
});
export const groupsQuery = z.object({
  area: filterOf(SALARY_AREAS),
  phase: filterOf(SALARY_PHASES),
  borough: filterOf(BOROUGHS),
  experience: filterOf(EXPERIENCE_BANDS),
});

export const groups = route.get('/salaries/groups', {
  summary:
    'Median, 25th-75th percentile and average by role under filters, each beside its pay-scale band, as last published (decision 1425)',
  policy: { access: 'public', cache: 'everyone', data: ['salaries', 'pay_scales'] },
  request: { query: groupsQuery },
  responses: { 200: jsonOf(salaryGroups, 'The groups of at least k submissions under the filters'), ...errors(400) },
});

export const create = route.post('/salaries', {
  summary: 'Submits a salary; it is counted in the published figures by a later batch',
  policy: { access: 'user', limit: 'write', idempotent: true, data: ['salaries'] },
  request: { body: jsonBody(salaryInput) },
  responses: { 201: jsonOf(ownSalaryShape, 'The submission as stored'), ...errors(400) },
});

export const remove = route.delete('/salaries/{id}', {
  summary:
    'Takes back her own submission: one not yet published is deleted; a published one leaves the figures at a later batch, never between batches (404 for anyone else)',
  policy: { access: 'user', limit: 'write', idempotent: true, data: ['salaries'] },
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
