// Her notifications on the web side (decision 2010): read through the typed client, so the
// offline layer keeps her copy (a per-user answer: saved with her as owner, shown only to her,
// cleared at sign-out; decision 1440) and the bell and the screen read offline what they last
// saw. Marking read, watching and preferences are online writes, like alerts: nothing to queue.
import type { InferResponseType } from 'hono/client';
import { mutate as globalMutate } from 'swr';
import { toast } from '../lib/toast-store';
import { signInRequired } from './writes';
import { useAuth } from './auth';
import { ApiRequestError, client, json } from './client';
import { useApi } from './use-api';

export type NotificationsPage = InferResponseType<typeof client.notifications.$get, 200>;
export type NotificationItem = NotificationsPage['notifications'][number];
export type NotificationPrefs = InferResponseType<typeof client.notifications.preferences.$get, 200>;

const NOTIFICATIONS_KEY = 'notifications';
const PREFS_KEY = 'notifications/preferences';
const watchKey = (threadId: number) => ['forum/thread/watch', threadId] as const;

/** The first page and the unread count: the bell and the screen share it (one request, one saved copy). */
export function useNotifications() {
  const { isAuthenticated } = useAuth();
  return useApi(isAuthenticated ? NOTIFICATIONS_KEY : null, () => json(client.notifications.$get({ query: {} })), {
    refreshInterval: 120_000,
  });
}

/** A later page, by the cursor the one before it gave. */
export const notificationsAfter = (cursor: string) => json(client.notifications.$get({ query: { cursor } }));

async function run<T>(request: () => Promise<T>, o: { success?: string; error: string; signIn: string }): Promise<T | null> {
  try {
    const data = await request();
    if (o.success) toast({ title: o.success });
    return data;
  } catch (err) {
    if (err instanceof ApiRequestError && err.status === 401) {
      signInRequired(o.signIn);
      return null;
    }
    const offline = typeof navigator !== 'undefined' && !navigator.onLine;
    const message = offline
      ? "You're offline: try again when you're back online."
      : err instanceof ApiRequestError && err.status < 500 && err.body?.error
        ? err.body.error
        : o.error;
    toast({ title: 'Error', description: message, variant: 'destructive' });
    return null;
  }
}

/** Marks these notifications read (or all of them), then refreshes the bell and the list. */
export async function markRead(target: { ids: number[] } | { all: true }) {
  const done = await run(() => json(client.notifications.read.$post({ json: target })), {
    success: 'all' in target ? 'All notifications marked read' : undefined,
    error: 'Failed to mark notifications read. Please try again.',
    signIn: 'Please sign in to see your notifications.',
  });
  if (done) await globalMutate(NOTIFICATIONS_KEY);
  return done;
}

export function useNotificationPrefs() {
  const { isAuthenticated } = useAuth();
  return useApi(isAuthenticated ? PREFS_KEY : null, () => json(client.notifications.preferences.$get()));
}

export async function saveNotificationPrefs(prefs: Partial<NotificationPrefs>) {
  const saved = await run(() => json(client.notifications.preferences.$put({ json: prefs })), {
    success: 'Notification settings saved',
    error: 'Failed to save your notification settings. Please try again.',
    signIn: 'Please sign in to change your notification settings.',
  });
  if (saved) void globalMutate(PREFS_KEY, saved, { revalidate: false });
  return saved;
}

/** Whether she watches a thread (signed in only). */
export function useThreadWatch(threadId: number, enabled: boolean) {
  const { isAuthenticated } = useAuth();
  return useApi(isAuthenticated && enabled ? watchKey(threadId) : null, () =>
    json(client.forum.threads[':id'].watch.$get({ param: { id: String(threadId) } })),
  );
}

export async function setThreadWatch(threadId: number, watching: boolean) {
  const param = { param: { id: String(threadId) } };
  const saved = await run(
    () => json(watching ? client.forum.threads[':id'].watch.$post(param) : client.forum.threads[':id'].watch.$delete(param)),
    {
      success: watching ? 'Watching this thread' : 'Stopped watching',
      error: 'Failed to change your watch. Please try again.',
      signIn: 'Please sign in to watch threads.',
    },
  );
  if (saved) void globalMutate(watchKey(threadId), saved, { revalidate: false });
  return saved;
}
