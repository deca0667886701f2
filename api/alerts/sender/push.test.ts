// Web Push end to end against a local push service on 127.0.0.1 and [::1] (https, a certificate
// made for the test): it checks the VAPID authorization (ES256 JWT, audience, expiry, key) and
// decrypts the aes128gcm payload (RFC 8188 / RFC 8291) with the subscription keys the test made.
// A 410 removes the subscription. Then the sender's limits (decision 1407): private addresses
// refused again at send time, the checked address pinned, black-hole endpoints (TCP listeners on
// 127.0.0.1 that accept and never answer) held to the user's and the pass's budgets, a device
// dropped after failing three passes in a row, a failed push-only reminder backed off.
import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  alerts,
  jobs,
  notificationPreferences,
  notifications,
  pushSubscriptions,
  reminderBackoff,
  reminderPreferences,
  savedJobs,
  schools,
  users,
} from '../../../db/schema';
import { testDb } from '../../../test/db';
import type { ResolvedAddress } from '../../platform/http-fetch';
import { runAlertsPass, type AlertsDeps, type PushLimits } from './pass';
import { createPushSender, vapidSubject, type PushEndpointPolicy } from './push';
import { ensureVapidKeys } from './settings';

const b64u = (b: Buffer) => b.toString('base64url');

interface Delivery {
  path: string;
  jwt: { header: Record<string, unknown>; claims: { sub?: string; aud?: string; exp?: number } };
  vapidKey: string;
  encoding: string | undefined;
  ttl: string | undefined;
  payload: { title?: string; body?: string; tag?: string; url?: string };
}

/** Decrypts an aes128gcm Web Push body (single record) with the user agent's keys. */
function decrypt(body: Buffer, ua: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20];
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  expect(rs).toBeGreaterThanOrEqual(18);
  expect(idlen).toBe(65);
  const ecdhSecret = ua.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // Last record: content, then the delimiter 0x02, then zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  expect(plain[end]).toBe(2);
  return plain.subarray(0, end).toString('utf8');
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>`: ES256 signature with k, aud = the endpoint's origin, exp ahead. */
function checkVapid(header: string | undefined, origin: string) {
  const m = /^vapid t=([^,]+),\s*k=(\S+)$/.exec(header ?? '');
  if (!m) throw new Error(`bad Authorization: ${header}`);
  const [h, c, s] = m[1].split('.');
  const key = Buffer.from(m[2], 'base64url');
  if (key.length !== 65 || key[0] !== 4) throw new Error('bad k');
  const pub = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64u(key.subarray(1, 33)), y: b64u(key.subarray(33)) }, format: 'jwk' });
  if (!verify('sha256', Buffer.from(`${h}.${c}`), { key: pub, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url')))
    throw new Error('bad signature');
  const claims = JSON.parse(Buffer.from(c, 'base64url').toString());
  if (claims.aud !== origin) throw new Error(`bad aud ${claims.aud}`);
  if (!(claims.exp * 1000 > Date.now() && claims.exp * 1000 <= Date.now() + 24 * 3600_000)) throw new Error('bad exp');
  return { header: JSON.parse(Buffer.from(h, 'base64url').toString()), claims, vapidKey: m[2] };
}

/** The local push service: one handler on 127.0.0.1 and on [::1]. */
const servers: ReturnType<typeof createServer>[] = [];
let origin = '';
let origin6 = '';
let port = 0;
let port6 = 0;
let cert: Buffer;
const deliveries: Delivery[] = [];
const refused: string[] = [];
/** Every request path the push service saw, and every TCP connection it accepted. */
const hits: string[] = [];
const connections: string[] = [];
/** Paths answered 500 while they are in this set. */
const failing = new Set<string>();
const devices = new Map<string, { ua: ReturnType<typeof createECDH>; auth: Buffer }>();
/** Black holes: accept, never answer. */
const blackHoles: TcpServer[] = [];
const held: Socket[] = [];

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tilt-push-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,IP:::1,DNS:push.test,DNS:push6.test',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  cert = readFileSync(join(dir, 'cert.pem'));
  const key = readFileSync(join(dir, 'key.pem'));
  for (const host of ['127.0.0.1', '::1']) {
    const server = createServer({ key, cert }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '';
        hits.push(path);
        if (path.startsWith('/gone/')) {
          refused.push(path);
          res.writeHead(410).end();
          return;
        }
        if (failing.has(path)) {
          res.writeHead(500).end();
          return;
        }
        try {
          const device = devices.get(path);
          if (!device || req.method !== 'POST') throw new Error(`unknown ${req.method} ${path}`);
          const vapid = checkVapid(req.headers.authorization, `https://${req.headers.host}`);
          const payload = JSON.parse(decrypt(Buffer.concat(chunks), device.ua, device.auth));
          deliveries.push({
            path,
            jwt: { header: vapid.header, claims: vapid.claims },
            vapidKey: vapid.vapidKey,
            encoding: req.headers['content-encoding'],
            ttl: req.headers.ttl as string | undefined,
            payload,
          });
          res.writeHead(201).end();
        } catch (error) {
          refused.push(`${path}: ${(error as Error).message}`);
          res.writeHead(400).end();
        }
      });
    });
    server.on('connection', () => connections.push(host));
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    servers.push(server);
  }
  port = (servers[0].address() as AddressInfo).port;
  port6 = (servers[1].address() as AddressInfo).port;
  origin = `https://127.0.0.1:${port}`;
  origin6 = `https://[::1]:${port6}`;
  for (let i = 0; i < 3; i++) {
    const hole = createTcpServer((socket) => void held.push(socket));
    await new Promise<void>((resolve) => hole.listen(0, '127.0.0.1', resolve));
    blackHoles.push(hole);
  }
});
afterAll(async () => {
  for (const s of held) s.destroy();
  await Promise.all([...servers, ...blackHoles].map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

const holeOrigin = (i: number) => `https://127.0.0.1:${(blackHoles[i].address() as AddressInfo).port}`;

/** A subscription as a browser would make it: its own P-256 key pair and auth secret. */
function device(path: string, at = origin) {
  const ua = createECDH('prime256v1');
  ua.generateKeys();
  const auth = randomBytes(16);
  devices.set(path, { ua, auth });
  return { endpoint: at + path, p256dh: b64u(ua.getPublicKey()), auth: b64u(auth) };
}

/** Keys for an endpoint that never decrypts anything (black holes, refused addresses). */
function keysOnly() {
  const ua = createECDH('prime256v1');
  ua.generateKeys();
  return { p256dh: b64u(ua.getPublicKey()), auth: b64u(randomBytes(16)) };
}

const T0 = new Date('2026-11-20T09:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

/** The test's push service origins are let through by exact origin only (the escape hatch), its certificate trusted. */
const testPolicy = (): PushEndpointPolicy => ({ allowedOrigins: [origin, origin6, holeOrigin(0), holeOrigin(1), holeOrigin(2)], ca: cert });

function setup(policy: PushEndpointPolicy = testPolicy(), limits: Partial<PushLimits> = {}) {
  const db = testDb({ demo: false, now: T0 });
  const keys = ensureVapidKeys(db);
  const school = db.select().from(schools).where(eq(schools.borough, 'Camden')).limit(1).get()!;
  const push = createPushSender({ keys, subject: vapidSubject('Alerts <alerts@teachers.example>', 'https://teachers.example'), policy });
  const logs: string[] = [];
  const deps: AlertsDeps = { appUrl: 'https://teachers.example', mailer: null, push, limits, log: (l) => logs.push(l) };
  let n = 0;
  const addJob = (minutes: number, over: Partial<typeof jobs.$inferInsert> = {}) =>
    db
      .insert(jobs)
      .values({
        title: `Teacher ${++n}`,
        description: 'x',
        borough: 'Camden',
        schoolId: school.id,
        postedAt: at(minutes),
        createdAt: at(minutes),
        ...over,
      })
      .returning()
      .get();
  /** A user with an instant push alert on every job and these subscriptions. */
  const addUser = (id: string, subs: { endpoint: string; p256dh: string; auth: string }[]) => {
    db.insert(users).values({ id, email: null }).run();
    if (subs.length)
      db.insert(pushSubscriptions)
        .values(subs.map((s) => ({ userId: id, ...s })))
        .run();
    db.insert(alerts)
      .values({ userId: id, name: 'Everything', filters: {}, frequency: 'instant', email: false, push: true, createdAt: T0 })
      .run();
  };
  const sub = (endpoint: string) => db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)).get();
  return { db, keys, school, deps, logs, addJob, addUser, sub };
}

describe('push notifications', () => {
  it('delivers an alert and a reminder to each device, signed with the stored VAPID key, encrypted for the device; 410 removes it', async () => {
    deliveries.length = 0;
    const db = testDb({ demo: false, now: T0 });
    const keys = ensureVapidKeys(db);
    expect(ensureVapidKeys(db)).toEqual(keys); // generated once, kept
    const school = db.select().from(schools).where(eq(schools.borough, 'Camden')).limit(1).get()!;
    db.insert(users).values({ id: 'u:ada', email: null }).run();
    const phone = device('/push/phone');
    const laptop = device('/push/laptop', origin6);
    db.insert(pushSubscriptions)
      .values([
        { userId: 'u:ada', ...phone },
        { userId: 'u:ada', ...laptop },
        { userId: 'u:ada', endpoint: `${origin}/gone/old-phone`, p256dh: phone.p256dh, auth: phone.auth },
      ])
      .run();
    db.insert(alerts)
      .values({
        userId: 'u:ada',
        name: 'Camden',
        filters: { borough: 'Camden' },
        frequency: 'instant',
        email: true,
        push: true,
        createdAt: T0,
      })
      .run();
    const job = db
      .insert(jobs)
      .values({
        title: 'Teacher of Science',
        description: 'x',
        borough: 'Camden',
        schoolId: school.id,
        postedAt: new Date(T0.getTime() + 60_000),
        createdAt: new Date(T0.getTime() + 60_000),
        applicationDeadline: new Date('2026-11-22T12:00:00Z'),
      })
      .returning()
      .get();
    db.insert(savedJobs).values({ userId: 'u:ada', jobId: job.id }).run();

    const push = createPushSender({
      keys,
      subject: vapidSubject('Alerts <alerts@teachers.example>', 'https://teachers.example'),
      policy: testPolicy(),
    });
    const r = await runAlertsPass(db, { appUrl: 'https://teachers.example', mailer: null, push }, new Date('2026-11-20T09:10:00Z'));
    expect(refused.filter((x) => !x.startsWith('/gone/'))).toEqual([]);
    expect(r).toMatchObject({ alertsSent: 1, pushes: 4, reminders: 1, subscriptionsRemoved: 1, emails: 0 });
    expect(deliveries.map((d) => d.path).sort()).toEqual(['/push/laptop', '/push/laptop', '/push/phone', '/push/phone']);
    for (const d of deliveries) {
      expect(d.vapidKey).toBe(keys.publicKey);
      expect(d.jwt.header).toMatchObject({ typ: 'JWT', alg: 'ES256' });
      expect(d.jwt.claims.sub).toBe('mailto:alerts@teachers.example');
      expect(d.encoding).toBe('aes128gcm');
      expect(Number(d.ttl)).toBeGreaterThan(0);
    }
    expect(deliveries.find((d) => d.path === '/push/laptop')!.jwt.claims.aud).toBe(origin6);
    const alertPush = deliveries.find((d) => d.path === '/push/phone' && d.payload.tag?.startsWith('alert-'))!;
    expect(alertPush.payload).toMatchObject({
      title: 'New job: Teacher of Science',
      url: `/jobs/${job.id}`,
      body: `${school.name}, Camden`,
    });
    const reminderPush = deliveries.find((d) => d.path === '/push/phone' && d.payload.tag?.startsWith('reminder-'))!;
    expect(reminderPush.payload).toMatchObject({ title: 'Closing soon: Teacher of Science', url: `/jobs/${job.id}` });
    expect(
      db
        .select()
        .from(pushSubscriptions)
        .all()
        .map((s) => s.endpoint)
        .sort(),
    ).toEqual([origin + '/push/phone', origin6 + '/push/laptop'].sort());

    // Nothing new: nothing sent.
    const again = await runAlertsPass(db, { appUrl: 'https://teachers.example', mailer: null, push }, new Date('2026-11-20T09:20:00Z'));
    expect(again).toMatchObject({ pushes: 0, reminders: 0 });
    expect(deliveries).toHaveLength(4);
  });
});

describe('push endpoints at send time', () => {
  it('refuses private addresses again at send time (rows stored before the check), whatever the host list, without connecting', async () => {
    const resolve = async (host: string): Promise<ResolvedAddress[]> =>
      host === 'push.test' ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '::1', family: 6 }];
    for (const policy of [{}, { hosts: ['*'] }, { hosts: ['push.test', 'push6.test'] }] satisfies PushEndpointPolicy[]) {
      const { db, deps, addJob, addUser, sub } = setup({ ...policy, resolve, ca: cert });
      connections.length = 0;
      const endpoints = [
        `${origin}/push/stored-v4`,
        `${origin6}/push/stored-v6`,
        `https://[::ffff:127.0.0.1]:${port}/push/stored-mapped`,
        `https://0x7f000001:${port}/push/stored-hex`,
        `https://push.test:${port}/push/stored-name`,
        `https://push6.test:${port6}/push/stored-name6`,
        `https://user:pass@push.test:${port}/push/stored-userinfo`,
      ];
      addUser(
        'u:stored',
        endpoints.map((endpoint) => ({ endpoint, ...keysOnly() })),
      );
      addJob(1);
      const r = await runAlertsPass(db, deps, at(10));
      expect(r, JSON.stringify(policy)).toMatchObject({ pushes: 0, failures: endpoints.length, alertsSent: 1 });
      expect(connections, JSON.stringify(policy)).toEqual([]);
      for (const endpoint of endpoints) expect(sub(endpoint)!.failures, endpoint).toBe(1);
    }
  });

  it('connects to the address it checked: each name is resolved once per send and never again by the connection', async () => {
    const asked: string[] = [];
    const answer: Record<string, ResolvedAddress> = {
      'push.test': { address: '127.0.0.1', family: 4 },
      'push6.test': { address: '::1', family: 6 },
    };
    const resolve = async (host: string) => {
      asked.push(host);
      return [answer[host]];
    };
    const allowedOrigins = [`https://push.test:${port}`, `https://push6.test:${port6}`];
    const { db, deps, addJob, addUser } = setup({ hosts: ['push.test', 'push6.test'], allowedOrigins, resolve, ca: cert });
    deliveries.length = 0;
    connections.length = 0;
    addUser('u:pinned', [device('/push/pinned', allowedOrigins[0]), device('/push/pinned6', allowedOrigins[1])]);
    addJob(1);
    expect(await runAlertsPass(db, deps, at(10))).toMatchObject({ pushes: 2, failures: 0 });
    expect(asked.sort()).toEqual(['push.test', 'push6.test']);
    expect(connections.sort()).toEqual(['127.0.0.1', '::1']);
    expect(deliveries.map((d) => [d.path, d.jwt.claims.aud]).sort()).toEqual([
      ['/push/pinned', allowedOrigins[0]],
      ['/push/pinned6', allowedOrigins[1]],
    ]);
  });
});

describe('one user cannot stall everyone', () => {
  it("three black-hole endpoints: each user's own budget ends them, before the pass's, and every other user's alert is delivered", {
    timeout: 40_000,
  }, async () => {
    const passBudgetMs = 30_000;
    // And a push service whose name server never answers.
    const silentDns = () => new Promise<ResolvedAddress[]>(() => {});
    const { db, deps, addJob, addUser, sub } = setup(
      { ...testPolicy(), hosts: ['silent.push.test'], resolve: silentDns },
      { userBudgetMs: 3000, passBudgetMs },
    );
    deliveries.length = 0;
    // The black holes' owners come first in the pass.
    for (let i = 0; i < 3; i++) addUser(`u:hole-${i}`, [{ endpoint: `${holeOrigin(i)}/bh-${i}`, ...keysOnly() }]);
    addUser('u:silent', [{ endpoint: 'https://silent.push.test/x', ...keysOnly() }]);
    for (let i = 0; i < 3; i++) addUser(`u:ok-${i}`, [device(`/push/ok-${i}`, i === 2 ? origin6 : origin)]);
    addJob(1);
    const r = await runAlertsPass(db, deps, at(10));
    // No clock is read here: a push abandoned because the pass ran out of time is not counted
    // against its device (next test), so a failure recorded on each black hole, and nothing
    // deferred, prove each was ended by its user's budget while the pass still had time (3 s: an
    // ordinary push on a busy box fits in it; 400 ms did not at load 20).
    expect(r).toMatchObject({ alertsDue: 7, alertsSent: 7, pushes: 3, failures: 4, deferred: 0 });
    expect(deliveries.map((d) => d.path).sort()).toEqual(['/push/ok-0', '/push/ok-1', '/push/ok-2']);
    for (let i = 0; i < 3; i++) expect(sub(`${holeOrigin(i)}/bh-${i}`)).toMatchObject({ failures: 1, lastFailureAt: at(10) });
    expect(sub('https://silent.push.test/x')).toMatchObject({ failures: 1, lastFailureAt: at(10) });
    expect(held.length).toBeGreaterThanOrEqual(3);
  });

  it('the pass budget ends pushes still waiting on black holes (a long per-send timeout does not matter); the others are delivered', {
    timeout: 20_000,
  }, async () => {
    const { db, deps, addJob, addUser, sub } = setup(testPolicy(), {
      sendTimeoutMs: 120_000,
      userBudgetMs: 120_000,
      passBudgetMs: 1500,
      concurrency: 4,
    });
    deliveries.length = 0;
    for (let i = 0; i < 3; i++) addUser(`u:hole-${i}`, [{ endpoint: `${holeOrigin(i)}/bh-${i}`, ...keysOnly() }]);
    for (let i = 0; i < 3; i++) addUser(`u:ok-${i}`, [device(`/push/ok-${i}`)]);
    addJob(1);
    const r = await runAlertsPass(db, deps, at(10));
    expect(r).toMatchObject({ alertsSent: 6, pushes: 3, failures: 3, deferred: 0 });
    expect(deliveries.map((d) => d.path).sort()).toEqual(['/push/ok-0', '/push/ok-1', '/push/ok-2']);
    // Abandoned because the pass ran out of time: not counted against the device.
    for (let i = 0; i < 3; i++) expect(sub(`${holeOrigin(i)}/bh-${i}`)!.failures).toBe(0);
  });

  it('a device that fails three passes in a row is dropped (tried once a pass however many alerts); a success resets the count', async () => {
    const { db, deps, addJob, addUser, sub } = setup();
    deliveries.length = 0;
    const dead = { endpoint: `${origin}/fail/dead`, ...keysOnly() };
    const flaky = device('/push/flaky');
    failing.add('/push/flaky');
    addUser('u:dan', [dead, flaky]);
    // Two more alerts: three messages a pass, the failing device is tried once.
    for (const name of ['Second', 'Third'])
      db.insert(alerts).values({ userId: 'u:dan', name, filters: {}, frequency: 'instant', email: false, push: true, createdAt: T0 }).run();
    const deadHits = () => hits.filter((h) => h === '/fail/dead').length;
    const before = deadHits();

    addJob(1);
    expect(await runAlertsPass(db, deps, at(10))).toMatchObject({ alertsSent: 3, pushes: 0, subscriptionsRemoved: 0 });
    expect(deadHits() - before).toBe(1);
    expect(sub(dead.endpoint)).toMatchObject({ failures: 1, lastFailureAt: at(10) });
    expect(sub(flaky.endpoint)).toMatchObject({ failures: 1, lastFailureAt: at(10) });

    failing.delete('/push/flaky');
    addJob(11);
    expect(await runAlertsPass(db, deps, at(20))).toMatchObject({ pushes: 3, subscriptionsRemoved: 0 });
    expect(deadHits() - before).toBe(2);
    expect(sub(dead.endpoint)).toMatchObject({ failures: 2, lastFailureAt: at(20) });
    expect(sub(flaky.endpoint)).toMatchObject({ failures: 0, lastFailureAt: null });

    addJob(21);
    expect(await runAlertsPass(db, deps, at(30))).toMatchObject({ pushes: 3, subscriptionsRemoved: 1 });
    expect(deadHits() - before).toBe(3);
    expect(sub(dead.endpoint)).toBeUndefined();
    expect(
      db
        .select()
        .from(pushSubscriptions)
        .all()
        .map((s) => s.endpoint),
    ).toEqual([flaky.endpoint]);
  });

  it('a failed push-only reminder is not retried before its back-off; delivered later, the back-off is cleared', async () => {
    const { db, deps, addJob, sub } = setup();
    deliveries.length = 0;
    db.insert(users).values({ id: 'u:rem', email: 'rem@example.test' }).run();
    db.insert(reminderPreferences).values({ userId: 'u:rem', email: false, push: true }).run();
    const phone = device('/push/rem-phone');
    db.insert(pushSubscriptions)
      .values({ userId: 'u:rem', ...phone })
      .run();
    failing.add('/push/rem-phone');
    const job = addJob(-60, { applicationDeadline: at(2 * 24 * 60) });
    db.insert(savedJobs).values({ userId: 'u:rem', jobId: job.id }).run();
    const tries = () => hits.filter((h) => h === '/push/rem-phone').length;
    const backoff = () => db.select().from(reminderBackoff).where(eq(reminderBackoff.userId, 'u:rem')).get();
    const before = tries();

    expect(await runAlertsPass(db, deps, at(0))).toMatchObject({ reminders: 0, failures: 1 });
    expect(tries() - before).toBe(1);
    expect(backoff()).toEqual({ userId: 'u:rem', failures: 1, retryAt: at(15) });

    // The next passes inside the back-off: not tried, nothing waited for.
    expect(await runAlertsPass(db, deps, at(5))).toMatchObject({ reminders: 0, failures: 0 });
    expect(await runAlertsPass(db, deps, at(14))).toMatchObject({ reminders: 0, failures: 0 });
    expect(tries() - before).toBe(1);

    // After it: tried again, fails again, waits twice as long.
    expect(await runAlertsPass(db, deps, at(16))).toMatchObject({ reminders: 0, failures: 1 });
    expect(tries() - before).toBe(2);
    expect(backoff()).toEqual({ userId: 'u:rem', failures: 2, retryAt: at(46) });
    expect(await runAlertsPass(db, deps, at(45))).toMatchObject({ reminders: 0 });
    expect(tries() - before).toBe(2);

    failing.delete('/push/rem-phone');
    expect(await runAlertsPass(db, deps, at(46))).toMatchObject({ reminders: 1, pushes: 1 });
    expect(tries() - before).toBe(3);
    expect(deliveries.map((d) => d.payload.title)).toEqual([`Closing soon: ${job.title}`]);
    expect(backoff()).toBeUndefined();
    expect(sub(phone.endpoint)).toMatchObject({ failures: 0 });
    // Sent once: never again.
    expect(await runAlertsPass(db, deps, at(100))).toMatchObject({ reminders: 0, pushes: 0 });
  });

  it('pushes a notification to the devices of a user who chose push for its topic, once; in the app only pushes nothing (decision 2010)', async () => {
    const { db, deps, school } = setup();
    deliveries.length = 0;
    const phone = device('/push/notified-phone');
    const quiet = device('/push/quiet-phone');
    db.insert(users)
      .values([
        { id: 'u:heard', email: null },
        { id: 'u:quiet', email: null },
      ])
      .run();
    db.insert(pushSubscriptions)
      .values([
        { userId: 'u:heard', ...phone },
        { userId: 'u:quiet', ...quiet },
      ])
      .run();
    db.insert(notificationPreferences).values({ userId: 'u:heard', topic: 'moderation', delivery: 'push' }).run();
    const make = (userId: string, kind: 'review_approved' | 'reply', createdAt: Date) =>
      db
        .insert(notifications)
        .values({
          userId,
          kind,
          subjectType: kind === 'reply' ? 'post' : 'review',
          subjectId: 1,
          schoolId: school.id,
          actorFirstName: kind === 'reply' ? 'Bea' : null,
          createdAt,
        })
        .returning()
        .get();
    const approved = make('u:heard', 'review_approved', at(-5));
    make('u:heard', 'reply', at(-5)); // replies: still in the app only
    make('u:quiet', 'review_approved', at(-5)); // no preference: in the app only

    expect(await runAlertsPass(db, deps, at(0))).toMatchObject({ notificationsPushed: 1, pushes: 1 });
    expect(deliveries.map((d) => [d.path, d.payload])).toEqual([
      [
        '/push/notified-phone',
        {
          title: `Your review of ${school.name} is published`,
          body: 'Teachers In London Talk',
          url: `/schools/${school.id}`,
          tag: `notification-${approved.id}`,
        },
      ],
    ]);
    expect(db.select().from(notifications).where(eq(notifications.id, approved.id)).get()!.pushedAt).toEqual(at(0));
    // Once: the next pass sends nothing.
    expect(await runAlertsPass(db, deps, at(10))).toMatchObject({ notificationsPushed: 0, pushes: 0 });
    expect(deliveries).toHaveLength(1);
  });
});
