// The one body of a thread's opening post and of each reply (web/thread/PostBody.tsx): which text
// it shows (her inline edit, her queued edit, her edit waiting for a moderator, the published
// Markdown), when a moderator sees the earlier versions, and what closing her edit does.
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PostBodyProps } from './PostBody';

// The after-first-render parts stand in as markers that keep the props they were given.
const seen = vi.hoisted(() => ({ editForm: [] as { onDone: (changed: boolean) => void }[] }));
vi.mock('./deferred', () => ({
  EditForm: (props: { target: { id: number }; onDone: (changed: boolean) => void }) => {
    seen.editForm.push(props);
    return <form data-testid="edit-form" data-id={props.target.id} />;
  },
  EarlierVersions: ({ kind, id }: { kind: string; id: number }) => <aside data-testid="earlier" data-kind={kind} data-id={id} />,
}));
const { PostBody } = await import('./PostBody');

const calls: string[] = [];
const props = (over: Partial<PostBodyProps> = {}): PostBodyProps => ({
  target: { kind: 'reply', id: 7, content: 'Hello' },
  html: '<p>Published text</p>',
  editing: false,
  queued: null,
  own: undefined,
  gap: 'mt-1',
  onEditClosed: () => calls.push('closed'),
  onChanged: () => calls.push('changed'),
  onQueued: () => calls.push('queued'),
  ...over,
});
const html = (over: Partial<PostBodyProps> = {}) => renderToStaticMarkup(<PostBody {...props(over)} />);

beforeEach(() => {
  calls.length = 0;
  seen.editForm.length = 0;
});

describe('a post body', () => {
  it('shows the published Markdown with the gap asked for, and no earlier versions unless asked', () => {
    const out = html({ gap: 'mt-2' });
    expect(out).toContain('<p>Published text</p>');
    expect(out).toMatch(/class="[^"]*mt-2 break-words"/);
    expect(out).not.toContain('data-testid="earlier"');
  });

  it('shows her edit waiting to be sent in place of the text', () => {
    const out = html({ queued: { kind: 'edit', content: 'My new words' } as PostBodyProps['queued'] });
    expect(out).toContain('Edit waiting to be sent');
    expect(out).toContain('My new words');
    expect(out).not.toContain('Published text');
  });

  it('shows her version with its note while a moderator has it', () => {
    const own = { edit: { status: 'pending' as const, reason: null }, proposed: { content: 'x', html: '<p>Her version</p>' } };
    const out = html({ own });
    expect(out).toContain('data-testid="edit-pending"');
    expect(out).toContain('You see your changes');
    expect(out).toContain('<p>Her version</p>');
    expect(out).not.toContain('Published text');
  });

  it("shows a moderator the post's earlier versions under the text, for threads and replies alike", () => {
    expect(html({ history: { kind: 'posts', id: 7 } })).toMatch(
      /Published text<\/p><\/div><aside data-testid="earlier" data-kind="posts" data-id="7">/,
    );
    expect(html({ history: { kind: 'threads', id: 3 } })).toContain('data-kind="threads" data-id="3"');
  });

  it('while she edits, shows the form; closing it reads the post again only when her edit was taken', () => {
    const out = html({ editing: true, history: { kind: 'posts', id: 7 } });
    expect(out).toContain('data-testid="edit-form" data-id="7"');
    expect(out).not.toContain('Published text');
    expect(seen.editForm).toHaveLength(1);
    seen.editForm[0].onDone(false);
    expect(calls).toEqual(['closed']);
    seen.editForm[0].onDone(true);
    expect(calls).toEqual(['closed', 'closed', 'changed']);
  });
});
