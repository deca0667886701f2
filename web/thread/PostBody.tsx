// A post's body, the same for a thread's opening post (ThreadPage.tsx) and each reply
// (Replies.tsx): her inline edit, her edit waiting in the outbox or for a moderator, or the
// server's rendered Markdown; and for a moderator, the earlier versions of a post that was edited.
import { RenderedMarkdown } from '../components/RenderedMarkdown';
import { EditStateNote } from '../features/contribute/EditStateNote';
import { EarlierVersions, EditForm } from './deferred';
import type { OwnEdit, Queued, Target } from './post-meta';

export interface PostBodyProps {
  target: Target;
  html: string;
  editing: boolean;
  queued: Queued;
  /** Her edit waiting for a moderator (shown to her in place of the approved text), or refused. */
  own: OwnEdit | undefined;
  gap: 'mt-1' | 'mt-2';
  /** Set for a moderator when the post was edited: its earlier versions, under the text. */
  history?: { kind: 'threads' | 'posts'; id: number };
  /** Her inline edit is closed (sent, queued or cancelled). */
  onEditClosed: () => void;
  /** Her edit was taken: the page reads the post again. */
  onChanged: () => void;
  onQueued: (q: Queued) => void;
}

export function PostBody({ history, ...text }: PostBodyProps) {
  return (
    <>
      <PostText {...text} />
      {history && <EarlierVersions kind={history.kind} id={history.id} />}
    </>
  );
}

function PostText({ target, html, editing, queued, own, gap, onEditClosed, onChanged, onQueued }: Omit<PostBodyProps, 'history'>) {
  if (editing)
    return (
      <EditForm
        target={target}
        onDone={(changed) => {
          onEditClosed();
          if (changed) onChanged();
        }}
        onQueued={onQueued}
      />
    );
  if (queued?.kind === 'edit')
    return (
      <div className={gap}>
        <span className="badge badge-ghost badge-sm">Edit waiting to be sent</span>
        <p className="mt-1 whitespace-pre-line break-words">{queued.content}</p>
      </div>
    );
  if (own?.edit)
    return (
      <div className={`${gap} grid gap-2`}>
        <EditStateNote edit={own.edit} yours={!!own.proposed} />
        <RenderedMarkdown html={own.proposed?.html ?? html} className="break-words" />
      </div>
    );
  return <RenderedMarkdown html={html} className={`${gap} break-words`} />;
}
