// A school's answer to a review (decision 2111): shown under the review once a moderator approved
// it, as "Response from {school}" with its date; its staff write, edit or withdraw it here.
import { useState } from 'react';
import { Dialog, DialogActions } from '../components/Dialog';
import { Icon } from '../components/Icon';
import { check } from '../components/check';
import { TextAreaField } from '../components/fields';
import { useForm } from '../components/use-form';
import { useSubmit } from '../data/use-submit';
import { write } from '../data/writes';
import { client } from '../data/client';
import { useWaitingResponse } from '../data/my-schools';
import { to } from '../data/requests';
import { formatDate } from '../lib/format';

interface PublishedResponse {
  body: string;
  publishedAt: string | Date;
  schoolName: string;
}

export function SchoolResponse({ response }: { response: PublishedResponse }) {
  return (
    <section className="mt-1 border-s-4 border-primary/40 bg-base-200 rounded-box p-3 grid gap-1" data-testid="school-response">
      <h4 className="font-medium text-sm flex flex-wrap items-center gap-x-2">
        <Icon name="school" className="size-4" /> Response from {response.schoolName}
        <span className="text-xs opacity-70 font-normal">{formatDate(response.publishedAt)}</span>
      </h4>
      <p className="text-sm whitespace-pre-line">{response.body}</p>
    </section>
  );
}

function ResponseWaiting() {
  return (
    <p className="text-sm flex items-center gap-2" role="status" data-testid="response-waiting">
      <Icon name="clock" className="size-4 text-info" /> The school's response is waiting for a moderator.
    </p>
  );
}

/** Reviews whose response the staff sent in this visit: the list reads again after a send, and its cards may be new. */
const sentThisVisit = new Set<number>();

/**
 * For the school's own staff: write or edit the school's one response; withdraw it. The reviews and
 * her schools' waiting responses are read again from the route's declared data (decision 0015).
 */
export function RespondButton({ reviewId, current }: { reviewId: number; current: PublishedResponse | null }) {
  const [open, setOpen] = useState(false);
  // Sent and waiting for a moderator: no second Respond meanwhile (issue 37 item 10), in this visit
  // or after a reload (her list of schools says which of their responses wait).
  const [sentHere, setSentHere] = useState(() => sentThisVisit.has(reviewId));
  const waiting = useWaitingResponse(reviewId) || sentHere;
  const f = useForm({ body: current?.body ?? '' });
  const { ref, onSubmit } = useSubmit(f, {
    check: () => check('reviewResponseInput', f.values),
    write: (json) => ({
      request: { kind: 'school', ...to(client.reviews[':id'].response, '$put', { param: { id: String(reviewId) }, json }) },
      messages: {
        success: { title: 'Response sent', description: 'It shows under the review once a moderator approves it.' },
        signIn: 'Please sign in to respond.',
        error: { description: 'The response could not be sent.' },
      },
    }),
    done: () => {
      setOpen(false);
      sentThisVisit.add(reviewId);
      setSentHere(true);
    },
  });
  const withdraw = () =>
    write(
      { kind: 'school', ...to(client.reviews[':id'].response, '$delete', { param: { id: String(reviewId) } }) },
      {
        success: { title: 'Response withdrawn' },
        signIn: 'Please sign in to respond.',
        error: { description: 'The response could not be withdrawn.' },
      },
    );
  if (waiting) return <ResponseWaiting />;
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className="btn btn-sm btn-outline" onClick={() => setOpen(true)} data-testid="respond">
        <Icon name="chat" className="size-4" /> {current ? "Edit the school's response" : 'Respond as the school'}
      </button>
      {current && (
        <button type="button" className="btn btn-sm btn-ghost" onClick={() => void withdraw()}>
          Withdraw
        </button>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} title="The school's response">
        <form ref={ref} onSubmit={onSubmit} noValidate className="grid gap-2">
          <p className="text-sm opacity-80">
            Shown under the review as the school's, after a moderator approves it. The reviewer stays anonymous: nobody at the school learns
            who wrote it.
          </p>
          <TextAreaField
            label="Response"
            {...f.field('body', `response-${reviewId}`)}
            hint="Plain text; a blank line starts a new paragraph. Up to 5,000 characters."
            className="textarea w-full min-h-40"
            maxLength={5000}
          />
          <DialogActions onCancel={() => setOpen(false)}>
            <button type="submit" className="btn btn-primary" disabled={f.busy}>
              Send for approval
            </button>
          </DialogActions>
        </form>
      </Dialog>
    </div>
  );
}
