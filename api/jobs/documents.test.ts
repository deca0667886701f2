// A school job's documents (issue 37 item 12, decision 2116): a PDF by its bytes, at most 5 MB and
// 3 a job, attached and removed by the school's live members only, listed on the public job page
// with name and size, and downloaded from /media/jobs/{file} as an attachment in a sandbox.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobDocuments, jobs, schoolAudit, schoolMembers, schools } from '../../db/schema';
import { signIn, testApp } from '../../test/app';
import { activeNames, attachment, cleanName } from './documents';

const NOW = new Date('2026-11-25T12:00:00Z');
const { db, app, mediaDir } = testApp({ demo: false, now: NOW, rateLimit: false });
const [a, b] = db.select().from(schools).where(eq(schools.isActive, true)).orderBy(schools.id).limit(2).all();

function member(id: string, schoolId: number) {
  const cookie = signIn(db, { id, email: `${id}@example.test`, firstName: 'Sam' });
  db.insert(schoolMembers)
    .values({ userId: id, schoolId, role: 'editor', method: 'email', email: `${id}@school.sch.uk`, verifiedAt: NOW, confirmedAt: NOW })
    .run();
  return cookie;
}
const editorA = member('jd:editorA', a.id);
const editorB = member('jd:editorB', b.id);
const teacher = signIn(db, { id: 'jd:teacher', email: 'teacher@example.test', firstName: 'Tia' });

function schoolJob(status: 'published' | 'draft' = 'published') {
  return db
    .insert(jobs)
    .values({
      title: 'Teacher of Drama',
      description: 'Join our drama department.',
      schoolId: a.id,
      borough: a.borough ?? 'Camden',
      postedBySchool: true,
      status,
      isActive: status === 'published',
      postedAt: new Date(NOW.getTime() - 86_400_000),
      applicationDeadline: new Date(NOW.getTime() + 10 * 86_400_000),
    })
    .returning()
    .get();
}

/** A small, complete PDF; `extra` goes inside its one object. */
function pdf(extra = '', pad = 0) {
  return Buffer.from(
    `%PDF-1.7\n1 0 obj\n<< /Type /Catalog ${extra} >>\nendobj\n${'%'.padEnd(pad, 'x')}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );
}

const upload = (jobId: number, bytes: Uint8Array, name = 'Job pack.pdf', cookie = editorA, contentType = 'application/pdf') =>
  app.request(`/api/jobs/${jobId}/documents?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': contentType, 'Content-Length': String(bytes.length) },
    body: bytes as BodyInit,
  });
const stored = () => (existsSync(join(mediaDir, 'jobs')) ? readdirSync(join(mediaDir, 'jobs')).sort() : []);

describe('POST /api/jobs/{id}/documents', () => {
  it('attaches a PDF: listed on the public job page with name and size, downloaded as an attachment in a sandbox, audited', async () => {
    const job = schoolJob();
    const file = pdf('', 2000);
    // The job's page answer, kept by the answer cache before the upload (decision 1057): the upload moves its version.
    const before = [await app.request(`/api/jobs/${job.id}`), await app.request(`/api/jobs/${job.id}`)];
    expect(before[1].headers.get('x-cache')).toBe('hit');
    for (const r of before) expect(((await r.json()) as { documents: unknown[] }).documents).toEqual([]);
    const res = await upload(job.id, file, 'C:\\Users\\head\\Desktop\\Job pack – Drama "2026".pdf');
    expect(res.status).toBe(201);
    const [doc] = (await res.json()) as { id: number; name: string; bytes: number; url: string }[];
    expect(doc).toMatchObject({ name: 'Job pack – Drama 2026.pdf', bytes: file.length });
    expect(doc.url).toMatch(new RegExp(`^/media/jobs/${job.id}-[0-9a-f]{16}\\.pdf$`));

    const page = (await (await app.request(`/api/jobs/${job.id}`)).json()) as { documents: { name: string; bytes: number; url: string }[] };
    expect(page.documents).toEqual([{ id: doc.id, name: doc.name, bytes: file.length, url: doc.url, createdAt: NOW.toISOString() }]);

    const dl = await app.request(doc.url);
    expect(dl.status).toBe(200);
    expect(Buffer.from(await dl.arrayBuffer()).equals(file)).toBe(true);
    expect(dl.headers.get('content-type')).toBe('application/pdf');
    expect(dl.headers.get('content-disposition')).toBe(
      `attachment; filename="Job pack _ Drama 2026.pdf"; filename*=UTF-8''Job%20pack%20%E2%80%93%20Drama%202026.pdf`,
    );
    expect(dl.headers.get('x-content-type-options')).toBe('nosniff');
    expect(dl.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    const audit = db.select().from(schoolAudit).where(eq(schoolAudit.schoolId, a.id)).all();
    expect(audit.map((r) => r.action)).toContain('document.attached');
  });

  it('refuses what is not a PDF by its bytes, an incomplete or scripted one, and a wrong type: 4xx with { error, fields }, nothing kept', async () => {
    const job = schoolJob();
    const before = stored();
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const cases: [Uint8Array, string][] = [
      [png, 'This file is not a PDF'],
      [Buffer.from('<html><script>alert(1)</script>%PDF-1.4 %%EOF'), 'This file is not a PDF'],
      [Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n'), 'This PDF is incomplete or damaged: save it again and upload it'],
      [
        pdf('/OpenAction << /S /JavaScript /JS (app.alert(1)) >>'),
        'This PDF carries scripts or attached files: save it again as a plain PDF (Print to PDF) and upload that',
      ],
      [
        pdf('/OpenAction << /S /Java#53cript >>'),
        'This PDF carries scripts or attached files: save it again as a plain PDF (Print to PDF) and upload that',
      ],
      [
        pdf('/AA << /O << /S /Launch /F (cmd.exe) >> >>'),
        'This PDF carries scripts or attached files: save it again as a plain PDF (Print to PDF) and upload that',
      ],
      [Buffer.alloc(0), 'Choose a PDF to upload'],
    ];
    for (const [bytes, message] of cases) {
      const res = await upload(job.id, bytes);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: message, fields: { file: message } });
    }
    // A PDF sent as another type: the cross-site check's 415.
    expect((await upload(job.id, pdf(), 'pack.pdf', editorA, 'text/plain')).status).toBe(415);
    expect(db.select().from(jobDocuments).where(eq(jobDocuments.jobId, job.id)).all()).toEqual([]);
    expect(stored()).toEqual(before);
  });

  it('refuses more than 5 MB (413 with the field), a fourth document and the same file twice (409 with the field)', async () => {
    const job = schoolJob();
    const before = stored();
    const big = await upload(job.id, pdf('', 5 * 1024 * 1024));
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ error: 'The file must be 5 MB or smaller', fields: { file: 'The file must be 5 MB or smaller' } });
    expect(stored()).toEqual(before);

    for (const n of [1, 2, 3]) expect((await upload(job.id, pdf(`/N ${n}`), `Part ${n}.pdf`)).status).toBe(201);
    const again = await upload(job.id, pdf('/N 1'), 'Again.pdf');
    expect(again.status).toBe(409);
    const fourth = await upload(job.id, pdf('/N 4'), 'Part 4.pdf');
    expect(fourth.status).toBe(409);
    const words = 'A job has at most 3 documents: remove one first';
    expect(await fourth.json()).toEqual({ error: words, fields: { file: words } });
    const rows = db.select().from(jobDocuments).where(eq(jobDocuments.jobId, job.id)).orderBy(jobDocuments.id).all();
    expect(rows.map((r) => r.name)).toEqual(['Part 1.pdf', 'Part 2.pdf', 'Part 3.pdf']);
    expect(stored()).toEqual([...before, ...rows.map((r) => r.file)].sort());

    // The same file twice on one job: the second refused, the first's file kept.
    const other = schoolJob();
    expect((await upload(other.id, pdf('/Twice true'))).status).toBe(201);
    const twice = await upload(other.id, pdf('/Twice true'), 'Copy.pdf');
    expect(twice.status).toBe(409);
    expect(await twice.json()).toEqual({
      error: 'This file is already attached to the job',
      fields: { file: 'This file is already attached to the job' },
    });
    const [kept] = db.select().from(jobDocuments).where(eq(jobDocuments.jobId, other.id)).all();
    expect(stored()).toContain(kept.file);
  });

  it("only the school's live members: 403 for another school's member and a teacher, 401 signed out; 404 for a feed's job", async () => {
    const job = schoolJob();
    expect((await upload(job.id, pdf(), 'x.pdf', editorB)).status).toBe(403);
    expect((await upload(job.id, pdf(), 'x.pdf', teacher)).status).toBe(403);
    const out = await app.request(`/api/jobs/${job.id}/documents?name=x.pdf`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/pdf' },
      body: pdf(),
    });
    expect(out.status).toBe(401);
    expect((await app.request(`/api/jobs/${job.id}/documents`, { headers: { Cookie: editorB } })).status).toBe(403);
    const feed = db
      .insert(jobs)
      .values({
        title: 'Feed advert',
        description: 'From GOV.UK',
        borough: 'Camden',
        isExternal: true,
        externalSource: 'tv',
        externalId: 'jd-1',
      })
      .returning()
      .get();
    expect((await upload(feed.id, pdf())).status).toBe(404);
    expect(db.select().from(jobDocuments).where(eq(jobDocuments.jobId, job.id)).all()).toEqual([]);
  });
});

describe('GET and DELETE /api/jobs/{id}/documents', () => {
  it("a draft's documents are its staff's list; removal takes the row and the file, and the download is gone", async () => {
    const job = schoolJob('draft');
    const [doc] = (await (await upload(job.id, pdf('/Draft true'), 'Person specification.pdf')).json()) as { id: number; url: string }[];
    // The public page of a draft is not found; its staff list the document.
    expect((await app.request(`/api/jobs/${job.id}`)).status).toBe(404);
    const list = (await (await app.request(`/api/jobs/${job.id}/documents`, { headers: { Cookie: editorA } })).json()) as {
      name: string;
    }[];
    expect(list.map((d) => d.name)).toEqual(['Person specification.pdf']);
    expect((await app.request(`/api/jobs/${job.id}/documents/${doc.id}`, { method: 'DELETE', headers: { Cookie: editorB } })).status).toBe(
      403,
    );
    const res = await app.request(`/api/jobs/${job.id}/documents/${doc.id}`, { method: 'DELETE', headers: { Cookie: editorA } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
    expect(stored()).not.toContain(doc.url.split('/').pop());
    expect((await app.request(doc.url)).status).toBe(404);
    expect((await app.request(`/api/jobs/${job.id}/documents/${doc.id}`, { method: 'DELETE', headers: { Cookie: editorA } })).status).toBe(
      404,
    );
    // A name that is not a stored file's: not ours.
    expect((await app.request('/media/jobs/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });
});

describe('the file name and the download header', () => {
  it('keeps the last part, drops control and reserved characters, ends in .pdf, at most 100 characters', () => {
    expect(cleanName('../../etc/passwd')).toBe('passwd.pdf');
    expect(cleanName('Job\u0000 pack\u202e.PDF')).toBe('Job pack.pdf');
    expect(cleanName('...')).toBe('Document.pdf');
    expect(cleanName(`${'a'.repeat(300)}.pdf`)).toBe(`${'a'.repeat(96)}.pdf`);
    expect(attachment('Café "plan".pdf')).toBe(`attachment; filename="Caf_ _plan_.pdf"; filename*=UTF-8''Caf%C3%A9%20%22plan%22.pdf`);
    expect(activeNames(Buffer.from('/Type /Page /JSON /Launcher'))).toEqual([]);
    expect(activeNames(Buffer.from('/EmbeddedFiles << >>'))).toEqual(['EmbeddedFiles']);
  });
});
