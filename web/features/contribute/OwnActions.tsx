// An author's own review, interview or salary (decision 2020): where it shows, she (and only she:
// the ids come from her own activity, never from the public lists) sees its state, Edit and Delete.
// Deleting asks first in a dialog; every write goes through the outbox like the others (works
// offline and is sent once), with its own toasts.
import { useState } from 'react';
import { Dialog, DialogActions } from '../../components/Dialog';
import { Icon } from '../../components/Icon';
import { write } from '../../data/writes';
import { client } from '../../data/client';
import { to } from '../../data/requests';
import { SALARY_LEAVES, SUCCESS } from '../../data/messages';

type OwnKind = 'review' | 'interview' | 'salary';

const NOUN: Record<OwnKind, string> = { review: 'review', interview: 'interview experience', salary: 'salary entry' };

function deleteRequest(kind: OwnKind, id: number) {
  const param = { param: { id: String(id) } };
  if (kind === 'review') return to(client.reviews[':id'], '$delete', param);
  if (kind === 'interview') return to(client.interviews[':id'], '$delete', param);
  return to(client.salaries[':id'], '$delete', param);
}

const DELETED = { review: SUCCESS.reviewDeleted, interview: SUCCESS.interviewDeleted, salary: SUCCESS.salaryDeleted } as const;

/** What deleting does, said in the confirm dialog before she decides. */
function consequence(kind: OwnKind, published: boolean): string {
  if (kind === 'review') return "It is removed for everyone, and the school's ratings no longer count it. This cannot be undone.";
  if (kind === 'interview') return 'It is removed for everyone. This cannot be undone.';
  if (!published) return 'It has not been published yet, so it is simply removed. This cannot be undone.';
  return `${SALARY_LEAVES} This cannot be undone.`;
}

/** Delete, with a confirm dialog. `where` names the item ("at Example School"). */
export function DeleteOwnButton({
  kind,
  id,
  where,
  published = true,
  onDeleted,
}: {
  kind: OwnKind;
  id: number;
  where: string;
  /** A salary not yet in the published figures is removed at once. */
  published?: boolean;
  onDeleted?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const noun = NOUN[kind];
  async function confirm() {
    setBusy(true);
    const result = await write(
      { kind, ...deleteRequest(kind, id), label: `Delete your ${noun} ${where}` },
      {
        success:
          kind === 'salary' && !published ? { title: 'Salary deleted', description: 'It had not been published yet.' } : DELETED[kind],
        signIn: `Please sign in to delete your ${noun}.`,
        error: { description: `Failed to delete your ${noun}. Please try again.` },
      },
    );
    setBusy(false);
    if (result) {
      setOpen(false);
      onDeleted?.();
    }
  }
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-sm min-h-11 text-error"
        onClick={() => setOpen(true)}
        data-testid={`delete-${kind}-${id}`}
      >
        <Icon name="trash" className="size-4" /> Delete
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`Delete your ${noun}?`}>
        <p className="text-sm">
          Your {noun} {where}. {consequence(kind, published)}
        </p>
        <DialogActions onCancel={() => setOpen(false)}>
          <button type="button" className="btn btn-error" disabled={busy} onClick={() => void confirm()}>
            {busy && <span className="loading loading-spinner loading-sm" />}
            {busy ? 'Deleting...' : 'Delete'}
          </button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** Edit opens the form of the item itself; she alone sees the button. */
export function EditOwnButton({ kind, id, onEdit }: { kind: 'review' | 'interview'; id: number; onEdit: () => void }) {
  return (
    <button type="button" className="btn btn-ghost btn-sm min-h-11" onClick={onEdit} data-testid={`edit-${kind}-${id}`}>
      <Icon name="edit" className="size-4" /> Edit
    </button>
  );
}
