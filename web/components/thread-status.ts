import { THREAD_PREVIEW_CHARS } from '../../core/constants';

/** Thread display state (product §4): not approved → Pending (orange); locked → Locked (red); else Active (green). */
export function threadStatus(t: { isApproved: boolean; isLocked: boolean; status?: string }): {
  label: 'Pending' | 'Locked' | 'Active' | 'Rejected';
  className: string;
} {
  if (t.status === 'rejected') return { label: 'Rejected', className: 'badge-error badge-outline' };
  if (!t.isApproved) return { label: 'Pending', className: 'badge-warning' };
  if (t.isLocked) return { label: 'Locked', className: 'badge-error' };
  return { label: 'Active', className: 'badge-success' };
}

/** The first THREAD_PREVIEW_CHARS (200) characters followed by an ellipsis. */
export function preview(content: string, max = THREAD_PREVIEW_CHARS) {
  return `${content.slice(0, max)}...`;
}
