// Web Push end to end against a local push service on 127.0.0.1 (https, a certificate made for the
// test): it checks the VAPID authorization (ES256 JWT, audience, expiry, key) and decrypts the
// aes128gcm payload (RFC 8188 / RFC 8291) with the subscription keys the test made. A 410 removes
// the subscription.
import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, Agent } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { alerts, jobs, pushSubscriptions, savedJobs, schools, users } from '../../../db/schema';
import { testDb } from '../../../test/db';
import { runAlertsPass } from './pass';
import { createPushSender, vapidSubject } from './push';
import { ensureVapidKeys } from './settings';

const b64u = (b: Buffer) => b.toString('base64url');

interface Delivery {
  path: string;
  jwt: { header: any; claims: any };
  vapidKey: string;
  encoding: string | undefined;
  ttl: string | undefined;
  payload: any;
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
  if (!verify('sha256', Buffer.from(`${h}.${c}`), { key: pub, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'))) throw new Error('bad signature');
  const claims = JSON.parse(Buffer.from(c, 'base64url').toString());
  if (claims.aud !== origin) throw new Error(`bad aud ${claims.aud}`);
  if (!(claims.exp * 1000 > Date.now() && claims.exp * 1000 <= Date.now() + 24 * 3600_000)) throw new Error('bad exp');
  return { header: JSON.parse(Buffer.from(h, 'base64url').toString()), claims, vapidKey: m[2] };
}

let server: ReturnType<typeof createServer>;
let origin = '';
let agent: Agent;
const deliveries: Delivery[] = [];
const refused: string[] = [];
const devices = new Map<string, { ua: ReturnType<typeof createECDH>; auth: Buffer }>();

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tilt-push-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
  const cert = readFileSync(join(dir, 'cert.pem'));
  agent = new Agent({ ca: cert });
  server = createServer({ key: readFileSync(join(dir, 'key.pem')), cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      if (path.startsWith('/gone/')) {
        refused.push(path);
        res.writeHead(410).end();
        return;
      }
      try {
        const device = devices.get(path);
        if (!device || req.method !== 'POST') throw new Error(`unknown ${req.method} ${path}`);
        const vapid = checkVapid(req.headers.authorization, origin);
        const payload = JSON.parse(decrypt(Buffer.concat(chunks), device.ua, device.auth));
        deliveries.push({ path, jwt: { header: vapid.header, claims: vapid.claims }, vapidKey: vapid.vapidKey, encoding: req.headers['content-encoding'], ttl: req.headers.ttl as string | undefined, payload });
        res.writeHead(201).end();
      } catch (error) {
        refused.push(`${path}: ${(error as Error).message}`);
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A subscription as a browser would make it: its own P-256 key pair and auth secret. */
function device(path: string) {
  const ua = createECDH('prime256v1');
  ua.generateKeys();
  const auth = randomBytes(16);
  devices.set(path, { ua, auth });
  return { endpoint: origin + path, p256dh: b64u(ua.getPublicKey()), auth: b64u(auth) };
}

describe('push notifications', () => {
  it('delivers an alert and a reminder to each device, signed with the stored VAPID key, encrypted for the device; 410 removes it', async () => {
    const T0 = new Date('2026-11-20T09:00:00Z');
    const db = testDb({ demo: false, now: T0 });
    const keys = ensureVapidKeys(db);
    expect(ensureVapidKeys(db)).toEqual(keys); // generated once, kept
    const school = db.select().from(schools).where(eq(schools.borough, 'Camden')).limit(1).get()!;
    db.insert(users).values({ id: 'u:ada', email: null }).run();
    const phone = device('/push/phone');
    const laptop = device('/push/laptop');
    db.insert(pushSubscriptions).values([
      { userId: 'u:ada', ...phone },
      { userId: 'u:ada', ...laptop },
      { userId: 'u:ada', endpoint: `${origin}/gone/old-phone`, p256dh: phone.p256dh, auth: phone.auth },
    ]).run();
    db.insert(alerts).values({ userId: 'u:ada', name: 'Camden', filters: { borough: 'Camden' }, frequency: 'instant', email: true, push: true, createdAt: T0 }).run();
    const job = db.insert(jobs).values({ title: 'Teacher of Science', description: 'x', borough: 'Camden', schoolId: school.id, postedAt: new Date(T0.getTime() + 60_000), createdAt: new Date(T0.getTime() + 60_000), applicationDeadline: new Date('2026-11-22T12:00:00Z') }).returning().get();
    db.insert(savedJobs).values({ userId: 'u:ada', jobId: job.id }).run();

    const push = createPushSender({ keys, subject: vapidSubject('Alerts <alerts@teachers.example>', 'https://teachers.example'), agent });
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
    const alertPush = deliveries.find((d) => d.path === '/push/phone' && d.payload.tag?.startsWith('alert-'))!;
    expect(alertPush.payload).toMatchObject({ title: 'New job: Teacher of Science', url: `/jobs/${job.id}`, body: `${school.name}, Camden` });
    const reminderPush = deliveries.find((d) => d.path === '/push/phone' && d.payload.tag?.startsWith('reminder-'))!;
    expect(reminderPush.payload).toMatchObject({ title: 'Closing soon: Teacher of Science', url: `/jobs/${job.id}` });
    expect(db.select().from(pushSubscriptions).all().map((s) => s.endpoint).sort()).toEqual([origin + '/push/laptop', origin + '/push/phone']);

    // Nothing new: nothing sent.
    const again = await runAlertsPass(db, { appUrl: 'https://teachers.example', mailer: null, push }, new Date('2026-11-20T09:20:00Z'));
    expect(again).toMatchObject({ pushes: 0, reminders: 0 });
    expect(deliveries).toHaveLength(4);
  });
});
