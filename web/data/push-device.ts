// Web Push on this device: whether it can receive notifications, and subscribing it (permission,
// the service worker's PushManager with the server's VAPID key, then POST /api/push/subscriptions).
import { ApiRequestError, client, json } from './client';
import { toast } from '../lib/toast-store';

/** True when this browser can show push notifications and the user has not blocked them. */
export function pushAvailable(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window &&
    Notification.permission !== 'denied'
  );
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const raw = atob(base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  const reg = await navigator.serviceWorker.getRegistration();
  if (!reg) throw new Error('The app is not installed as a service worker yet: reload and try again.');
  return navigator.serviceWorker.ready;
}

/** Asks permission and subscribes this device; resolves false when the user says no. */
export async function subscribeThisDevice(): Promise<boolean> {
  if (!pushAvailable()) return false;
  if ((await Notification.requestPermission()) !== 'granted') return false;
  const reg = await registration();
  const { publicKey } = await json(client.push.key.$get());
  const applicationServerKey = keyBytes(publicKey);
  let sub = await reg.pushManager.getSubscription();
  if (sub) {
    const current = sub.options.applicationServerKey ? new Uint8Array(sub.options.applicationServerKey) : null;
    if (!current || current.length !== applicationServerKey.length || current.some((b, i) => b !== applicationServerKey[i])) {
      await sub.unsubscribe();
      sub = null;
    }
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  const j = sub.toJSON();
  await json(client.push.subscriptions.$post({ json: { endpoint: j.endpoint!, keys: { p256dh: j.keys!.p256dh, auth: j.keys!.auth } } }));
  return true;
}

/**
 * What to tell the user when subscribing failed: the server's own reason when it refused (at most
 * 10 devices, a subscription held by another account, too many tries), else `fallback`.
 */
export function subscribeFailure(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500)
    return error.body?.fields?.endpoint ?? error.body?.error ?? fallback;
  return fallback;
}

/**
 * Subscribes this device; when the browser or the server says no, a toast says notifications are
 * off and why (`notAllowed` when the browser refused). Answers whether the device is subscribed.
 */
export async function subscribeOrSay(notAllowed: string): Promise<boolean> {
  const problem = await subscribeThisDevice().then(
    (ok) => (ok ? null : notAllowed),
    (e: unknown) => subscribeFailure(e, notAllowed),
  );
  if (problem) toast({ title: 'Notifications are off', description: problem, variant: 'destructive' });
  return !problem;
}
