// Web Push with VAPID: one notification to one subscription. A push endpoint is a URL a user
// chose, so it is an outgoing request like any other (decisions 1401, 1407): only the hosts of the
// browsers' push services (PUSH_SERVICE_HOSTS), https on the default port, no user name or
// password, every address of the name public — checked when a device subscribes and again at each
// send, which connects to the very address it checked. web-push builds the request (VAPID header,
// aes128gcm body); platform/http-fetch.ts sends it. A push service that answers 404 or 410 has
// forgotten the subscription; the caller deletes it.
import { isIP } from 'node:net';
import webpush from 'web-push';
import { HttpFetchError, resolveChecked, sendOnce, type ResolvedAddress } from '../../platform/http-fetch';
import type { VapidKeys } from './settings';

export interface PushPayload {
  title: string;
  body: string;
  /** Where a tap opens: /jobs/{id} or the alert's list. */
  url: string;
  tag?: string;
}

/**
 * One push for a list of new items: the one item's own, or `many` with the first three items'
 * titles as its body (alerts, reminders and notifications alike).
 */
export function pushOfList<T>(
  list: readonly T[],
  one: (item: T) => PushPayload,
  many: Omit<PushPayload, 'body'>,
  titleOf: (item: T) => string,
): PushPayload {
  if (list.length === 1) return one(list[0]);
  return { title: many.title, body: list.slice(0, 3).map(titleOf).join(' · '), url: many.url, tag: many.tag };
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type PushResult = 'sent' | 'gone';

export interface PushSender {
  /** Resolves 'sent' or 'gone'; rejects on anything else (refused address, timeout, other status). `signal` ends it early. */
  send(target: PushTarget, payload: PushPayload, signal?: AbortSignal): Promise<PushResult>;
}

/**
 * The push services browsers use (host suffixes): Chrome, Samsung Internet and Opera use Firebase
 * Cloud Messaging, Firefox Mozilla's autopush, Safari Apple's web.push.apple.com, Edge Windows
 * Push Notification Services (wns2-….notify.windows.com).
 */
export const DEFAULT_PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];

export interface PushEndpointPolicy {
  /** Host suffixes of the push services (PUSH_SERVICE_HOSTS; default DEFAULT_PUSH_SERVICE_HOSTS); ['*']: any host with public addresses. */
  hosts?: readonly string[];
  /**
   * Escape hatch for tests only (as http-fetch's): these exact origins, e.g. `https://127.0.0.1:PORT`,
   * skip the host list, the port rule and the address check. Never set from data or the environment.
   */
  allowedOrigins?: readonly string[];
  /** Name resolution (default: the system resolver). Tests inject one. */
  resolve?: (host: string) => Promise<ResolvedAddress[]>;
  /** Certificate authorities to trust instead of the system's (a test's self-signed push service). */
  ca?: string | Buffer;
}

export const ENDPOINT_REFUSED = 'Endpoint must be the address of a browser push service';

export class PushEndpointError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PushEndpointError';
  }
}

const onList = (host: string, hosts: readonly string[]) => hosts.some((h) => h === '*' || host === h || host.endsWith(`.${h}`));

/**
 * Checks an endpoint and answers the URL to send to (its canonical form) and the one address to
 * connect to. Throws PushEndpointError, with a message fit for the form, when it is refused.
 */
export async function checkPushEndpoint(endpoint: string, policy: PushEndpointPolicy = {}): Promise<{ url: URL; pinned: ResolvedAddress }> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new PushEndpointError('Endpoint must be an https URL');
  }
  if (url.protocol !== 'https:') throw new PushEndpointError('Endpoint must be an https URL');
  if (url.username || url.password) throw new PushEndpointError('Endpoint must not contain a user name or password');
  const exempt = !!policy.allowedOrigins?.includes(url.origin);
  if (!exempt) {
    // The URL parser has already turned 0x7f000001, 127.1 and friends into dotted IPv4: an address
    // literal is never a push service's host, and the services all listen on 443.
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) || url.port !== '' || !onList(host, policy.hosts ?? DEFAULT_PUSH_SERVICE_HOSTS))
      throw new PushEndpointError(ENDPOINT_REFUSED);
  }
  try {
    return { url, pinned: await resolveChecked(url, { allowedOrigins: policy.allowedOrigins, resolve: policy.resolve }) };
  } catch (error) {
    // Private or unresolvable: the same answer, so the form tells nothing about our network.
    if (error instanceof HttpFetchError) throw new PushEndpointError(ENDPOINT_REFUSED);
    throw error;
  }
}

export interface PushSenderOptions {
  keys: VapidKeys;
  subject: string;
  /** Which endpoints may be contacted (checked again at every send). */
  policy?: PushEndpointPolicy;
  ttlSeconds?: number;
  /** One send, from resolving to the answer (default 10 s). */
  timeoutMs?: number;
}

export function createPushSender(options: PushSenderOptions): PushSender {
  const policy = options.policy ?? {};
  return {
    async send(target, payload, signal) {
      // A name server that never answers must not outlast the caller's budget either.
      const { url, pinned } = await untilAborted(checkPushEndpoint(target.endpoint, policy), signal);
      const details = webpush.generateRequestDetails(
        { endpoint: url.href, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: options.subject, publicKey: options.keys.publicKey, privateKey: options.keys.privateKey },
          TTL: options.ttlSeconds ?? 24 * 3600,
          contentEncoding: 'aes128gcm',
        },
      );
      const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, v]));
      const res = await sendOnce(url.href, {
        method: 'POST',
        headers,
        body: details.body,
        pinned,
        signal,
        timeoutMs: options.timeoutMs ?? 10_000,
        ca: policy.ca,
      });
      if (res.status === 404 || res.status === 410) return 'gone';
      if (res.status < 200 || res.status > 299) throw new Error(`Push service answered HTTP ${res.status}`);
      return 'sent';
    },
  };
}

/** `work`, or a rejection as soon as `signal` aborts (the work itself is left to finish on its own). */
function untilAborted<T>(work: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(new Error('Ran out of time before sending'));
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(new Error('Ran out of time before sending'));
    signal.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

/** The VAPID subject: a mailto: of MAIL_FROM's address, else the app's URL. */
export function vapidSubject(mailFrom: string | undefined, appUrl: string): string {
  const address = mailFrom?.match(/<([^>]+)>/)?.[1] ?? mailFrom;
  return address && /^[^\s@]+@[^\s@]+$/.test(address) ? `mailto:${address}` : appUrl;
}

/** base64url (unpadded or padded) decoding to exactly `bytes` bytes, in its canonical spelling; null otherwise. */
export function decodeKey(value: string, bytes: number): Buffer | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return null;
  const raw = Buffer.from(value, 'base64url');
  return raw.length === bytes && raw.toString('base64url') === value.replace(/=+$/, '') ? raw : null;
}
