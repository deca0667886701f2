// "Start a New Discussion": the forum's form in a dialog, Write or Preview for its text. Loaded
// after the forum page's first render (the page's later() part).
import { Dialog, DialogActions } from '../components/Dialog';
import { SelectField, SubmitButton, TextField } from '../components/fields';
import { MarkdownField } from '../features/markdown-editor/MarkdownField';
import { useForm } from '../components/use-form';
import { useSubmit } from '../data/use-submit';
import { check } from '../components/check';
import type { useForumCategories } from '../data/hooks';
import { client } from '../data/client';
import { to } from '../data/requests';
import { SUCCESS } from '../data/messages';

type Category = NonNullable<ReturnType<typeof useForumCategories>['data']>[number];

export function NewThreadDialog({
  open,
  onClose,
  categories,
  defaultCategory,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  categories: Category[];
  defaultCategory: string;
  onCreated: () => void;
}) {
  const f = useForm({ categoryId: defaultCategory, title: '', content: '' });
  const { ref, onSubmit } = useSubmit(f, {
    check: () => check('threadInput', { ...f.values, categoryId: f.values.categoryId || undefined }),
    write: (json) => ({
      request: { kind: 'thread', ...to(client.forum.threads, '$post', { json }), label: `Discussion: ${json.title}` },
      messages: {
        success: SUCCESS.thread,
        signIn: 'Please sign in to start a discussion.',
        error: { description: 'Failed to create thread' },
        preferServerMessage: true,
      },
    }),
    done: () => {
      f.reset();
      onCreated();
      onClose();
    },
  });
  return (
    <Dialog open={open} onClose={onClose} title="Start a New Discussion" wide>
      <form ref={ref} onSubmit={onSubmit} noValidate data-testid="thread-form">
        <SelectField
          label="Category"
          {...f.field('categoryId')}
          options={categories.map((c) => ({ value: String(c.id), label: c.name }))}
          empty="Select a category"
        />
        <TextField label="Title" {...f.field('title')} maxLength={200} placeholder="What would you like to discuss?" />
        {/* Write or Preview: the server renders the preview with the pages' one renderer. */}
        <MarkdownField
          label="Content"
          {...f.field('content')}
          maxLength={20_000}
          minHeight="min-h-[200px]"
          placeholder="Share your thoughts, questions or experiences..."
        />
        <DialogActions onCancel={onClose}>
          <SubmitButton busy={f.busy} label="Create Discussion" busyLabel="Creating..." />
        </DialogActions>
      </form>
    </Dialog>
  );
}
