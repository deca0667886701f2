// Job alerts on the web side: the SWR hooks and the writes (online only: an alert is not a
// contribution, so it does not go through the outbox), with the app's toasts.
import type { InferRequestType, InferResponseType } from 'hono/client';
import { mutate as globalMutate } from 'swr';
import { useApi } from './use-api';
import { useAuth } from './auth';
import { ApiRequestError, client, json } from './client';
import { signInRequired } from './writes';
import { toast } from '../lib/toast-store';

export type AlertItem = InferResponseType<typeof client.alerts.$get, 200>[number];
export type NewAlert = InferRequestType<typeof client.alerts.$post>['json'];
type AlertChange = InferRequestType<(typeof client.alerts)[':id']['$patch']>['json'];
export type ReminderPrefs = InferResponseType<typeof client.alerts.reminders.$get, 200>;

const ALERTS_KEY = 'alerts';

export function useAlerts() {
  const { isAuthenticated } = useAuth();
  return useApi(isAuthenticated ? ALERTS_KEY : null, () => json(client.alerts.$get()));
}

export function useReminderPrefs() {
  const { isAuthenticated } = useAuth();
  return useApi(isAuthenticated ? 'alerts/reminders' : null, () => json(client.alerts.reminders.$get()));
}

/** Runs a write: toasts on success, 'Sign In Required' on 401, field messages on 400, else the error toast. */
async function run<T>(
  request: () => Promise<T>,
  o: { success: string; description?: string; error: string; onFields?: (f: Record<string, string>) => void },
): Promise<T | null> {
  try {
    const data = await request();
    toast({ title: o.success, description: o.description });
    void globalMutate(ALERTS_KEY);
    return data;
  } catch (err) {
    if (err instanceof ApiRequestError && err.status === 401) {
      signInRequired('Please sign in to manage job alerts.');
      return null;
    }
    if (err instanceof ApiRequestError && err.status === 400 && err.body?.fields && o.onFields) {
      o.onFields(err.body.fields);
      return null;
    }
    const message = err instanceof ApiRequestError && err.status < 500 && err.body?.error ? err.body.error : o.error;
    toast({ title: 'Error', description: message, variant: 'destructive' });
    return null;
  }
}

export const createAlert = (body: NewAlert, onFields?: (f: Record<string, string>) => void) =>
  run(() => json(client.alerts.$post({ json: body })), {
    success: 'Alert created',
    description: `"${body.name}": we'll tell you about new jobs.`,
    error: 'Failed to create the alert. Please try again.',
    onFields,
  });

export const updateAlert = (alert: AlertItem, change: AlertChange) =>
  run(() => json(client.alerts[':id'].$patch({ param: { id: String(alert.id) }, json: change })), {
    success: change.active === false ? 'Alert paused' : change.active === true ? 'Alert resumed' : 'Alert updated',
    description: `"${alert.name}"`,
    error: 'Failed to update the alert. Please try again.',
  });

export const deleteAlert = (alert: AlertItem) =>
  run(() => json(client.alerts[':id'].$delete({ param: { id: String(alert.id) } })), {
    success: 'Alert deleted',
    description: `"${alert.name}"`,
    error: 'Failed to delete the alert. Please try again.',
  });

export async function saveReminderPrefs(prefs: ReminderPrefs) {
  const saved = await run(() => json(client.alerts.reminders.$put({ json: prefs })), {
    success: 'Reminder settings saved',
    error: 'Failed to save your reminder settings. Please try again.',
  });
  if (saved) void globalMutate('alerts/reminders', saved, { revalidate: false });
  return saved;
}
