// A moderator's action (the write with its toasts) and the approve/reject pair every queue item shows.
import { write } from '../data/writes';
import type { SendRequest } from '../data/requests';

export async function action(request: Pick<SendRequest, 'method' | 'path'>, title: string, description: string) {
  return write(
    { kind: 'moderation', ...request, label: title },
    {
      success: { title, description },
      signIn: 'Please sign in to moderate.',
      error: { description: 'The action failed. Please try again.' },
      preferServerMessage: true,
    },
  );
}

/**
 * A moderator's two answers to an item: approve it (the request, then the toast's title and
 * description) or reject it (the reason dialog opens). What the decision changes is read again
 * from the routes' declared data (web/data/refresh.ts, decision 0015): the queue, the lists.
 */
export function DecisionButtons({
  approve: [request, title, description],
  onReject,
  labels: [yes, no] = ['Approve', 'Reject'],
}: {
  approve: Parameters<typeof action>;
  onReject: () => void;
  labels?: [string, string];
}) {
  return (
    <div className="flex flex-wrap gap-2 mt-1">
      <button type="button" className="btn btn-success btn-sm" onClick={() => void action(request, title, description)}>
        {yes}
      </button>
      <button type="button" className="btn btn-error btn-outline btn-sm" onClick={onReject}>
        {no}
      </button>
    </div>
  );
}
