import { Icon } from './Icon';

/** The copy's toast, with its store and texts loaded once needed (not with the page's first render). */
async function copiedToast(copied: boolean, url: string) {
  const [{ toast }, { SHARE_COPIED, SHARE_COPY_FAILED }] = await Promise.all([import('../lib/toast-store'), import('../data/messages')]);
  toast(copied ? { ...SHARE_COPIED, description: url } : { ...SHARE_COPY_FAILED, description: url, variant: 'destructive' });
}

/** The page's canonical address: this origin and the path, no query string or hash. */
const canonicalUrl = (path: string) => new URL(path, window.location.origin).href;

/**
 * Share a job or a school (the phone on the commute): the phone's share sheet (Web Share API) with the canonical
 * URL; where there is none (most desktops), the link is copied with a toast. Cancelling the
 * share sheet does nothing.
 */
async function shareLink({ title, text, path }: { title: string; text?: string; path: string }) {
  const url = canonicalUrl(path);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text, url });
      return 'shared' as const;
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return 'cancelled' as const;
      // Not allowed here (e.g. no user activation): copy instead.
    }
  }
  try {
    await navigator.clipboard.writeText(url);
  } catch {
    await copiedToast(false, url);
    return 'failed' as const;
  }
  await copiedToast(true, url);
  return 'copied' as const;
}

export function ShareButton({
  title,
  text,
  path,
  className = 'btn btn-ghost btn-sm btn-square',
  label,
}: {
  title: string;
  text?: string;
  path: string;
  className?: string;
  label?: string;
}) {
  return (
    <button
      type="button"
      className={className}
      onClick={() => void shareLink({ title, text, path })}
      aria-label={`Share ${title}`}
      title="Share"
      data-testid="share"
    >
      <Icon name="share" />
      {label}
    </button>
  );
}
