// A school job's documents (decision 2116): only its school's live members list, attach or remove
// them (403 for anyone else, 404 for a job that is not a school's own); each change is a
// school_audit row in the same transaction. The file is written before the row, the row decides:
// a refused upload's file is removed unless a row already names it (the same PDF attached before).
import type { RouteHandler } from '@hono/zod-openapi';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { JOB_DOCUMENT_LIMITS } from '../../core/constants';
import type { DB } from '../../db/client';
import { jobDocuments, schoolAudit, type JobDocument } from '../../db/schema';
import type { AppEnv } from '../context';
import { ApiError, notFound } from '../platform/http-error';
import { assertSchoolMember } from '../schools/members';
import { checkPdf, cleanName, DOCUMENT_TYPES, documentFile, documentUrl, refuseFile, removeDocument, storeDocument } from './documents';
import type * as routes from './documents.routes';
import { findSchoolJob } from './school-jobs.service';

const TOO_MANY = `A job has at most ${JOB_DOCUMENT_LIMITS.perJob} documents: remove one first`;
const ALREADY = 'This file is already attached to the job';

/** A document as the job page lists it. */
export const documentAnswer = (d: JobDocument) => ({
  id: d.id,
  name: d.name,
  bytes: d.bytes,
  url: documentUrl(d.file),
  createdAt: d.createdAt,
});

/** The job's documents, first attached first (the public job page and its staff read the same). */
export function documentsOf(db: DB, jobId: number) {
  return db.select().from(jobDocuments).where(eq(jobDocuments.jobId, jobId)).orderBy(asc(jobDocuments.id)).all().map(documentAnswer);
}

function mediaDirOf<E extends AppEnv>(c: Context<E>): string {
  const dir = c.get('mediaDir');
  if (!dir) throw new ApiError(503, { error: 'Document uploads are not set up on this server' });
  return dir;
}

/** The school's job the caller acts on, and her membership of its school. */
function memberJob<E extends AppEnv>(c: Context<E>, id: number) {
  const job = findSchoolJob(c.get('db'), id);
  const member = assertSchoolMember(c, job.schoolId!);
  return { job, member };
}

const countOf = (db: Pick<DB, 'select'>, jobId: number) =>
  db.select({ n: count() }).from(jobDocuments).where(eq(jobDocuments.jobId, jobId)).get()!.n;

export const documents: RouteHandler<typeof routes.documents> = (c) => {
  const { job } = memberJob(c, c.req.valid('param').id);
  return c.json(documentsOf(c.get('db'), job.id), 200);
};

export const attach: RouteHandler<typeof routes.attach> = async (c) => {
  const db = c.get('db');
  const { job, member } = memberJob(c, c.req.valid('param').id);
  const dir = mediaDirOf(c);
  // The cross-site check refuses other types when the body has a length; a chunked body meets the same rule here.
  const type = (c.req.header('Content-Type') ?? '').split(';')[0].trim().toLowerCase();
  if (!(DOCUMENT_TYPES as readonly string[]).includes(type)) throw new ApiError(415, { error: 'Content-Type must be application/pdf' });
  // Refused before the body is read when the job is full already (the transaction counts again).
  if (countOf(db, job.id) >= JOB_DOCUMENT_LIMITS.perJob) throw refuseFile(TOO_MANY, 409);
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  checkPdf(bytes);
  const name = cleanName(c.req.valid('query').name);
  const file = documentFile(job.id, bytes);
  await storeDocument(dir, file, bytes);
  const now = c.get('now')();
  try {
    db.transaction((tx) => {
      const same = tx
        .select({ id: jobDocuments.id })
        .from(jobDocuments)
        .where(and(eq(jobDocuments.jobId, job.id), eq(jobDocuments.file, file)))
        .get();
      if (same) throw refuseFile(ALREADY, 409);
      if (countOf(tx, job.id) >= JOB_DOCUMENT_LIMITS.perJob) throw refuseFile(TOO_MANY, 409);
      tx.insert(jobDocuments).values({ jobId: job.id, name, file, bytes: bytes.length, uploadedBy: member.userId, createdAt: now }).run();
      tx.insert(schoolAudit)
        .values({
          schoolId: job.schoolId!,
          actorUserId: member.userId,
          action: 'document.attached',
          detail: { jobId: job.id, file, name },
          at: now,
        })
        .run();
    });
  } catch (error) {
    const kept = db
      .select({ id: jobDocuments.id })
      .from(jobDocuments)
      .where(and(eq(jobDocuments.jobId, job.id), eq(jobDocuments.file, file)))
      .get();
    if (!kept) await removeDocument(dir, file);
    throw error;
  }
  return c.json(documentsOf(db, job.id), 201);
};

export const remove: RouteHandler<typeof routes.remove> = async (c) => {
  const db = c.get('db');
  const { id, documentId } = c.req.valid('param');
  const { job, member } = memberJob(c, id);
  const dir = mediaDirOf(c);
  const now = c.get('now')();
  const gone = db.transaction((tx) => {
    const doc = tx
      .select()
      .from(jobDocuments)
      .where(and(eq(jobDocuments.id, documentId), eq(jobDocuments.jobId, job.id)))
      .get();
    if (!doc) return null;
    tx.delete(jobDocuments).where(eq(jobDocuments.id, doc.id)).run();
    tx.insert(schoolAudit)
      .values({
        schoolId: job.schoolId!,
        actorUserId: member.userId,
        action: 'document.removed',
        detail: { jobId: job.id, file: doc.file, name: doc.name },
        at: now,
      })
      .run();
    return doc;
  });
  if (!gone) throw notFound('Document');
  await removeDocument(dir, gone.file);
  return c.json(documentsOf(db, job.id), 200);
};
