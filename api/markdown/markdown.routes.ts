// The Markdown preview of the product's forms (a school's job description, "What we offer",
// "About the school", a forum post): the browser carries no Markdown parser or sanitiser, so a
// form's Preview asks the server to render the source with the one renderer every page uses
// (api/markdown/render.ts, its work bounded). Nothing is stored. A render costs more than an ordinary
// read, so previews count against their own limit per user (limit 'preview', decision 1411), not
// the writer's writes.
import { z } from '@hono/zod-openapi';
import { JOB_TEXT_MAX } from '../../core/constants';
import { resourceRoutes, errors, jsonBody, jsonOf } from '../platform/route';

export const previewInput = z.object({
  source: z.string({ error: 'Must be text' }).max(JOB_TEXT_MAX, `Must be at most ${JOB_TEXT_MAX.toLocaleString('en-GB')} characters`),
});

export const preview = resourceRoutes('Site').post('/markdown/preview', {
  summary: "Renders Markdown of the product's safe subset as the pages show it (a form's Preview); nothing is stored",
  policy: { access: 'user', limit: 'preview' },
  request: { body: jsonBody(previewInput) },
  responses: {
    200: jsonOf(z.object({ html: z.string().describe('The sanitised HTML ("" for an empty source)') }), 'The rendered preview'),
    ...errors(400, 415),
  },
});
