// The job pack on the school's job form (issue 37 item 12, decision 2116): its staff attach up to
// three PDFs (5 MB each) to a saved job and remove them; the job page offers them as downloads.
// Sent straight away, never queued: a file cannot wait in the outbox (as the school's photo).
import { useRef, useState } from 'react';
import { JOB_DOCUMENT_LIMITS } from '../../core/constants';
import { Field, fieldProps } from '../components/Dialog';
import { TitledCard } from '../components/fields';
import { toast } from '../lib/toast-store';
import { client, json } from '../data/client';
import { refreshAfterWrite } from '../data/refresh';
import { useApi } from '../data/use-api';
import { fileSize } from '../components/file-size';

type Document = { id: number; name: string; bytes: number; url: string; createdAt: string };

const MB = JOB_DOCUMENT_LIMITS.bytes / (1024 * 1024);

/** Sends a request of this screen and answers the new list, or the field's words. */
async function send(url: string, init: RequestInit): Promise<Document[] | string> {
  try {
    const res = await fetch(url, { credentials: 'include', ...init });
    const body = (await res.json().catch(() => null)) as (Document[] & { error?: string; fields?: { file?: string } }) | null;
    if (res.ok && Array.isArray(body)) return body;
    if (res.status === 401) return 'Please sign in again to change the documents';
    return body?.fields?.file ?? body?.error ?? 'The document could not be changed';
  } catch {
    return 'You seem to be offline: try again when you are connected';
  }
}

function useDocuments(jobId: number) {
  const key = ['/api/jobs/{id}/documents', jobId] as const;
  const list = useApi(key, () => json(client.jobs[':id'].documents.$get({ param: { id: String(jobId) } })));
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // The answer is the new list; the other answers the change touches (the job page, the lists) are
  // read again from the route's declared data (decision 0015).
  const settle = async (result: Document[] | string, method: string, path: string, done: () => void) => {
    if (typeof result === 'string') setError(result);
    else {
      await list.mutate(result, { revalidate: false });
      refreshAfterWrite(method, path);
      done();
    }
  };
  const upload = async (file: File) => {
    setError(undefined);
    if (file.size > JOB_DOCUMENT_LIMITS.bytes) return setError(`The file must be ${MB} MB or smaller`);
    setBusy(true);
    const path = `/api/jobs/${jobId}/documents`;
    const result = await send(`${path}?name=${encodeURIComponent(file.name)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/pdf' },
      body: file,
    });
    await settle(result, 'POST', path, () => toast({ title: 'Document attached', description: 'It shows on the job page as a download.' }));
    setBusy(false);
    if (input.current) input.current.value = '';
  };
  const remove = async (doc: Document) => {
    setError(undefined);
    setBusy(true);
    const path = `/api/jobs/${jobId}/documents/${doc.id}`;
    const result = await send(path, { method: 'DELETE' });
    await settle(result, 'DELETE', path, () =>
      toast({ title: 'Document removed', description: `${doc.name} is no longer on the job page.` }),
    );
    setBusy(false);
  };
  return { docs: list.data, loadError: list.error, input, busy, error, upload, remove };
}

/** The job pack card: a new job is saved first (the documents belong to its page). */
export function JobDocuments({ jobId }: { jobId: number | undefined }) {
  return (
    <TitledCard id="documents-heading" title="Job pack and documents" body="p-4 gap-3" testId="job-documents">
      {jobId ? (
        <DocumentsEditor jobId={jobId} />
      ) : (
        <p className="text-sm opacity-80">
          Save the job first (as a draft or published), then attach its job pack, person specification or application form here.
        </p>
      )}
    </TitledCard>
  );
}

function DocumentsEditor({ jobId }: { jobId: number }) {
  const { docs, loadError, input, busy, error, upload, remove } = useDocuments(jobId);
  const full = (docs?.length ?? 0) >= JOB_DOCUMENT_LIMITS.perJob;
  return (
    <>
      {loadError && <p className="text-sm text-error">The documents could not be loaded.</p>}
      {docs && docs.length === 0 && <p className="text-sm opacity-80">No documents yet.</p>}
      {docs && docs.length > 0 && (
        <ul className="grid gap-2" data-testid="job-documents-list">
          {docs.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center gap-2 rounded-box bg-base-200 p-2">
              <a href={d.url} download={d.name} className="link min-w-0 break-words flex-1">
                {d.name}
              </a>
              <span className="text-xs opacity-80">PDF, {fileSize(d.bytes)}</span>
              <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => void remove(d)}>
                Remove<span className="sr-only"> {d.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Field
        id="job-document"
        label={full ? `${JOB_DOCUMENT_LIMITS.perJob} documents attached: remove one to add another` : 'Attach a PDF'}
        error={error}
        hint={`PDF only, up to ${MB} MB each, at most ${JOB_DOCUMENT_LIMITS.perJob} a job. Candidates download them from the job page.`}
      >
        <input
          ref={input}
          type="file"
          accept="application/pdf,.pdf"
          className="file-input w-full"
          {...fieldProps('job-document', error)}
          disabled={busy || full}
          onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])}
        />
      </Field>
      {busy && (
        <p role="status" className="text-sm">
          Sending…
        </p>
      )}
    </>
  );
}
