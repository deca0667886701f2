// A school job's documents, its job pack (issue 37 item 12, decision 2116): its school's live
// members list, attach (a PDF as the raw body, as the school's photo) and remove them; the public
// reads them in the job's page answer (GET /api/jobs/{id} `documents`) and downloads them from
// /media/jobs/{file}.
import { z } from '@hono/zod-openapi';
import { JOB_DOCUMENT_LIMITS } from '../../core/constants';
import { resourceRoutes, errors, jsonOf } from '../platform/route';
import { idParam } from '../platform/validate';
import { DOCUMENT_TYPES } from './documents';

const route = resourceRoutes('School jobs');

/** A document as the job page lists it: its name, size and download address. */
export const jobDocumentShape = z
  .object({
    id: z.number().int(),
    name: z.string().describe('The name shown and downloaded as (ends in .pdf)'),
    bytes: z.number().int().describe('Its size in bytes'),
    url: z.string().describe('/media/jobs/{file}: sent as a download (Content-Disposition: attachment)'),
    createdAt: z.date(),
  })
  .openapi('JobDocument');

const list = jsonOf(z.array(jobDocumentShape), "The job's documents, first attached first");
/** Writes that change the job's page (its documents): its answer and lists are read again (decisions 0010, 1057). */
const policy = { access: 'user', limit: 'write', data: ['jobs'] } as const;

export const documents = route.get('/jobs/{id}/documents', {
  summary: "A school's job's documents as its staff see them, a draft's too (the school's live members only)",
  policy: { access: 'user', cache: 'none', data: ['jobs'] },
  request: { params: idParam },
  responses: { 200: list, ...errors(400, 403, 404) },
});

export const attach = route.post('/jobs/{id}/documents', {
  summary: `Attaches a PDF to a school's job (its live members): the file as the body (application/pdf, up to 5 MB), \`name\` as it should be shown; at most ${JOB_DOCUMENT_LIMITS.perJob} a job`,
  policy: { ...policy, upload: { types: DOCUMENT_TYPES, maxBytes: JOB_DOCUMENT_LIMITS.bytes } },
  request: {
    params: idParam,
    query: z.object({
      name: z
        .string({ message: 'Name the document' })
        .trim()
        .min(1, 'Name the document')
        .max(255, 'The name must be 255 characters or fewer')
        .describe('The file name the browser gave (folders dropped, shortened to 100 characters, ending in .pdf)'),
    }),
    body: {
      required: true,
      content: { 'application/pdf': { schema: z.string().openapi({ type: 'string', format: 'binary' }) } },
    },
  },
  responses: {
    201: list,
    ...errors(400, 403, 404, 409, 413, 415, 503),
  },
});

export const remove = route.delete('/jobs/{id}/documents/{documentId}', {
  summary: "Removes a document from a school's job (its live members): off the job page, its file deleted",
  policy,
  request: { params: idParam.extend({ documentId: idParam.shape.id }) },
  responses: { 200: list, ...errors(400, 403, 404, 503) },
});
