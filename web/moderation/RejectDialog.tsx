// Reject with a reason (shown to the author): a pending item, a reported one or an edit.
import { Dialog, DialogActions } from '../components/Dialog';
import { check } from '../components/check';
import { TextAreaField } from '../components/fields';
import { firstError, useForm } from '../components/use-form';
import { useSubmit } from '../data/use-submit';
import { what, type RejectTarget } from './queue';

export function RejectDialog({ target, onClose }: { target: RejectTarget | null; onClose: () => void }) {
  const f = useForm({ reason: '' });
  const { ref, onSubmit } = useSubmit(f, {
    check: async () => {
      if (!target) return { ok: false, fields: {} };
      const parsed = await check('rejectInput', { reason: f.values.reason });
      return parsed.ok ? { ok: true, data: { target, body: parsed.data } } : parsed;
    },
    write: ({ target: t, body }) => ({
      request: {
        kind: 'moderation',
        method: 'POST',
        path: t.path ?? `/api/moderation/${t.kind}/${t.id}/reject`,
        body,
        label: `Reject ${what(t)}`,
      },
      messages: {
        success: { title: 'Rejected', description: `The ${what(t)} was rejected; its author sees your reason.` },
        signIn: 'Please sign in to moderate.',
        error: { description: 'Failed to reject. Please try again.' },
        preferServerMessage: true,
      },
    }),
    done: () => {
      f.reset();
      onClose();
    },
  });
  return (
    <Dialog open={!!target} onClose={onClose} title="Reject with a reason">
      <form ref={ref} onSubmit={onSubmit} noValidate>
        <TextAreaField label="Reason (shown to the author)" {...f.field('reason')} error={firstError(f.errors, 'reason')} rows={3} />
        <DialogActions onCancel={onClose}>
          <button type="submit" className="btn btn-error" disabled={f.busy}>
            Reject
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
