// The thread's reply form (the one under the thread, and one under a reply when she taps Reply):
// shown only to a signed-in reader, so it loads after the page's first render (./writing-controls.ts).
import { useEffect } from 'react';
import { check } from '../components/check';
import { InlineFormActions } from '../components/fields';
import { MarkdownField } from '../features/markdown-editor/MarkdownField';
import { firstError, useForm } from '../components/use-form';
import { useSubmit } from '../data/use-submit';
import { client } from '../data/client';
import { SUCCESS } from '../data/messages';
import { to } from '../data/requests';
import { POST_MAX_CHARS } from './post-meta';

/** The reply form: Write or Preview (the server renders it), the create rules and messages. */
export function ReplyBox({
  threadId,
  parentPostId,
  onDone,
  focusKey,
  value,
  onValue,
}: {
  threadId: number;
  parentPostId?: number;
  onDone: () => void;
  /**
   * The reader asked for this box (her Reply or Quote tap): each new value puts the caret after its
   * text, in view, once the box is there (its code may still be loading at the tap).
   */
  focusKey?: number | boolean;
  /** The text, when the page holds it (the thread's own reply form, which "Quote" fills). */
  value?: string;
  onValue?: (v: string) => void;
}) {
  const f = useForm({ content: '' });
  const content = value ?? f.values.content;
  const id = `reply-${parentPostId ?? 'thread'}`;
  useEffect(() => {
    const box = focusKey ? (document.getElementById(id) as HTMLTextAreaElement | null) : null;
    if (!box) return;
    box.scrollIntoView({ block: 'center' });
    box.focus();
    box.setSelectionRange(box.value.length, box.value.length);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusKey]);
  const { ref, onSubmit } = useSubmit(f, {
    check: () => check('postInput', { content, parentPostId }),
    write: (json) => ({
      request: {
        kind: 'post',
        ...to(client.forum.threads[':id'].posts, '$post', { param: { id: String(threadId) }, json }),
        label: 'Forum reply',
      },
      messages: {
        success: SUCCESS.reply,
        signIn: 'Please sign in to reply.',
        error: { description: 'Failed to post reply. Please try again.' },
        preferServerMessage: true,
      },
    }),
    done: () => {
      f.reset();
      onValue?.('');
      // Her new reply is hers to edit: her activity (which says which ids are hers) is read again by write().
      onDone();
    },
  });
  return (
    <form ref={ref} onSubmit={onSubmit} noValidate className="grid gap-2" data-testid="reply-form">
      <MarkdownField
        id={id}
        label={parentPostId ? 'Your reply' : 'Add a reply'}
        value={content}
        onChange={(v) => {
          f.set('content', v);
          onValue?.(v);
        }}
        error={firstError(f.errors, 'content')}
        maxLength={POST_MAX_CHARS}
      />
      <InlineFormActions busy={f.busy} label="Post Reply" busyLabel="Posting..." onCancel={parentPostId ? onDone : undefined} />
    </form>
  );
}
