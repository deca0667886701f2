// Push subscriptions are outgoing addresses chosen by a user (decision 1407): only the browsers'
// push services, never a private address however it is spelt, keys of their real sizes, at most
// 10 devices a user, the write limit, and no moving someone else's endpoint to your account.
// Names resolve only through the test's resolver; the listeners stand on 127.0.0.1 and [::1].
import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResolvedAddress } from '../platform/http-fetch';
import { signIn, testApp } from '../../test/app';
import { caller } from '../../test/requests';

/** The test's DNS: push service names answer a public address (nothing connects at subscription time), some names answer private ones. */
const dns: Record<string, ResolvedAddress[]> = {
  'fcm.googleapis.com': [{ address: '142.250.180.10', family: 4 }],
  'updates.push.services.mozilla.com': [{ address: '34.117.59.81', family: 4 }],
  'web.push.apple.com': [{ address: '17.188.128.12', family: 4 }],
  'wns2-par02p.notify.windows.com': [{ address: '2a01:111:f100:3000::a83e:1a80', family: 6 }],
  'rebound.fcm.googleapis.com': [{ address: '10.0.0.7', family: 4 }],
  'mapped.push.apple.com': [
    { address: '17.188.128.12', family: 4 },
    { address: '::ffff:127.0.0.1', family: 6 },
  ],
  'meta.notify.windows.com': [{ address: '169.254.169.254', family: 4 }],
};
const asked: string[] = [];
const resolve = async (host: string) => {
  asked.push(host);
  const found = dns[host];
  if (!found) throw new Error(`ENOTFOUND ${host}`);
  return found;
};

const NOW = new Date('2026-11-25T12:00:00Z');
const { db, app } = testApp({ now: NOW, rateLimit: false, external: { push: { resolve } } });
const call = caller(app);
const rows = () =>
  db.$client.prepare('select user_id, endpoint, p256dh, auth from push_subscriptions order by id').all() as {
    user_id: string;
    endpoint: string;
    p256dh: string;
    auth: string;
  }[];

/** A browser's subscription keys: its own P-256 key pair and a 16-byte auth secret. */
function deviceKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

/** POST /api/push/subscriptions as `cookie` through `send` (the app under test): this device's endpoint and keys. */
const subscribe = (send: typeof call, cookie: string, endpoint: string, keys: unknown = deviceKeys()) =>
  send('POST', '/api/push/subscriptions', { cookie, body: { endpoint, keys } });

// Stand-ins for internal services: a refused endpoint must never reach them.
const listeners: Server[] = [];
const connections: string[] = [];
let port4 = 0;
let port6 = 0;
beforeAll(async () => {
  for (const host of ['127.0.0.1', '::1']) {
    const server = createServer((socket) => {
      connections.push(host);
      socket.destroy();
    });
    await new Promise<void>((done) => server.listen(0, host, done));
    listeners.push(server);
  }
  port4 = (listeners[0].address() as AddressInfo).port;
  port6 = (listeners[1].address() as AddressInfo).port;
});
afterAll(() => Promise.all(listeners.map((s) => new Promise<void>((done) => s.close(() => done())))));

describe('push subscriptions: the endpoint', () => {
  it('refuses loopback, private, link-local and IPv4-mapped addresses in every spelling, userinfo, localhost and hosts that are not push services; writes nothing', async () => {
    const ada = signIn(db, { id: 'test:ada-endpoints' });
    const keys = deviceKeys();
    const refused = [
      `https://127.0.0.1:${port4}/push/x`,
      `https://[::1]:${port6}/push/x`,
      `https://0x7f000001:${port4}/push/x`,
      `https://127.1:${port4}/push/x`,
      `https://2130706433:${port4}/push/x`,
      `https://localhost:${port4}/push/x`,
      `https://user:pass@127.0.0.1:${port4}/push/x`,
      `https://[::ffff:127.0.0.1]:${port4}/push/x`,
      `https://[::ffff:7f00:1]:${port4}/push/x`,
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.1/push',
      'https://[fe80::1]/push',
      'https://[fd00::1]/push',
      // Names: not a push service, a look-alike, another port, http, a user name.
      'https://push.example.test/abc',
      'https://fcm.googleapis.com.attacker.test/fcm/send/x',
      'https://evilfcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://user@fcm.googleapis.com/fcm/send/x',
      // A push service's name that resolves to a private address (DNS says so).
      'https://rebound.fcm.googleapis.com/fcm/send/x',
      'https://mapped.push.apple.com/x',
      'https://meta.notify.windows.com/w/?token=x',
    ];
    for (const endpoint of refused) {
      const r = await subscribe(call, ada, endpoint, keys);
      expect(r.status, endpoint).toBe(400);
      expect(r.body.error, endpoint).toBe('Invalid input');
      expect(Object.keys(r.body.fields), endpoint).toEqual(['endpoint']);
      expect(r.body.fields.endpoint, endpoint).toMatch(/^Endpoint must /);
    }
    const http = await call('POST', '/api/push/subscriptions', {
      cookie: ada,
      body: { endpoint: 'http://fcm.googleapis.com/fcm/send/x', keys },
    });
    expect(http).toMatchObject({ status: 400, body: { fields: { endpoint: 'Endpoint must be an https URL' } } });
    expect(rows().filter((r) => r.user_id === 'test:ada-endpoints')).toEqual([]);
    // Names that are not push services are never even looked up.
    expect(asked.filter((h) => !h.includes('push') && !h.includes('fcm') && !h.includes('windows'))).toEqual([]);
    expect(asked).not.toContain('push.example.test');
    expect(connections).toEqual([]);
  });

  it("accepts the browsers' push services (resolved to public addresses) and stores the endpoint as the URL parser spells it", async () => {
    const bea = signIn(db, { id: 'test:bea-endpoints' });
    const endpoints = [
      'https://fcm.googleapis.com/fcm/send/dXk1:APA91bH',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABn',
      'https://web.push.apple.com/QGd1c3Q',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB%2b',
      'https://FCM.googleapis.com:443/wp/abc',
    ];
    for (const endpoint of endpoints) {
      const r = await subscribe(call, bea, endpoint);
      expect(r.status, `${endpoint}: ${JSON.stringify(r.body)}`).toBe(201);
    }
    expect(
      rows()
        .filter((r) => r.user_id === 'test:bea-endpoints')
        .map((r) => r.endpoint),
    ).toEqual([...endpoints.slice(0, 4), 'https://fcm.googleapis.com/wp/abc']);
    // Unsubscribing with the device's own spelling finds the row.
    expect(
      (await call('DELETE', '/api/push/subscriptions', { cookie: bea, body: { endpoint: 'https://FCM.googleapis.com:443/wp/abc' } })).body,
    ).toEqual({ subscribed: false, removed: 1 });
  });

  it('PUSH_SERVICE_HOSTS replaces the list (host suffixes); a private address stays refused even for a listed host', async () => {
    const own = testApp({
      now: NOW,
      rateLimit: false,
      external: {
        push: {
          hosts: ['push.example.org'],
          resolve: async (host) =>
            host === 'internal.push.example.org' ? [{ address: '192.168.1.5', family: 4 }] : [{ address: '93.184.215.14', family: 4 }],
        },
      },
    });
    const ocall = caller(own.app);
    const hal = signIn(own.db, { id: 'test:hal-hosts' });
    const post = (endpoint: string) => subscribe(ocall, hal, endpoint);
    expect((await post('https://push.example.org/a')).status).toBe(201);
    expect((await post('https://eu.push.example.org/b')).status).toBe(201);
    expect((await post('https://fcm.googleapis.com/fcm/send/c')).status).toBe(400);
    expect((await post('https://internal.push.example.org/d')).status).toBe(400);
  });

  it('keys must decode to their real sizes: p256dh a 65-byte P-256 point starting 0x04, auth 16 bytes', async () => {
    const cy = signIn(db, { id: 'test:cy-keys' });
    const good = deviceKeys();
    const endpoint = 'https://fcm.googleapis.com/fcm/send/cy';
    const point = Buffer.from(good.p256dh, 'base64url');
    const bad: [Record<string, string>, string[]][] = [
      [{ p256dh: 'BAAA', auth: 'AAAA' }, ['keys.auth', 'keys.p256dh']],
      [{ p256dh: good.p256dh, auth: randomBytes(17).toString('base64url') }, ['keys.auth']],
      [{ p256dh: good.p256dh, auth: randomBytes(15).toString('base64url') }, ['keys.auth']],
      [{ p256dh: Buffer.concat([Buffer.from([5]), point.subarray(1)]).toString('base64url'), auth: good.auth }, ['keys.p256dh']],
      [{ p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64)]).toString('base64url'), auth: good.auth }, ['keys.p256dh']],
      [{ p256dh: point.subarray(0, 33).toString('base64url'), auth: good.auth }, ['keys.p256dh']],
      [{ p256dh: `${good.p256dh}AA`, auth: good.auth }, ['keys.p256dh']],
      [
        { p256dh: point.toString('base64'), auth: randomBytes(16).toString('hex') },
        point.toString('base64').match(/[+/]/) ? ['keys.auth', 'keys.p256dh'] : ['keys.auth'],
      ],
    ];
    for (const [keys, fields] of bad) {
      const r = await subscribe(call, cy, endpoint, keys);
      expect(r.status, JSON.stringify(keys)).toBe(400);
      expect(r.body.error).toBe('Invalid input');
      expect(Object.keys(r.body.fields).sort(), JSON.stringify(keys)).toEqual(fields);
    }
    expect(rows().filter((r) => r.user_id === 'test:cy-keys')).toEqual([]);
    expect((await subscribe(call, cy, endpoint, good)).status).toBe(201);
  });
});

describe('push subscriptions: one user cannot crowd the sender', () => {
  it('keeps at most 10 devices a user: the 11th is refused with 409 and nothing written; re-subscribing a device still works', async () => {
    const dee = signIn(db, { id: 'test:dee-cap' });
    const endpoint = (i: number) => `https://fcm.googleapis.com/fcm/send/dee-${i}`;
    for (let i = 0; i < 10; i++) expect((await subscribe(call, dee, endpoint(i))).status).toBe(201);
    const over = await subscribe(call, dee, endpoint(10));
    expect(over.status).toBe(409);
    expect(over.body.error).toMatch(/at most 10 devices/);
    expect(over.body.fields.endpoint).toMatch(/at most 10 devices/);
    expect(rows().filter((r) => r.user_id === 'test:dee-cap')).toHaveLength(10);
    // The same device again (new keys after the browser renewed them): an update, not an 11th.
    const renewed = deviceKeys();
    expect((await subscribe(call, dee, endpoint(3), renewed)).status).toBe(201);
    expect(rows().find((r) => r.endpoint === endpoint(3))).toMatchObject({
      user_id: 'test:dee-cap',
      p256dh: renewed.p256dh,
      auth: renewed.auth,
    });
    // One turned off: room for a new one.
    await call('DELETE', '/api/push/subscriptions', { cookie: dee, body: { endpoint: endpoint(0) } });
    expect((await subscribe(call, dee, endpoint(10))).status).toBe(201);
  });

  it('subscribe and unsubscribe count against the write limit (429 with Retry-After)', async () => {
    const limited = testApp({ now: NOW, rateLimit: { perMinute: 3, perDay: 100 }, external: { push: { resolve } } });
    const lcall = caller(limited.app);
    const eve = signIn(limited.db, { id: 'test:eve-limit' });
    const endpoint = (i: number) => `https://fcm.googleapis.com/fcm/send/eve-${i}`;
    for (let i = 0; i < 3; i++) expect((await subscribe(lcall, eve, endpoint(i))).status).toBe(201);
    const fourth = await subscribe(lcall, eve, endpoint(3));
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await lcall('DELETE', '/api/push/subscriptions', { cookie: eve, body: { endpoint: endpoint(0) } })).status).toBe(429);
    expect((limited.db.$client.prepare('select count(*) n from push_subscriptions').get() as { n: number }).n).toBe(3);
  });
});

describe('push subscriptions: takeover', () => {
  it("refuses to move another account's endpoint without its current keys; the same browser after a new sign-in (same keys) moves it", async () => {
    const fay = signIn(db, { id: 'test:fay-owner' });
    const gus = signIn(db, { id: 'test:gus-taker' });
    const endpoint = 'https://updates.push.services.mozilla.com/wpush/v2/fay-phone';
    const fayKeys = deviceKeys();
    expect((await subscribe(call, fay, endpoint, fayKeys)).status).toBe(201);
    // Gus knows the endpoint, not the keys: refused, and the row is untouched.
    const taken = await subscribe(call, gus, endpoint);
    expect(taken.status).toBe(409);
    expect(Object.keys(taken.body.fields)).toEqual(['endpoint']);
    expect(JSON.stringify(taken.body)).not.toMatch(/fay/i);
    expect(rows().filter((r) => r.endpoint === endpoint)).toEqual([
      { user_id: 'test:fay-owner', endpoint, p256dh: fayKeys.p256dh, auth: fayKeys.auth },
    ]);
    // Half the keys is not enough either.
    expect(
      (
        await call('POST', '/api/push/subscriptions', {
          cookie: gus,
          body: { endpoint, keys: { p256dh: fayKeys.p256dh, auth: deviceKeys().auth } },
        })
      ).status,
    ).toBe(409);
    // Fay re-subscribing her own device keeps working.
    expect((await subscribe(call, fay, endpoint, fayKeys)).status).toBe(201);
    // Gus signs in on Fay's phone: the browser posts the same subscription with its keys, and it moves.
    expect((await subscribe(call, gus, endpoint, fayKeys)).status).toBe(201);
    expect(
      rows()
        .filter((r) => r.endpoint === endpoint)
        .map((r) => r.user_id),
    ).toEqual(['test:gus-taker']);
  });
});
