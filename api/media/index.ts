// GET /media/schools/{file}: the files staff upload (a school's photo, decision 2110), read from
// the data directory. A file's name carries a hash of its content, so an answer never changes
// and is cached for a year as immutable; outside /api/, the service worker keeps it with the
// other images for offline use.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { PHOTO_FILE, readPhoto } from '../schools/photos';

const schoolPhoto = createRoute({
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

export function mediaRoutes(mediaDir: string | undefined) {
  return new OpenAPIHono().openapi(
    schoolPhoto,
    async (c) => {
      const body = mediaDir ? await readPhoto(mediaDir, c.req.param('file')) : null;
      if (!body) return c.text('Not found', 404);
      return c.body(new Uint8Array(body), 200, {
        'Content-Type': 'image/webp',
        'Content-Length': String(body.length),
        'Cache-Control': 'public, max-age=31536000, immutable',
      });
    },
    // A malformed name is simply not a file of ours.
    (result, c) => (result.success ? undefined : c.text('Not found', 404)),
  );
}
