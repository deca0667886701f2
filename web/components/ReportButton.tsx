// "Report" on a review, interview, mood comment, thread or reply (decision 1422): a small button
// that opens a dialog asking why; POST /api/reports. One report per person and item.
import { useRef, useState } from 'react';
import { Dialog, Field, fieldProps } from './Dialog';
import { check, loadValidation } from './check';
import { useSignedInAction, write } from './writes';
import { client } from '../data/client';
import { to } from '../data/requests';
import { SUCCESS } from '../data/messages';

export type ReportKind = 'review' | 'interview' | 'mood' | 'thread' | 'reply';
const WHAT: Record<ReportKind, string> = {
  review: 'review',
  interview: 'interview experience',
  mood: 'comment',
  thread: 'discussion',
  reply: 'reply',
};
const SIGN_IN = 'Please sign in to report content.';

export function ReportButton({ kind, id, className = '' }: { kind: ReportKind; id: number; className?: string }) {
  const signedIn = useSignedInAction();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const fieldId = `report-reason-${kind}-${id}`;

  async function submit(e: React.SubmitEvent) {
    e.preventDefault();
    const parsed = await check('reportInput', { kind, id, reason });
    if (!parsed.ok) return setError(parsed.fields.reason);
    setBusy(true);
    const result = await write(
      { kind: 'report', ...to(client.reports, '$post', { json: parsed.data }), label: `Report of a ${WHAT[kind]}` },
      {
        success: SUCCESS.report,
        signIn: SIGN_IN,
        error: { title: 'Not reported', description: 'Failed to send the report. Please try again.' },
        preferServerMessage: true,
        onFieldErrors: (fields) => setError(fields.reason ?? Object.values(fields)[0]),
      },
    );
    setBusy(false);
    if (result) {
      setDone(true);
      setOpen(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className={`btn btn-ghost btn-xs ${className}`}
        data-testid={`report-${kind}-${id}`}
        aria-label={`Report this ${WHAT[kind]}`}
        disabled={done}
        onClick={() =>
          signedIn(SIGN_IN, () => {
            loadValidation().catch(() => undefined); // while the reader types the reason
            setOpen(true);
          })
        }
      >
        {done ? 'Reported' : 'Report'}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`Report this ${WHAT[kind]}`}>
        <form ref={formRef} onSubmit={submit} noValidate>
          <p className="text-sm opacity-80 mb-2">
            Tell the moderators what is wrong (for example: it names someone, it is abusive, it is spam). Your report is not shown to the
            author.
          </p>
          <Field id={fieldId} label="Reason" error={error}>
            <textarea
              className="textarea w-full"
              rows={3}
              maxLength={500}
              {...fieldProps(fieldId, error)}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </Field>
          <div className="modal-action">
            <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button type="submit" className="btn btn-error" disabled={busy}>
              {busy && <span className="loading loading-spinner loading-sm" />}
              Send report
            </button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
