// "Report" on a review, interview, mood comment, thread or reply (decision 1422): a small button
// that opens a dialog asking why; POST /api/reports. One report per person and item.
import { useState } from 'react';
import { Dialog, DialogActions } from '../../components/Dialog';
import { check, loadValidation } from '../../components/check';
import { TextAreaField } from '../../components/fields';
import { firstError, useForm } from '../../components/use-form';
import { useSubmit } from '../../data/use-submit';
import { useSignedInAction } from '../../data/writes';
import { useResumeAfterSignIn } from '../../data/signed-in';
import { client } from '../../data/client';
import { to } from '../../data/requests';
import { SUCCESS } from '../../data/messages';

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
  const f = useForm({ reason: '' }, { schemas: false }); // loaded when the dialog opens
  const [done, setDone] = useState(false);
  const openDialog = () => {
    loadValidation().catch(() => undefined); // while the reader types the reason
    setOpen(true);
  };
  // Back from the sign-in this button started: the dialog asks why, as her tap asked.
  useResumeAfterSignIn(`report:${kind}:${id}`, openDialog);
  const { ref, onSubmit } = useSubmit(f, {
    check: () => check('reportInput', { kind, id, reason: f.values.reason }),
    write: (json) => ({
      request: { kind: 'report', ...to(client.reports, '$post', { json }), label: `Report of a ${WHAT[kind]}` },
      messages: {
        success: SUCCESS.report,
        signIn: SIGN_IN,
        error: { title: 'Not reported', description: 'Failed to send the report. Please try again.' },
        preferServerMessage: true,
      },
    }),
    done: () => {
      setDone(true);
      setOpen(false);
    },
  });

  return (
    <>
      <button
        type="button"
        className={`btn btn-ghost btn-xs ${className}`}
        data-testid={`report-${kind}-${id}`}
        aria-label={`Report this ${WHAT[kind]}`}
        disabled={done}
        onClick={() => signedIn(SIGN_IN, openDialog, `report:${kind}:${id}`)}
      >
        {done ? 'Reported' : 'Report'}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`Report this ${WHAT[kind]}`}>
        <form ref={ref} onSubmit={onSubmit} noValidate>
          <p className="text-sm opacity-80 mb-2">
            Tell the moderators what is wrong (for example: it names someone, it is abusive, it is spam). Your report is not shown to the
            author.
          </p>
          <TextAreaField
            label="Reason"
            {...f.field('reason', `report-reason-${kind}-${id}`)}
            error={firstError(f.errors, 'reason')}
            rows={3}
            maxLength={500}
          />
          <DialogActions onCancel={() => setOpen(false)}>
            <button type="submit" className="btn btn-error" disabled={f.busy}>
              {f.busy && <span className="loading loading-spinner loading-sm" />}
              Send report
            </button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
