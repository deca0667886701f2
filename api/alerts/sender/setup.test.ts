// The alert settings from the environment: defaults, bad values stop the start, production warnings.
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../env';
import { testDb } from '../../../test/db';
import { alertsDepsFromEnv } from './setup';
import { ensureVapidKeys } from './settings';

describe('alert settings', () => {
  it('defaults: a pass every 10 minutes, .eml files in development, generated VAPID keys kept', () => {
    const env = parseEnv({ ALERTS_INTERVAL_MINUTES: '', SMTP_URL: '' });
    expect(env.ALERTS_INTERVAL_MINUTES).toBe(10);
    const db = testDb({ demo: false });
    const { deps, warnings } = alertsDepsFromEnv(db, env, () => {});
    expect(warnings).toEqual([]);
    expect(deps.mailer?.describe).toMatch(/^\.eml files in .*mail$/);
    expect(deps.push).not.toBeNull();
    expect(alertsDepsFromEnv(db, env, () => {}).deps.appUrl).toBe('http://localhost:3000');
    expect(ensureVapidKeys(db).publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it('refuses bad values', () => {
    expect(() => parseEnv({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(() => parseEnv({ ALERTS_INTERVAL_MINUTES: 'often' })).toThrow(/ALERTS_INTERVAL_MINUTES: must be a number of minutes/);
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: 'abc' })).toThrow(/set both or neither/);
    for (const bad of ['https://fcm.googleapis.com', 'localhost', 'fcm.googleapis.com/wp', '10.0.0.1:443']) {
      expect(() => parseEnv({ PUSH_SERVICE_HOSTS: bad }), bad).toThrow(/PUSH_SERVICE_HOSTS: must be comma-separated host names/);
    }
  });

  it("PUSH_SERVICE_HOSTS: unset means the browsers' push services; entries are host suffixes, * any public host", () => {
    expect(parseEnv({}).PUSH_SERVICE_HOSTS).toBeUndefined();
    expect(parseEnv({ PUSH_SERVICE_HOSTS: '' }).PUSH_SERVICE_HOSTS).toBeUndefined();
    expect(parseEnv({ PUSH_SERVICE_HOSTS: ' *.push.apple.com, .Notify.Windows.com ,fcm.googleapis.com' }).PUSH_SERVICE_HOSTS).toEqual([
      'push.apple.com',
      'notify.windows.com',
      'fcm.googleapis.com',
    ]);
    expect(parseEnv({ PUSH_SERVICE_HOSTS: '*' }).PUSH_SERVICE_HOSTS).toEqual(['*']);
  });

  it('production without SMTP_URL: email off with a warning; VAPID keys from the environment win', () => {
    const db = testDb({ demo: false });
    const vars = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      APP_URL: 'https://teachers.example',
      VAPID_PUBLIC_KEY: 'BPub',
      VAPID_PRIVATE_KEY: 'priv',
    };
    const env = parseEnv(vars);
    const { deps, warnings } = alertsDepsFromEnv(db, env, () => {});
    expect(deps.mailer).toBeNull();
    expect(warnings).toEqual(['SMTP_URL is not set: alert and reminder emails are OFF (push notifications still go out).']);
    expect(ensureVapidKeys(db)).toEqual({ publicKey: 'BPub', privateKey: 'priv' });
    const smtp = alertsDepsFromEnv(db, parseEnv({ ...vars, SMTP_URL: 'smtps://u:p@smtp.example.org:465' }), () => {});
    expect(smtp.deps.mailer?.describe).toBe('SMTP smtp.example.org:465');
  });
});
