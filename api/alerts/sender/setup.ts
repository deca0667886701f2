// Builds the alert sender's dependencies from the environment (server.ts and the alerts:send script).
import { dirname, join } from 'node:path';
import type { DB } from '../../../db/client';
import type { Env } from '../../env';
import { createMailer } from './mailer';
import type { AlertsDeps } from './pass';
import { createPushSender, vapidSubject } from './push';
import { ensureVapidKeys } from './settings';

export function alertsDepsFromEnv(db: DB, env: Env, log: (line: string) => void = console.log): { deps: AlertsDeps; warnings: string[] } {
  const production = env.NODE_ENV === 'production';
  const warnings: string[] = [];
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    production,
    // Beside the database by default: data/mail/ for data/app.db.
    mailDir: env.DATABASE_PATH === ':memory:' ? 'data/mail' : join(dirname(env.DATABASE_PATH), 'mail'),
    log,
  });
  if (!mailer) warnings.push('SMTP_URL is not set: alert and reminder emails are OFF (push notifications still go out).');
  if (production && !env.appUrl.startsWith('https://'))
    warnings.push('APP_URL is not https: the links and List-Unsubscribe address in alert emails will not be https.');
  const keys = ensureVapidKeys(db, { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY });
  const push = createPushSender({ keys, subject: vapidSubject(env.MAIL_FROM, env.appUrl), policy: { hosts: env.PUSH_SERVICE_HOSTS } });
  return { deps: { appUrl: env.appUrl, mailer, push, log }, warnings };
}
