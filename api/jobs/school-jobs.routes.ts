// A school's own vacancies (decision 2104): its verified staff post, edit and close them; the
// public counts views and apply clicks (counts only, never who).
import { z } from '@hono/zod-openapi';
import { schoolJobInput } from '../../core/validation';
import { jobShape } from '../../db/shapes';
import { resourceRoutes, errors, jsonBody, jsonOf } from '../platform/route';
import { requireSchoolMember } from '../schools/members';
import { idParam } from '../platform/validate';

const route = resourceRoutes('School jobs', { schoolMember: requireSchoolMember });

/** A school's job as its staff see it: every field, the form's pay scale pick, the rendered Markdown, where it stands and its counts. */
export const ownJobAnswer = jobShape
  .extend({
    payScale: z
      .object({
        region: z.string(),
        paySpine: z.string(),
        effectiveDate: z.string(),
        from: z.string(),
        to: z.string(),
        toSpine: z.string().optional().describe("The last point's range, when the pay runs into the next range (M1-U3)"),
      })
      .nullable()
      .describe('The pay scale points the salary was taken from, if picked'),
    descriptionHtml: z.string().describe("The description's Markdown, rendered and sanitised"),
    benefitsHtml: z.string().describe('"What we offer", rendered and sanitised'),
    state: z
      .enum(['draft', 'scheduled', 'live', 'ended', 'closed'])
      .describe('draft; scheduled (published for a later date); live (on the board); ended (past its closing date or month); closed'),
    counts: z
      .object({ views: z.number().int(), saves: z.number().int(), applyClicks: z.number().int() })
      .describe('Counts only, never who'),
  })
  .openapi('SchoolJob');

const counted = z.object({
  counted: z.boolean().describe("false when this viewer was counted today already, or the job is not a school's live job"),
});

export const create = route.post('/schools/{id}/jobs', {
  summary:
    "Posts a vacancy of the school: a draft, published now, or published on a date (the school's verified staff; 429 past 20 publications in a London day)",
  policy: { access: 'user', school: 'editor', limit: 'write', idempotent: true, data: ['jobs'] },
  request: { params: idParam, body: jsonBody(schoolJobInput) },
  responses: { 201: jsonOf(ownJobAnswer, 'The job'), ...errors(400, 404, 409, 415) },
});

export const list = route.get('/schools/{id}/jobs', {
  summary: "The school's own vacancies (drafts, scheduled, live, ended, closed) with their views, saves and apply clicks",
  policy: { access: 'user', school: 'editor', page: { path: '/manage/schools/{id}/jobs', index: false }, data: ['jobs'] },
  request: { params: idParam },
  responses: { 200: jsonOf(z.array(ownJobAnswer), 'The jobs, last changed first'), ...errors(400) },
});

export const update = route.patch('/jobs/{id}', {
  summary:
    "Edits a school's vacancy in place (same id; the school's verified staff); publishes a draft now or on a date (429 past 20 publications in a London day)",
  policy: { access: 'user', limit: 'write', idempotent: true, data: ['jobs'] },
  request: { params: idParam, body: jsonBody(schoolJobInput) },
  responses: { 200: jsonOf(ownJobAnswer, 'The job'), ...errors(400, 403, 404, 409, 415) },
});

export const close = route.post('/jobs/{id}/close', {
  summary: "Closes a school's vacancy early: off the board, the sitemap and the structured data; its page says it is closed",
  policy: { access: 'user', limit: 'write', idempotent: true, data: ['jobs'] },
  request: { params: idParam },
  responses: { 200: jsonOf(ownJobAnswer, 'The closed job'), ...errors(400, 403, 404) },
});

export const view = route.post('/jobs/{id}/view', {
  summary: "Counts a view of a school's job page (once per viewer a day; counts only, never who)",
  policy: { access: 'public', limit: 'write' },
  request: { params: idParam },
  responses: { 200: jsonOf(counted, 'Counted or not'), ...errors(400, 404) },
});

export const applyClick = route.post('/jobs/{id}/apply-click', {
  summary: "Counts a click on a school's job's apply link (once per viewer a day; counts only, never who)",
  policy: { access: 'public', limit: 'write' },
  request: { params: idParam },
  responses: { 200: jsonOf(counted, 'Counted or not'), ...errors(400, 404) },
});
