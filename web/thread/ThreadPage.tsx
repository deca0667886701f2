import { ReportButton } from '../components/ReportButton';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { InferResponseType } from 'hono/client';
import { NotFoundStatus } from '../app/page-status';
import { useApi } from '../data/use-api';
import { Field, fieldProps } from '../components/Dialog';
import { Icon } from '../components/Icon';
import { Breadcrumb, CardSkeleton, EmptyState, ErrorState } from '../components/states';
import { check, useValidation } from '../components/check';
import { write } from '../components/writes';
import { loginHref, useAuth } from '../data/auth';
import { ApiRequestError, client, json } from '../data/client';
import { formatDate, timeAgo } from '../lib/format';
import { threadStatus } from '../components/thread-status';
import { buildTree, type ReplyNode } from './tree';
import { to } from '../data/requests';
import { SUCCESS } from '../data/messages';
import { swrKey } from '../data/keys';
import { setThreadWatch, useThreadWatch } from '../data/notifications';

/** GET /api/forum/threads/:id as the API types it. */
type ThreadAnswer = InferResponseType<(typeof client.forum.threads)[':id']['$get'], 200>;
/** A reply as shown: the API's flat reply (with parentPostId) nested by buildTree. */
type Reply = ReplyNode<ThreadAnswer['replies'][number]>;

function ReplyBox({
  threadId,
  parentPostId,
  onDone,
  focusOnOpen,
}: {
  threadId: number;
  parentPostId?: number;
  onDone: () => void;
  focusOnOpen?: boolean;
}) {
  useValidation();
  const [content, setContent] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const id = `reply-${parentPostId ?? 'thread'}`;
  const ref = useRef<HTMLTextAreaElement>(null);
  // Opened by the reader's own Reply tap: the caret goes to the box she asked for.
  useEffect(() => {
    if (focusOnOpen) ref.current?.focus();
  }, [focusOnOpen]);
  async function submit(e: React.SubmitEvent) {
    e.preventDefault();
    const parsed = await check('postInput', { content, parentPostId });
    if (!parsed.ok) {
      setError(parsed.fields.content ?? Object.values(parsed.fields)[0]);
      return ref.current?.focus();
    }
    setError(undefined);
    setBusy(true);
    const result = await write(
      {
        kind: 'post',
        ...to(client.forum.threads[':id'].posts, '$post', { param: { id: String(threadId) }, json: parsed.data }),
        label: 'Forum reply',
      },
      {
        success: SUCCESS.reply,
        signIn: 'Please sign in to reply.',
        error: { description: 'Failed to post reply. Please try again.' },
        preferServerMessage: true,
        onFieldErrors: (fields) => setError(Object.values(fields)[0]),
      },
    );
    setBusy(false);
    if (result) {
      setContent('');
      setError(undefined);
      onDone();
    }
  }
  return (
    <form onSubmit={submit} noValidate className="grid gap-2" data-testid="reply-form">
      <Field id={id} label={parentPostId ? 'Your reply' : 'Add a reply'} error={error}>
        <textarea
          ref={ref}
          className="textarea w-full min-h-24"
          {...fieldProps(id, error)}
          value={content}
          onChange={(e) => {
            setContent(e.target.value);
            if (error) setError(undefined);
          }}
        />
      </Field>
      <div className="flex justify-end gap-2">
        {parentPostId && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
            Cancel
          </button>
        )}
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          {busy ? 'Posting...' : 'Post Reply'}
        </button>
      </div>
    </form>
  );
}

function ReplyItem({
  reply,
  threadId,
  canReply,
  onChanged,
  depth,
}: {
  reply: Reply;
  threadId: number;
  canReply: boolean;
  onChanged: () => void;
  depth: number;
}) {
  const [replying, setReplying] = useState(false);
  const pending = reply.status === 'pending' || !reply.isApproved;
  return (
    <li>
      <article
        className="bg-base-100 border border-base-300 rounded-box p-3"
        aria-label={`Reply by ${reply.user?.firstName || 'Anonymous'}`}
      >
        <div className="flex flex-wrap items-center gap-2 text-xs opacity-80">
          <span className="font-semibold">{reply.user?.firstName || 'Anonymous'}</span>
          <span>{timeAgo(reply.createdAt)}</span>
          {pending && <span className="badge badge-warning badge-xs">Pending</span>}
          {!pending && <ReportButton kind="reply" id={reply.id} className="ms-auto" />}
        </div>
        <p className="mt-1 whitespace-pre-line break-words">{reply.content}</p>
        {canReply && !pending && !replying && (
          <button type="button" className="btn btn-ghost btn-sm mt-1" onClick={() => setReplying(true)}>
            Reply
          </button>
        )}
        {replying && (
          <div className="mt-2">
            <ReplyBox
              threadId={threadId}
              parentPostId={reply.id}
              focusOnOpen
              onDone={() => {
                setReplying(false);
                onChanged();
              }}
            />
          </div>
        )}
      </article>
      {reply.replies.length > 0 && (
        <ul className={`grid gap-2 mt-2 ${depth < 4 ? 'pl-4 sm:pl-6 border-l-2 border-base-300 ml-2' : ''}`}>
          {reply.replies.map((r) => (
            <ReplyItem key={r.id} reply={r} threadId={threadId} canReply={canReply} onChanged={onChanged} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}

export function ThreadPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { isAuthenticated } = useAuth();
  const { data, error, mutate } = useApi(valid ? swrKey.forumThread(id) : null, () =>
    json(client.forum.threads[':id'].$get({ param: { id: String(id) } })),
  );
  const notFound = !valid || (error instanceof ApiRequestError && (error.status === 404 || error.status === 400));

  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <Breadcrumb items={[{ to: '/forum', label: 'Forum' }, { label: data?.title ?? 'Discussion' }]} />
      {notFound ? (
        <div className="mt-6">
          <NotFoundStatus />
          <EmptyState icon="chat" title="Discussion not found">
            It may be awaiting moderation or may have been removed.{' '}
            <Link to="/forum" className="link link-primary">
              Back to the forum
            </Link>
          </EmptyState>
        </div>
      ) : error ? (
        <div className="mt-6">
          <ErrorState error={error} retry={() => mutate()} />
        </div>
      ) : !data ? (
        // Only with no data at all: SWR's isLoading is also true while a signed-in reader's own
        // copy replaces the server's (it may hold her pending replies); the content stays up.
        <div className="mt-6" role="status" aria-label="Loading discussion">
          <CardSkeleton lines={6} />
        </div>
      ) : (
        <ThreadBody thread={data} isAuthenticated={isAuthenticated} onChanged={() => mutate()} />
      )}
    </div>
  );
}

/** Watch / Unwatch (decision 2010): she hears of each new reply once a moderator publishes it. */
function WatchButton({ threadId }: { threadId: number }) {
  const { data } = useThreadWatch(threadId, true);
  const [busy, setBusy] = useState(false);
  if (!data) return null;
  const toggle = async () => {
    setBusy(true);
    await setThreadWatch(threadId, !data.watching);
    setBusy(false);
  };
  return (
    <button
      type="button"
      className={`btn btn-sm min-h-11 ${data.watching ? 'btn-outline' : 'btn-ghost'}`}
      disabled={busy}
      onClick={() => void toggle()}
      data-testid="watch-thread"
      title={data.watching ? 'You hear of new replies here' : 'Hear of new replies here'}
    >
      <Icon name="bell" className="size-4" />
      {data.watching ? 'Unwatch' : 'Watch'}
    </button>
  );
}

function ThreadBody({ thread, isAuthenticated, onChanged }: { thread: ThreadAnswer; isAuthenticated: boolean; onChanged: () => void }) {
  const status = threadStatus(thread);
  const replies = buildTree(thread.replies);
  const canReply = isAuthenticated && thread.isApproved && !thread.isLocked;
  return (
    <>
      <article className="card bg-base-100 border border-base-300 mt-2">
        <div className="card-body p-5 gap-2">
          <div className="flex flex-wrap items-center gap-2 text-xs">
            {thread.isSticky && <span className="badge badge-primary badge-sm">Sticky</span>}
            <span className="badge badge-ghost badge-sm">{thread.category.name}</span>
            <span className={`badge badge-sm ${status.className}`}>{status.label}</span>
          </div>
          <h1 className="text-2xl font-bold">{thread.title}</h1>
          <p className="text-sm opacity-70">
            {thread.user?.firstName || 'Anonymous'} · {formatDate(thread.createdAt)} · {thread.viewCount} views
          </p>
          {thread.status === 'rejected' && thread.rejectionReason && (
            <p role="note" className="alert bg-base-200 border-error text-sm">
              <Icon name="warning" className="text-error" /> Not published: {thread.rejectionReason}
            </p>
          )}
          <p className="whitespace-pre-line break-words mt-2">{thread.content}</p>
          <div className="flex flex-wrap items-center justify-end gap-2">
            {isAuthenticated && <WatchButton threadId={thread.id} />}
            {thread.status === 'approved' && <ReportButton kind="thread" id={thread.id} />}
          </div>
        </div>
      </article>

      <section className="mt-6" aria-labelledby="replies-title">
        <h2 id="replies-title" className="text-xl font-semibold mb-3">
          Replies ({replies.length === 0 ? 0 : thread.replyCount || replies.length})
        </h2>
        {replies.length === 0 ? (
          <EmptyState icon="chat" title="No replies yet">
            {canReply ? 'Start the conversation below.' : 'Be the first to reply.'}
          </EmptyState>
        ) : (
          <ul className="grid gap-2" data-testid="replies">
            {replies.map((r) => (
              <ReplyItem key={r.id} reply={r} threadId={thread.id} canReply={canReply} onChanged={onChanged} depth={0} />
            ))}
          </ul>
        )}
        <div className="mt-6">
          {thread.isLocked ? (
            <p role="note" className="alert alert-soft text-sm">
              <Icon name="shield" /> This discussion is locked: no new replies can be added.
            </p>
          ) : !isAuthenticated ? (
            <div className="card bg-base-200">
              <div className="card-body p-4 flex-row flex-wrap items-center justify-between gap-2">
                <p>Sign in to join the discussion.</p>
                <a href={loginHref()} className="btn btn-primary btn-sm">
                  Log In
                </a>
              </div>
            </div>
          ) : !thread.isApproved ? (
            <p role="note" className="alert bg-base-200 border-warning text-sm">
              <Icon name="clock" /> This discussion is awaiting moderation: replies open once it is approved.
            </p>
          ) : (
            <ReplyBox threadId={thread.id} onDone={onChanged} />
          )}
        </div>
      </section>
    </>
  );
}
