// GET /media/schools/{file}: the files staff upload (a school's photo, decision 2110), read from
// the data directory. A file's name carries a hash of its content, so an answer never changes
// and is cached for a year as immutable; outside /api/, the service worker keeps it with the
// other images for offline use. GET /media/jobs/{file}: a school job's document (decision 2116),
// only while a job lists it, always as a download under its shown name, in a sandbox.
import { OpenAPIHono } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { jobDocuments } from '../../db/schema';
import { attachment, readDocument } from '../jobs/documents';
import { readPhoto } from '../schools/photos';
import { jobDocument, schoolPhoto } from './media.routes';

/** What a document is sent with: never shown in the site's pages, never sniffed, never run (decision 2116). */
export function documentHeaders(name: string, bytes: number): Record<string, string> {
  return {
    'Content-Type': 'application/pdf',
    'Content-Length': String(bytes),
    'Content-Disposition': attachment(name),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "sandbox; default-src 'none'",
    // A removed document goes at once: every download asks again (the name may change with it).
    'Cache-Control': 'no-cache',
  };
}

export function mediaRoutes(mediaDir: string | undefined, db?: DB) {
  const documents = new OpenAPIHono().openapi(
    jobDocument,
    async (c) => {
      const file = c.req.param('file');
      const doc = db?.select({ name: jobDocuments.name }).from(jobDocuments).where(eq(jobDocuments.file, file)).get();
      const body = doc && mediaDir ? await readDocument(mediaDir, file) : null;
      if (!doc || !body) return c.text('Not found', 404);
      return c.body(new Uint8Array(body), 200, documentHeaders(doc.name, body.length));
    },
    (result, c) => (result.success ? undefined : c.text('Not found', 404)),
  );
  const photos = new OpenAPIHono().openapi(
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
  return new OpenAPIHono().route('/', photos).route('/', documents);
}
