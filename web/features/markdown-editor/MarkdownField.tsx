// A Markdown field of the product's safe subset: Write (the textarea) or Preview, which the server
// renders with the pages' one renderer (POST /api/markdown/preview, api/markdown/render.ts): the
// browser carries no Markdown parser and no sanitiser.
import { useEffect, useState } from 'react';
import { ApiRequestError, client, json } from '../../data/client';
import { Field, fieldProps } from '../../components/Dialog';
import type { Wired } from '../../components/fields';
import { RenderedMarkdown } from '../../components/RenderedMarkdown';

const MARKDOWN_HINT = '**bold**, *italic*, lists (- or 1.), > quotes and [links](https://…) work.';

type Preview = { state: 'loading' } | { state: 'ready'; html: string } | { state: 'failed'; message: string };

/** Why the preview is not shown: the server's words for its preview limit (429), else a retry or the connection. */
function failedMessage(err: unknown): string {
  if (err instanceof ApiRequestError && err.status === 429 && err.body?.error) return err.body.error;
  return navigator.onLine ? 'The preview could not be shown. Try again.' : 'The preview needs a connection. Your text is kept.';
}

/** The server's rendering of the text while `on` (the Preview tab), again each time the text changes. */
function usePreview(on: boolean, value: string) {
  const [preview, setPreview] = useState<Preview>({ state: 'loading' });
  useEffect(() => {
    if (!on) return;
    let live = true;
    setPreview({ state: 'loading' });
    json(client.markdown.preview.$post({ json: { source: value } })).then(
      ({ html }) => live && setPreview({ state: 'ready', html }),
      (err: unknown) => live && setPreview({ state: 'failed', message: failedMessage(err) }),
    );
    return () => {
      live = false;
    };
  }, [on, value]);
  return preview;
}

/** A Markdown field: Write (the textarea) or Preview (the server's rendering of it). */
export function MarkdownField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  maxLength,
  minHeight = 'min-h-40',
  placeholder,
}: Wired & {
  maxLength: number;
  /** The textarea's (and the preview's) least height, a Tailwind class. */
  minHeight?: string;
  placeholder?: string;
}) {
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  // A message for this field brings the textarea back, so focus can move to it.
  useEffect(() => {
    if (error) setMode('write');
  }, [error]);
  const preview = usePreview(mode === 'preview', value);
  const toggle = (m: typeof mode, text: string) => (
    <button
      type="button"
      className={`join-item btn btn-sm tap min-w-20 ${mode === m ? 'btn-active btn-neutral' : 'btn-ghost'}`}
      aria-pressed={mode === m}
      onClick={() => setMode(m)}
    >
      {text}
    </button>
  );
  return (
    <Field id={id} label={label} error={error} hint={hint ?? `${MARKDOWN_HINT} Up to ${maxLength.toLocaleString('en-GB')} characters.`}>
      <div className="join mb-2" role="group" aria-label={`${label}: write or preview`}>
        {toggle('write', 'Write')}
        {toggle('preview', 'Preview')}
      </div>
      {mode === 'write' ? (
        <textarea
          className={`textarea w-full ${minHeight}`}
          maxLength={maxLength}
          placeholder={placeholder}
          {...fieldProps(id, error)}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <PreviewBox id={id} preview={preview} minHeight={minHeight} />
      )}
    </Field>
  );
}

function PreviewBox({ id, preview, minHeight }: { id: string; preview: Preview; minHeight: string }) {
  return (
    <div
      className={`rounded-box border border-base-300 bg-base-100 p-3 ${minHeight} text-sm`}
      data-testid={`preview-${id}`}
      aria-live="polite"
      aria-busy={preview.state === 'loading'}
    >
      {preview.state === 'loading' ? (
        <span className="loading loading-dots loading-sm" aria-label="Rendering the preview" />
      ) : preview.state === 'failed' ? (
        <p>{preview.message}</p>
      ) : preview.html ? (
        <RenderedMarkdown html={preview.html} />
      ) : (
        <p className="opacity-70">Nothing to preview yet.</p>
      )}
    </div>
  );
}
