// Her edit's state beside an item she wrote (decisions 2020, 2026): waiting for a moderator, or
// refused with the moderator's reason. Everyone else reads the published version meanwhile; on the
// school page she does too (with this note), on a thread she reads her own new text (`yours`).

export interface EditState {
  status: 'pending' | 'rejected';
  reason: string | null;
  /** When she sent it (her activity gives it; a note does not show it). */
  submittedAt?: string | Date;
}

export function EditStateNote({ edit, yours = false }: { edit: EditState | null; yours?: boolean }) {
  if (!edit) return null;
  if (edit.status === 'pending')
    return (
      <p className="text-sm rounded-box bg-warning/15 px-3 py-2" data-testid="edit-pending">
        <strong>Edit waiting for a moderator.</strong>{' '}
        {yours
          ? 'You see your changes; everyone else reads the published version until a moderator approves them.'
          : 'Everyone sees the published version until a moderator approves your changes.'}
      </p>
    );
  return (
    <p className="text-sm rounded-box bg-error/10 px-3 py-2" data-testid="edit-rejected">
      <strong>Your edit was not approved</strong>; the published version stays.{edit.reason ? ` Reason: ${edit.reason}` : ''}
    </p>
  );
}
