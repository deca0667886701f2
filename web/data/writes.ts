// How every screen writes: through send() (web/data/mutations.ts), with the product's toasts (product §8):
// sent → the success toast; queued → a calm "will be sent" (offline) or "will be retried"
// (online, the server could not take it) toast; 401 → 'Sign In
// Required' then the login page after 1.5 s; 400 with fields → the messages beside the fields;
// anything else → the error toast.
import { ApiRequestError } from './client';
import { QUEUED_OFFLINE, QUEUED_RETRY } from './messages';
import type { SendRequest, SendResult } from './mutations';
import { signInRequired } from './signed-in';
import { toast } from '../lib/toast-store';

/** The queued toast: offline → "when you're back online"; online (5xx/429) → "will be retried". */
export const queuedToast = (online = typeof navigator === 'undefined' || navigator.onLine) => (online ? QUEUED_RETRY : QUEUED_OFFLINE);

// The signed-in check and 'Sign In Required' (no outbox, no texts) are in ./signed-in.ts, for the
// buttons of read-only pages.
export { signInRequired };
export { useSignedInAction } from './signed-in';

type Toast = { title: string; description?: string };

export interface WriteOptions {
  /** The toast once the server took it; a function of its answer when that decides the words. */
  success: Toast | ((data: unknown) => Toast);
  /** The product §8 text for a 401 ('Please sign in to submit a review.'). */
  signIn: string;
  /** The product §8 failure toast. */
  error: { title?: string; description: string };
  /** Field messages from a 400 answer. */
  onFieldErrors?: (fields: Record<string, string>) => void;
  /** Use the server's message (thread creation) when it sends one. */
  preferServerMessage?: boolean;
}

/** Sends a write and shows the right toast; resolves with the result, or null when it failed. */
export async function write<T>(request: SendRequest, options: WriteOptions): Promise<SendResult<T> | null> {
  try {
    // The outbox (Dexie) loads with the first write, not with the screen (the server-rendered first visit).
    const { send } = await import('./mutations');
    const result = await send<T>(request);
    if (result.status === 'queued') toast({ ...queuedToast() });
    else toast(typeof options.success === 'function' ? options.success(result.data) : options.success);
    return result;
  } catch (err) {
    if (err instanceof ApiRequestError && err.status === 401) {
      signInRequired(options.signIn);
      return null;
    }
    if (err instanceof ApiRequestError && err.status === 400 && err.body?.fields && options.onFieldErrors) {
      options.onFieldErrors(err.body.fields);
      return null;
    }
    const serverMessage = err instanceof ApiRequestError ? err.body?.error : undefined;
    toast({
      title: options.error.title ?? 'Error',
      // A limit's words (429) say when to try again, which the screen's own message cannot.
      description:
        (options.preferServerMessage || (err instanceof ApiRequestError && err.status === 429)) && serverMessage
          ? serverMessage
          : options.error.description,
      variant: 'destructive',
    });
    return null;
  }
}

// check() (the forms' zod validation) lives in ./check.ts, so a screen that only writes (a save
// button) does not load zod (the server-rendered first visit).
