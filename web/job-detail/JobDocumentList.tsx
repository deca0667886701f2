// A school job's documents on its page (issue 37 item 12, decision 2116): each a download link
// with its name and size ("Job pack.pdf", "PDF, 1.2 MB"); the server sends it as an attachment.
import { fileSize } from '../components/file-size';

export function JobDocumentList({ documents }: { documents: readonly { id: number; name: string; bytes: number; url: string }[] }) {
  if (documents.length === 0) return null;
  return (
    <section aria-labelledby="job-documents-title" className="mt-6 grid gap-2" data-testid="job-documents">
      <h2 id="job-documents-title" className="text-lg font-semibold mb-0">
        Job pack and documents
      </h2>
      <ul className="grid gap-2">
        {documents.map((d) => (
          <li key={d.id}>
            <a
              href={d.url}
              download={d.name}
              className="flex flex-wrap items-baseline gap-x-2 rounded-box border border-base-300 p-3 min-h-11 hover:bg-base-200"
            >
              <span className="link link-primary break-words min-w-0">{d.name}</span>
              <span className="text-sm opacity-80">PDF, {fileSize(d.bytes)}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
