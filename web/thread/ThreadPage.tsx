import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { NotFoundStatus } from '../lib/page-status';
import { useApi } from '../data/use-api';
import { Icon } from '../components/Icon';
import { Breadcrumb, CardSkeleton, EmptyState, ErrorState } from '../components/states';
import { loginHref, useAuth } from '../data/auth';
import { ApiRequestError, client, json } from '../data/client';
import { formatDate } from '../lib/format';
import { threadStatus } from '../components/thread-status';
import { buildTree } from './tree';
import { swrKey } from '../data/keys';
import { Edited, lastWritten, useMine, useQueued, type OwnEdit, type Queued, type Target } from './post-meta';
import { OPENING_ANCHOR, withQuote } from './quote';
import { ReplyItem, type ReplyContext, type ThreadAnswer } from './Replies';
import { PostBody } from './PostBody';
import { ReplyBox, ReportButton, WatchButton } from './deferred';
import { PostActionsRow } from './PostActionsRow';

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
            <p>It may be awaiting moderation or may have been removed.</p>
            <Link to="/forum" className="btn btn-primary btn-sm mt-3 tap">
              Back to the forum
            </Link>
          </EmptyState>
        </div>
      ) : error && !data ? (
        // A refresh that fails (offline with no saved copy, after her edit was queued) keeps the
        // discussion on the screen: the error only stands in for a discussion never shown.
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

/** Sticky, the category and the thread's state. */
function ThreadBadges({ thread }: { thread: ThreadAnswer }) {
  const status = threadStatus(thread);
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs">
      {thread.isSticky && <span className="badge badge-primary badge-sm">Sticky</span>}
      <span className="badge badge-ghost badge-sm">{thread.category.name}</span>
      <span className={`badge badge-sm ${status.className}`}>{status.label}</span>
    </div>
  );
}

/** Who started it, when, its views and edit; why it was not published, to her and moderators. */
function AuthorLine({ thread, name }: { thread: ThreadAnswer; name: string }) {
  return (
    <>
      <p className="text-sm opacity-70">
        {name} · {formatDate(thread.createdAt)} · {thread.viewCount} views
        {thread.editedAt && (
          <>
            {' · '}
            <Edited at={thread.editedAt} />
          </>
        )}
      </p>
      {thread.status === 'rejected' && thread.rejectionReason && (
        <p role="note" className="alert bg-base-200 border-error text-sm">
          <Icon name="warning" className="text-error" /> Not published: {thread.rejectionReason}
        </p>
      )}
    </>
  );
}

/** The thread's opening post: its badges, title, author line, text (or her edit), and its actions. */
function OpeningPost({
  thread,
  queued,
  onQueued,
  deleted,
  canReply,
  own,
  moderator,
  isAuthenticated,
  onQuote,
  onChanged,
}: {
  thread: ThreadAnswer;
  queued: Queued;
  onQueued: (q: Queued) => void;
  deleted: boolean;
  canReply: boolean;
  /** Hers (not deleted): with her edit's state. */
  own: OwnEdit | undefined;
  moderator: boolean;
  isAuthenticated: boolean;
  onQuote: (quote: string) => void;
  onChanged: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const name = thread.user?.firstName || 'Anonymous';
  const { title = thread.title, content } = lastWritten(queued, own, thread);
  const target: Target = { kind: 'thread', id: thread.id, categoryId: thread.categoryId, title, content };
  return (
    <article id={OPENING_ANCHOR} className="card bg-base-100 border border-base-300 mt-2 scroll-mt-20" data-testid="opening-post">
      <div className="card-body p-5 gap-2">
        <ThreadBadges thread={thread} />
        <h1 className="text-2xl font-bold">{deleted ? 'Deleted thread' : title}</h1>
        {deleted ? (
          <p className="italic opacity-80" data-testid="thread-deleted">
            Deleted by its author. The replies stay so the conversation still reads.
            {queued?.kind === 'delete' && <span className="badge badge-ghost badge-sm ms-2 not-italic">Waiting to be sent</span>}
          </p>
        ) : (
          <>
            <AuthorLine thread={thread} name={name} />
            <PostBody
              target={target}
              html={thread.html}
              editing={editing}
              queued={queued}
              own={own}
              gap="mt-2"
              history={moderator && thread.editedAt ? { kind: 'threads', id: thread.id } : undefined}
              onEditClosed={() => setEditing(false)}
              onChanged={onChanged}
              onQueued={onQueued}
            />
          </>
        )}
        {!editing && (
          <ThreadActions
            thread={thread}
            name={name}
            canReply={canReply}
            own={!!own}
            deleted={deleted}
            isAuthenticated={isAuthenticated}
            target={target}
            onQuote={onQuote}
            onEdit={() => setEditing(true)}
            onQueued={onQueued}
            onChanged={onChanged}
          />
        )}
      </div>
    </article>
  );
}

function ThreadBody({ thread, isAuthenticated, onChanged }: { thread: ThreadAnswer; isAuthenticated: boolean; onChanged: () => void }) {
  const replies = buildTree(thread.replies);
  const { user } = useAuth();
  const mine = useMine();
  const [queued, setQueued] = useQueued(thread, mine.threads.get(thread.id));
  const [draft, setDraft] = useState('');
  const [quotes, setQuotes] = useState(0);
  const deleted = !!thread.deletedAt || queued?.kind === 'delete';
  const canReply = isAuthenticated && thread.isApproved && !thread.isLocked && !deleted;
  const moderator = !!(user?.isAdmin || user?.isModerator);
  /** "Quote": the quote goes into the thread's reply form, which scrolls into view with the caret after it. */
  const quote = (q: string) => {
    setDraft((d) => withQuote(d, q));
    setQuotes((n) => n + 1);
  };
  const ctx: ReplyContext = { threadId: thread.id, canReply, onChanged, mine: mine.posts, moderator, onQuote: quote };
  return (
    <>
      <OpeningPost
        thread={thread}
        queued={queued}
        onQueued={setQueued}
        deleted={deleted}
        canReply={canReply}
        own={deleted ? undefined : mine.threads.get(thread.id)}
        moderator={moderator}
        isAuthenticated={isAuthenticated}
        onQuote={quote}
        onChanged={onChanged}
      />

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
              <ReplyItem key={r.id} reply={r} ctx={ctx} depth={0} />
            ))}
          </ul>
        )}
        <div className="mt-6">
          {deleted ? null : (
            <ReplyFooter
              thread={thread}
              isAuthenticated={isAuthenticated}
              draft={draft}
              onDraft={setDraft}
              quotes={quotes}
              onChanged={onChanged}
            />
          )}
        </div>
      </section>
    </>
  );
}

/** Under the opening post: Quote, her Edit and Delete, Watch and Report. */
function ThreadActions({
  thread,
  name,
  canReply,
  own,
  deleted,
  isAuthenticated,
  target,
  onQuote,
  onEdit,
  onQueued,
  onChanged,
}: {
  thread: ThreadAnswer;
  name: string;
  canReply: boolean;
  own: boolean;
  deleted: boolean;
  isAuthenticated: boolean;
  target: Target;
  onQuote: (quote: string) => void;
  onEdit: () => void;
  onQueued: (q: Queued) => void;
  onChanged: () => void;
}) {
  const navigate = useNavigate();
  return (
    <PostActionsRow
      className="flex flex-wrap items-center justify-end gap-2"
      name={name}
      quote={canReply ? { firstName: thread.user?.firstName ?? null, source: thread.content, threadId: thread.id, postId: null } : null}
      onQuote={onQuote}
      own={own}
      target={target}
      onEdit={onEdit}
      onDeleted={({ queued: q, placeholder }) => {
        if (q) onQueued({ kind: 'delete' });
        // A thread nobody answered is gone: back to the forum.
        if (!q && !placeholder) void navigate('/forum');
        else onChanged();
      }}
    >
      {isAuthenticated && !deleted && <WatchButton threadId={thread.id} />}
      {thread.status === 'approved' && !deleted && <ReportButton kind="thread" id={thread.id} />}
    </PostActionsRow>
  );
}

/** Below the replies: the reply form, or why there is none (locked, signed out, awaiting moderation). */
function ReplyFooter({
  thread,
  isAuthenticated,
  draft,
  onDraft,
  quotes,
  onChanged,
}: {
  thread: ThreadAnswer;
  isAuthenticated: boolean;
  draft: string;
  onDraft: (draft: string) => void;
  /** How many Quote taps so far: each puts the caret after the draft. */
  quotes: number;
  onChanged: () => void;
}) {
  return thread.isLocked ? (
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
    <ReplyBox threadId={thread.id} onDone={onChanged} value={draft} onValue={onDraft} focusKey={quotes} />
  );
}
