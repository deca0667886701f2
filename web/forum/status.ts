/** Thread display state (spec §4): not approved → Pending (orange); locked → Locked (red); else Active (green). */
export function threadStatus(t: { isApproved: boolean; isLocked: boolean; status?: string }): { label: 'Pending' | 'Locked' | 'Active' | 'Rejected'; className: string } {
  if (t.status === 'rejected') return { label: 'Rejected', className: 'badge-error badge-outline' };
  if (!t.isApproved) return { label: 'Pending', className: 'badge-warning' };
  if (t.isLocked) return { label: 'Locked', className: 'badge-error' };
  return { label: 'Active', className: 'badge-success' };
}

/** First 200 characters followed by an ellipsis (spec §2, §9). */
export function preview(content: string, max = 200) {
  return `${content.slice(0, max)}...`;
}
