// The claims queue's line for the claims whose emailed link is not opened yet (decision 2113):
// approvers see them counted, never one by one; the moderation page and a school's dashboard say it.
/** The claims whose emailed link is not opened yet: counted, never listed (decision 2113). */
export function UnopenedLine({ count }: { count: number }) {
  return (
    <p className="text-sm opacity-80" data-testid="claims-unopened">
      {count === 1 ? '1 more claim waits' : `${count} more claims wait`} for the email link to be opened. They show here once it is, and are
      cleared when the link expires after 24 hours.
    </p>
  );
}
