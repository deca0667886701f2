// A thread page's replies (web/thread/ThreadPage.tsx): each with its first line, its body, its
// actions (reply, quote, edit, delete, report) and its own replies nested under it.
import { useState } from 'react';
import type { InferResponseType } from 'hono/client';
import { client } from '../data/client';
import { timeAgo } from '../lib/format';
import type { ReplyNode } from './tree';
import { Edited, lastWritten, useQueued, type OwnEdit, type Queued, type Target } from './post-meta';
import { postAnchor } from './quote';
import { ReplyBox, ReportButton } from './deferred';
import { PostActionsRow } from './PostActionsRow';
import { PostBody } from './PostBody';

/** GET /api/forum/threads/:id as the API types it. */
export type ThreadAnswer = InferResponseType<(typeof client.forum.threads)[':id']['$get'], 200>;
/** A reply as shown: the API's flat reply (with parentPostId) nested by buildTree. */
export type Reply = ReplyNode<ThreadAnswer['replies'][number]>;

/** What a thread page hands each reply: who she is, and the page's own reply form for Quote. */
export interface ReplyContext {
  threadId: number;
  canReply: boolean;
  onChanged: () => void;
  /** Her replies, each with her edit's state. */
  mine: Map<number, OwnEdit>;
  moderator: boolean;
  onQuote: (quote: string) => void;
}

/** A reply's first line: who, when, edited, pending; Report once it is published. */
function ReplyMeta({ reply, name, pending }: { reply: Reply; name: string; pending: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs opacity-80">
      <span className="font-semibold">{name}</span>
      <span>{timeAgo(reply.createdAt)}</span>
      {reply.editedAt && <Edited at={reply.editedAt} />}
      {pending && <span className="badge badge-warning badge-xs">Pending</span>}
      {!pending && <ReportButton kind="reply" id={reply.id} className="ms-auto" />}
    </div>
  );
}

/** Under a reply: Reply and Quote when she may answer, Edit and Delete on her own. */
function ReplyActions({
  reply,
  ctx,
  canAnswer,
  replying,
  mine,
  target,
  onReply,
  onEdit,
  onQueued,
}: {
  reply: Reply;
  ctx: ReplyContext;
  canAnswer: boolean;
  replying: boolean;
  mine: boolean;
  target: Target;
  onReply: () => void;
  onEdit: () => void;
  onQueued: (q: Queued) => void;
}) {
  const name = reply.user?.firstName || 'Anonymous';
  return (
    <PostActionsRow
      className="flex flex-wrap items-center gap-1 mt-1"
      name={name}
      quote={
        canAnswer ? { firstName: reply.user?.firstName ?? null, source: reply.content, threadId: ctx.threadId, postId: reply.id } : null
      }
      onQuote={ctx.onQuote}
      own={mine}
      target={target}
      onEdit={onEdit}
      onDeleted={({ queued: q }) => {
        if (q) onQueued({ kind: 'delete' });
        ctx.onChanged();
      }}
      first={
        canAnswer &&
        !replying && (
          <button type="button" className="btn btn-ghost btn-sm min-h-11" onClick={onReply}>
            Reply
          </button>
        )
      }
    />
  );
}

export function ReplyItem({ reply, ctx, depth }: { reply: Reply; ctx: ReplyContext; depth: number }) {
  const [replying, setReplying] = useState(false);
  const [editing, setEditing] = useState(false);
  const [queued, setQueued] = useQueued(reply, ctx.mine.get(reply.id));
  const pending = reply.status === 'pending' || !reply.isApproved;
  const deleted = !!reply.deletedAt || queued?.kind === 'delete';
  const own = deleted ? undefined : ctx.mine.get(reply.id);
  const name = reply.user?.firstName || 'Anonymous';
  const target: Target = { kind: 'reply', id: reply.id, content: lastWritten(queued, own, reply).content };
  return (
    <li>
      <article
        id={postAnchor(reply.id)}
        className="bg-base-100 border border-base-300 rounded-box p-3 scroll-mt-20"
        aria-label={deleted ? 'Reply deleted by its author' : `Reply by ${name}`}
        data-testid="reply"
      >
        {deleted ? (
          <p className="text-sm italic opacity-80" data-testid="reply-deleted">
            Deleted by its author
            {queued?.kind === 'delete' && <span className="badge badge-ghost badge-sm ms-2 not-italic">Waiting to be sent</span>}
          </p>
        ) : (
          <>
            <ReplyMeta reply={reply} name={name} pending={pending} />
            <PostBody
              target={target}
              html={reply.html}
              editing={editing}
              queued={queued}
              own={own}
              gap="mt-1"
              history={ctx.moderator && reply.editedAt ? { kind: 'posts', id: reply.id } : undefined}
              onEditClosed={() => setEditing(false)}
              onChanged={ctx.onChanged}
              onQueued={setQueued}
            />
            {!editing && (
              <ReplyActions
                reply={reply}
                ctx={ctx}
                canAnswer={ctx.canReply && !pending}
                replying={replying}
                mine={!!own}
                target={target}
                onReply={() => setReplying(true)}
                onEdit={() => setEditing(true)}
                onQueued={setQueued}
              />
            )}
          </>
        )}
        {replying && (
          <div className="mt-2">
            <ReplyBox
              threadId={ctx.threadId}
              parentPostId={reply.id}
              focusKey
              onDone={() => {
                setReplying(false);
                ctx.onChanged();
              }}
            />
          </div>
        )}
      </article>
      {reply.replies.length > 0 && (
        <ul className={`grid gap-2 mt-2 ${depth < 4 ? 'pl-4 sm:pl-6 border-l-2 border-base-300 ml-2' : ''}`}>
          {reply.replies.map((r) => (
            <ReplyItem key={r.id} reply={r} ctx={ctx} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}
