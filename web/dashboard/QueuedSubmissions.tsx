// The outbox as the user sees it: what is waiting to be sent, its state, and what to do about it.
// Only the signed-in user's own items (decision 1440); another account's are only counted.
import { useLiveQuery } from '../offline/live';
import { kindLabel } from '../data/messages';
import type { OutboxItem } from '../offline/db';
import { userQueue } from '../offline/queue';
import { loginHref } from '../data/auth';
import { useState } from 'react';
import { discard, resend } from '../offline/outbox';
import { replay } from '../offline/replay';
import { timeAgo } from '../lib/format';

const STATE: Record<OutboxItem['state'], { label: string; className: string }> = {
  pending: { label: 'Waiting to send', className: 'badge-info' },
  'needs-auth': { label: 'Waiting for sign-in', className: 'badge-warning' },
  failed: { label: 'Not accepted', className: 'badge-error' },
};

/** This user's queue on this device (a stable function: useLiveQuery subscribes once). */
const readQueue = () => userQueue();

export function QueuedSubmissions() {
  const queue = useLiveQuery(readQueue);
  const items = queue?.items;
  const others = queue?.others ?? 0;
  if (!items?.length && !others) return null;
  if (!items?.length) return <OtherAccounts n={others} />;
  const waitingForSignIn = items.filter((i) => i.state === 'needs-auth').length;
  return (
    <section aria-labelledby="queued-heading" className="card bg-base-100 border border-base-300 mb-6" id="queued">
      <div className="card-body p-5 gap-3">
        <div className="flex items-center justify-between gap-2">
          <h2 id="queued-heading" className="card-title text-lg">
            Waiting to be sent ({items.length})
          </h2>
          <button type="button" className="btn btn-sm btn-primary" onClick={() => void replay({ force: true, includeNeedsAuth: true })}>
            Send now
          </button>
        </div>
        <p className="text-sm opacity-80">
          Saved on this device while you were offline. They are sent automatically when you are back online.
        </p>
        {waitingForSignIn > 0 && (
          <p role="status" className="alert alert-warning text-sm" data-testid="queued-sign-in">
            <span>
              Your session has ended.{' '}
              <a href={loginHref()} className="link">
                Sign in again
              </a>{' '}
              to send {waitingForSignIn === 1 ? 'this submission' : `these ${waitingForSignIn} submissions`}: they are kept on this device
              for you and are never sent as anyone else.
            </span>
          </p>
        )}
        {others > 0 && <OtherAccountsNote n={others} />}
        <ul className="divide-y divide-base-300" data-testid="queued-list">
          {items.map((item) => (
            <li key={item.key} className="py-3 flex flex-wrap items-start gap-3">
              <div className="flex-1 min-w-48">
                <p className="font-medium">{item.label ?? kindLabel(item.kind)}</p>
                <p className="text-xs opacity-70">
                  {kindLabel(item.kind)} · saved {timeAgo(item.createdAt)}
                  {item.attempts > 0 && ` · ${item.attempts} attempt${item.attempts === 1 ? '' : 's'}`}
                </p>
                {item.state === 'failed' && (
                  <div className="text-sm text-error mt-1">
                    <p>{item.error}</p>
                    {item.fields && (
                      <ul className="list-disc pl-5">
                        {Object.entries(item.fields).map(([field, message]) => (
                          <li key={field}>
                            {field}: {message}
                          </li>
                        ))}
                      </ul>
                    )}
                  </div>
                )}
              </div>
              <span className={`badge badge-sm ${STATE[item.state].className}`}>{STATE[item.state].label}</span>
              {item.state === 'failed' && item.body !== null && typeof item.body === 'object' && <EditAndResend item={item} />}
              <button
                type="button"
                className="btn btn-xs btn-ghost text-error"
                onClick={() => void discard(item.key)}
                aria-label={`Discard ${item.label ?? kindLabel(item.kind)}`}
              >
                Discard
              </button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function OtherAccountsNote({ n }: { n: number }) {
  return (
    <p className="text-sm opacity-80" data-testid="queued-other-accounts">
      {n === 1 ? '1 submission' : `${n} submissions`} saved on this device by another account {n === 1 ? 'is' : 'are'} kept for that
      account: not shown here, and sent only when it signs in again.
    </p>
  );
}

/** Only another account's items on this device: a note, no list. */
function OtherAccounts({ n }: { n: number }) {
  return (
    <section aria-label="Submissions of another account" className="card bg-base-100 border border-base-300 mb-6" id="queued">
      <div className="card-body p-5">
        <OtherAccountsNote n={n} />
      </div>
    </section>
  );
}

/** A refused item: its fields, editable, with the server's messages; Resend puts it back in the queue. */
function EditAndResend({ item }: { item: OutboxItem }) {
  const [open, setOpen] = useState(false);
  const [body, setBody] = useState<Record<string, unknown>>(() => ({ ...(item.body as Record<string, unknown>) }));
  if (!open) {
    return (
      <button type="button" className="btn btn-xs btn-outline" onClick={() => setOpen(true)}>
        Edit
      </button>
    );
  }
  const label = (name: string) => name.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());
  return (
    <form
      className="w-full grid gap-2 mt-2"
      onSubmit={(e) => {
        e.preventDefault();
        void resend(item.key, body).then(() => replay({ force: true, keys: [item.key] }));
      }}
    >
      {Object.entries(body).map(([name, value]) => {
        const id = `edit-${item.key}-${name}`;
        const error = item.fields?.[name];
        return (
          <div key={name} className="grid gap-1">
            <label htmlFor={id} className="text-sm font-medium">
              {label(name)}
            </label>
            {typeof value === 'boolean' ? (
              <input
                id={id}
                type="checkbox"
                className="checkbox checkbox-sm"
                checked={value}
                onChange={(e) => setBody({ ...body, [name]: e.target.checked })}
              />
            ) : (
              <input
                id={id}
                className={`input input-sm w-full ${error ? 'input-error' : ''}`}
                value={typeof value === 'string' || typeof value === 'number' ? String(value) : value == null ? '' : JSON.stringify(value)}
                aria-invalid={!!error}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(e) => setBody({ ...body, [name]: typeof value === 'number' ? Number(e.target.value) || 0 : e.target.value })}
              />
            )}
            {error && (
              <span id={`${id}-error`} className="text-xs text-error">
                {error}
              </span>
            )}
          </div>
        );
      })}
      <div className="flex gap-2">
        <button type="submit" className="btn btn-sm btn-primary">
          Resend
        </button>
        <button type="button" className="btn btn-sm btn-ghost" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
