// The media routes (a school's photo, a job's document): declared here, answered by media.handlers.ts.
import { createRoute, z } from '@hono/zod-openapi';
import { DOCUMENT_FILE } from '../jobs/documents';
import { PHOTO_FILE } from '../schools/photos';

export const schoolPhoto = createRoute({
  method: 'get',
  path: '/media/schools/{file}',
  tags: ['Schools'],
  summary: "A school's photo as stored: `{school}-{hash}-1200.webp` or `-400.webp` (immutable)",
  request: { params: z.object({ file: z.string().regex(PHOTO_FILE) }) },
  responses: {
    200: { description: 'The WebP file', content: { 'image/webp': { schema: z.string().openapi({ type: 'string', format: 'binary' }) } } },
    404: { description: 'No such file', content: { 'text/plain': { schema: z.string() } } },
  },
});

export const jobDocument = createRoute({
  method: 'get',
  path: '/media/jobs/{file}',
  tags: ['School jobs'],
  summary: "A school job's document, `{job}-{hash}.pdf`: a download (attachment) under its shown name, sandboxed",
  request: { params: z.object({ file: z.string().regex(DOCUMENT_FILE) }) },
  responses: {
    200: { description: 'The PDF', content: { 'application/pdf': { schema: z.string().openapi({ type: 'string', format: 'binary' }) } } },
    404: { description: 'No such document', content: { 'text/plain': { schema: z.string() } } },
  },
});
