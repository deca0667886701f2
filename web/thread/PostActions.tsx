// An author's own thread and replies on the thread page (decision 2020): Edit inline with the
// create form's rules and messages, Delete after a confirmation; both through the outbox (kind
// `forum-edit`), so they work offline and are sent once; "Earlier versions" for moderators.
// Which items are hers, and the "edited" line, are in ./post-meta.tsx (the page's first render);
// these controls load after it (./writing-controls.ts).
import { useState } from 'react';
import { Dialog } from '../components/Dialog';
import { MarkdownField } from '../features/markdown-editor/MarkdownField';
import { check } from '../components/check';
import { InlineFormActions, TextField } from '../components/fields';
import { useForm } from '../components/use-form';
import { useSubmit } from '../data/use-submit';
import { write } from '../data/writes';
import { ApiRequestError, client, json } from '../data/client';
import { SUCCESS } from '../data/messages';
import { to } from '../data/requests';
import { formatDate } from '../lib/format';
import { POST_MAX_CHARS, type Queued, type Target } from './post-meta';

function editRequest(target: Target, change: { title?: string; content: string }) {
  return target.kind === 'thread'
    ? to(client.forum.threads[':id'], '$patch', { param: { id: String(target.id) }, json: change })
    : to(client.forum.posts[':id'], '$patch', { param: { id: String(target.id) }, json: { content: change.content } });
}
function deleteRequest(target: Target) {
  return target.kind === 'thread'
    ? to(client.forum.threads[':id'], '$delete', { param: { id: String(target.id) } })
    : to(client.forum.posts[':id'], '$delete', { param: { id: String(target.id) } });
}

/** Edit inline: the create form's fields and messages (title and body of a thread, the body of a reply). */
export function EditForm({
  target,
  onDone,
  onQueued,
}: {
  target: Target;
  onDone: (changed: boolean) => void;
  onQueued: (q: Queued) => void;
}) {
  const f = useForm({ title: target.kind === 'thread' ? target.title : '', content: target.content });
  const base = `edit-${target.kind}-${target.id}`;
  const { ref, onSubmit } = useSubmit(f, {
    check: async () => {
      const { title, content } = f.values;
      const parsed =
        target.kind === 'thread'
          ? await check('threadInput', { title, content, categoryId: target.categoryId })
          : await check('postInput', { content });
      return parsed.ok
        ? { ok: true, data: { title: 'title' in parsed.data ? parsed.data.title : undefined, content: parsed.data.content } }
        : parsed;
    },
    write: (change) => ({
      request: {
        kind: 'forum-edit',
        ...editRequest(target, change),
        label: target.kind === 'thread' ? 'Edit of your thread' : 'Edit of your reply',
      },
      messages: {
        // A published post's edit waits for a moderator; a pending one's (or a small fix) shows at once.
        success: (data) => (data && typeof data === 'object' && 'edit' in data && data.edit ? SUCCESS.forumEditSent : SUCCESS.forumEdited),
        signIn: 'Please sign in to edit what you wrote.',
        error: { description: 'Your changes could not be saved. Please try again.' },
        preferServerMessage: true,
      },
    }),
    done: (result, change) => {
      if (result.status === 'queued') onQueued({ kind: 'edit', ...change });
      onDone(true);
    },
  });
  return (
    <form ref={ref} onSubmit={onSubmit} noValidate className="grid gap-2 mt-2" data-testid={`edit-form-${target.kind}`}>
      {target.kind === 'thread' && <TextField label="Title" {...f.field('title', `${base}-title`)} maxLength={200} />}
      <MarkdownField
        label={target.kind === 'thread' ? 'Content' : 'Your reply'}
        {...f.field('content', `${base}-content`)}
        maxLength={POST_MAX_CHARS}
      />
      <InlineFormActions busy={f.busy} label="Save changes" busyLabel="Saving..." onCancel={() => onDone(false)} />
    </form>
  );
}

/** Delete, after a confirmation that says what stays (a placeholder) and what goes. */
export function DeleteButton({
  target,
  onDeleted,
}: {
  target: Target;
  onDeleted: (result: { queued: boolean; placeholder: boolean }) => void;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const what = target.kind === 'thread' ? 'thread' : 'reply';
  async function confirm() {
    setBusy(true);
    const result = await write<{ placeholder: boolean }>(
      { kind: 'forum-edit', ...deleteRequest(target), label: `Deletion of your ${what}` },
      {
        success: SUCCESS.forumDeleted,
        signIn: 'Please sign in to delete what you wrote.',
        error: { description: `Your ${what} could not be deleted. Please try again.` },
        preferServerMessage: true,
      },
    );
    setBusy(false);
    setOpen(false);
    if (!result) return;
    onDeleted(
      result.status === 'queued' ? { queued: true, placeholder: true } : { queued: false, placeholder: result.data?.placeholder ?? true },
    );
  }
  return (
    <>
      <button type="button" className="btn btn-ghost btn-sm min-h-11 text-error" onClick={() => setOpen(true)}>
        Delete
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`Delete your ${what}?`}>
        <p>
          {target.kind === 'thread'
            ? 'Your title and text go for good. If others have replied, their replies stay under a "Deleted thread" placeholder; without replies the thread goes altogether.'
            : 'Your text goes for good. A "Deleted by its author" placeholder stays in its place so the replies to it still read.'}
        </p>
        <div className="modal-action">
          <button type="button" className="btn btn-ghost min-h-11" onClick={() => setOpen(false)}>
            Keep it
          </button>
          <button type="button" className="btn btn-error min-h-11" disabled={busy} onClick={() => void confirm()} data-autofocus>
            {busy ? 'Deleting...' : `Delete ${what}`}
          </button>
        </div>
      </Dialog>
    </>
  );
}

type Versions = { versions: { title: string | null; content: string; replacedAt: string | Date }[] };

/** A moderator's view of what an edited thread or reply said before (oldest first), asked when opened. */
export function EarlierVersions({ kind, id }: { kind: 'threads' | 'posts'; id: number }) {
  const [state, setState] = useState<{ s: 'idle' | 'loading' } | { s: 'ready'; data: Versions } | { s: 'failed'; message: string }>({
    s: 'idle',
  });
  async function load() {
    if (state.s !== 'idle') return;
    setState({ s: 'loading' });
    try {
      const data = await json(client.moderation[':kind'][':id'].versions.$get({ param: { kind, id: String(id) } }));
      setState({ s: 'ready', data });
    } catch (err) {
      const message =
        err instanceof ApiRequestError && err.status === 403
          ? 'Only this category’s moderators can see earlier versions.'
          : 'The earlier versions could not be loaded. Try again.';
      setState({ s: 'failed', message });
    }
  }
  return (
    <details className="mt-2 text-sm" data-testid="earlier-versions" onToggle={(e) => e.currentTarget.open && void load()}>
      <summary className="cursor-pointer min-h-11 inline-flex items-center link">Earlier versions</summary>
      {state.s === 'loading' && <span className="loading loading-dots loading-sm" aria-label="Loading earlier versions" />}
      {state.s === 'failed' && <p>{state.message}</p>}
      {state.s === 'ready' &&
        (state.data.versions.length === 0 ? (
          <p>No earlier version is kept.</p>
        ) : (
          <ol className="grid gap-2 mt-1">
            {state.data.versions.map((v, i) => (
              <li key={i} className="border-l-4 border-base-300 pl-3">
                <p className="text-xs opacity-80">
                  Until <time dateTime={new Date(v.replacedAt).toISOString()}>{formatDate(new Date(v.replacedAt))}</time>
                </p>
                {v.title && <p className="font-semibold">{v.title}</p>}
                <p className="whitespace-pre-line break-words">{v.content}</p>
              </li>
            ))}
          </ol>
        ))}
    </details>
  );
}
