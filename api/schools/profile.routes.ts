// The school's page as its staff keep it (decision 2110): "About the school", its website, its
// photo and its own figures beside the register's. Routes of the school's own (policy.school):
// only its live members reach the handlers (decision 2103).
import { z } from '@hono/zod-openapi';
import { schoolProfileInput } from '../../core/validation';
import { resourceRoutes, errors, jsonBody, jsonOf } from '../platform/route';
import { requireSchoolMember } from './members';
import { idParam } from '../platform/validate';
import { PHOTO_TYPES } from './photos';

const route = resourceRoutes('Schools', { schoolMember: requireSchoolMember });

/** One of the school's own figures, with when it was given ("Provided by the school, November 2026"). */
const figure = <T extends z.ZodType>(value: T) => z.object({ value, at: z.date() }).nullable();

/** What the school's staff added to its page; the register's values stay in the school's own fields. */
export const schoolProfileShape = z
  .object({
    about: z.string().nullable().describe('"About the school": the Markdown source (the edit form\'s text)'),
    aboutHtml: z.string().nullable().describe('The same, rendered to sanitised HTML (api/markdown/render.ts)'),
    website: z.string().nullable().describe("The school's own link for readers (the register's website is `website` on the school)"),
    photo: z
      .object({
        url: z.string().describe('1200 px wide WebP (immutable URL)'),
        smallUrl: z.string().describe('400 px wide WebP'),
        width: z.number().int(),
        height: z.number().int(),
        at: z.date(),
      })
      .nullable(),
    corrections: z
      .object({ pupils: figure(z.number().int()), staff: figure(z.number().int()), phase: figure(z.string()) })
      .describe("The school's own figures, shown beside the register's"),
    managedSince: z
      .date()
      .nullable()
      .describe('When the school\'s staff were first verified, while one membership is live: "Managed by the school"'),
  })
  .openapi('SchoolProfile');

/** The profile's writes: its staff's, counted as writes; they change what the school's page shows. */
const policy = { access: 'user', school: 'editor', limit: 'write', data: ['schools'] } as const;

export const ownProfile = route.get('/schools/{id}/profile', {
  summary: "The school's page for its staff's editor, with the caller's role (403 for anyone else)",
  policy: { access: 'user', school: 'editor', page: { path: '/edit-school/{id}', index: false }, data: ['schools'] },
  request: { params: idParam },
  responses: {
    200: jsonOf(
      schoolProfileShape.extend({ role: z.enum(['admin', 'editor']), schoolName: z.string() }),
      "The school's page and the caller's role",
    ),
    ...errors(400, 404),
  },
});

export const editProfile = route.patch('/schools/{id}/profile', {
  summary:
    'Changes the school\'s "About", website or own figures (a field left out stays; null clears it); the register\'s values are never changed',
  policy: { ...policy, idempotent: true },
  request: { params: idParam, body: jsonBody(schoolProfileInput) },
  responses: { 200: jsonOf(schoolProfileShape, "The school's page as it now reads"), ...errors(400, 404) },
});

const imageBody = z.string().openapi({ type: 'string', format: 'binary' });

export const uploadPhoto = route.put('/schools/{id}/photo', {
  summary:
    "Sets the school's photo: a JPEG, PNG or WebP file up to 5 MB as the body, re-encoded without its metadata to 1200 and 400 px wide WebP",
  policy: { ...policy, upload: { types: PHOTO_TYPES, maxBytes: 5 * 1024 * 1024 } },
  request: {
    params: idParam,
    body: { required: true, content: Object.fromEntries(PHOTO_TYPES.map((t) => [t, { schema: imageBody }])) },
  },
  responses: { 200: jsonOf(schoolProfileShape, "The school's page with its new photo"), ...errors(400, 404, 413, 415, 503) },
});

export const removePhoto = route.delete('/schools/{id}/photo', {
  summary: "Removes the school's photo (the page shows its initials again)",
  policy,
  request: { params: idParam },
  responses: { 200: jsonOf(schoolProfileShape, "The school's page without a photo"), ...errors(400, 404, 503) },
});
