// Web Push with VAPID (web-push): one notification to one subscription. A push service that
// answers 404 or 410 has forgotten the subscription; the caller deletes it.
import type { Agent } from 'node:https';
import webpush from 'web-push';
import type { VapidKeys } from './settings';

export interface PushPayload {
  title: string;
  body: string;
  /** Where a tap opens: /jobs/{id} or the alert's list. */
  url: string;
  tag?: string;
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type PushResult = 'sent' | 'gone';

export interface PushSender {
  send(target: PushTarget, payload: PushPayload): Promise<PushResult>;
}

export function createPushSender(options: { keys: VapidKeys; subject: string; agent?: Agent; ttlSeconds?: number }): PushSender {
  return {
    async send(target, payload) {
      try {
        await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
          vapidDetails: { subject: options.subject, publicKey: options.keys.publicKey, privateKey: options.keys.privateKey },
          TTL: options.ttlSeconds ?? 24 * 3600,
          contentEncoding: 'aes128gcm',
          timeout: 10_000,
          ...(options.agent ? { agent: options.agent } : {}),
        });
        return 'sent';
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) return 'gone';
        throw error;
      }
    },
  };
}

/** The VAPID subject: a mailto: of MAIL_FROM's address, else the app's URL. */
export function vapidSubject(mailFrom: string | undefined, appUrl: string): string {
  const address = mailFrom?.match(/<([^>]+)>/)?.[1] ?? mailFrom;
  return address && /^[^\s@]+@[^\s@]+$/.test(address) ? `mailto:${address}` : appUrl;
}
