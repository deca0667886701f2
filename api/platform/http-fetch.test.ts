// Server-side request forgery: every IPv4-in-IPv6 spelling of a private address is refused,
// literal or behind a name or a redirect, and the connection goes to the address that was checked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchText, HttpFetchError, isPrivateAddress, normaliseAddress, sendOnce, type ResolvedAddress } from './http-fetch';
import { localServer, type LocalServer } from '../../test/servers';

let internal: LocalServer; // stands for an internal service: must never be reached
let fixture: LocalServer; // the test's own page server, allowed by exact origin
let port: number;

beforeAll(async () => {
  internal = await localServer((_req, res) => {
    res
      .writeHead(200, { 'Content-Type': 'text/html' })
      .end('<head><meta property="og:image" content="https://secret.example/x.jpg"></head>');
  });
  port = Number(new URL(internal.url).port);
  fixture = await localServer((req, res) => {
    const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to');
    if (to) return void res.writeHead(302, { Location: to }).end();
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end('fixture');
  });
});
afterAll(async () => {
  await internal.close();
  await fixture.close();
});

const blocked = async (address: string, options: Parameters<typeof fetchText>[1] = {}) => {
  const before = internal.hits.length;
  const error = await fetchText(address, { timeoutMs: 2000, ...options }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(internal.hits.length, `${address} reached the internal server`).toBe(before);
  expect(error, address).toBeInstanceOf(HttpFetchError);
  expect((error as HttpFetchError).kind, `${address}: ${(error as Error).message}`).toBe('blocked');
};

describe('address normalisation', () => {
  it('unwraps every IPv4-in-IPv6 form before the range check', () => {
    expect(normaliseAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(normaliseAddress('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(normaliseAddress('0:0:0:0:0:ffff:a9fe:a9fe')).toBe('169.254.169.254');
    expect(normaliseAddress('::127.0.0.1')).toBe('127.0.0.1');
    expect(normaliseAddress('::ffff:0:a00:1')).toBe('10.0.0.1');
    expect(normaliseAddress('64:ff9b::a9fe:a9fe')).toBe('169.254.169.254');
    expect(normaliseAddress('2002:c0a8:0101::1')).toBe('192.168.1.1');
    for (const ip of [
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::FFFF:A9FE:A9FE',
      '::a9fe:a9fe',
      '64:ff9b::7f00:1',
      '2002:7f00:1::',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '2001:0:4136:e378::1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
    ]) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
    for (const ip of ['8.8.8.8', '::ffff:8.8.8.8', '2a00:1450:4009:81f::200e', '2002:808:808::1', '64:ff9b::808:808']) {
      expect(isPrivateAddress(ip), ip).toBe(false);
    }
  });
});

describe('fetchText refuses private addresses', () => {
  it('refuses IPv4-mapped and other IPv6 spellings of loopback and the metadata address', async () => {
    for (const host of [
      '127.0.0.1',
      '[::ffff:127.0.0.1]',
      '[::ffff:7f00:1]',
      '[0:0:0:0:0:ffff:7f00:1]',
      '[::127.0.0.1]',
      '[64:ff9b::7f00:1]',
      '[::1]',
      'localhost',
      '2130706433',
      '0x7f.1',
    ]) {
      await blocked(`http://${host}:${port}/`);
    }
    for (const host of ['169.254.169.254', '[::ffff:169.254.169.254]', '[::ffff:a9fe:a9fe]']) {
      await blocked(`http://${host}/latest/meta-data/`);
    }
  });

  it('refuses a host name that resolves to a mapped address (any of its answers)', async () => {
    const resolve = async (host: string): Promise<ResolvedAddress[]> =>
      host === 'mapped.test'
        ? [{ address: '::ffff:7f00:1', family: 6 }]
        : [
            { address: '93.184.215.14', family: 4 },
            { address: '::ffff:169.254.169.254', family: 6 },
          ];
    await blocked(`http://mapped.test:${port}/`, { resolve });
    await blocked(`http://mixed.test:${port}/`, { resolve });
  });

  it('refuses a redirect from an allowed origin to a mapped address', async () => {
    const allowedOrigins = [fixture.url];
    await expect(fetchText(fixture.url, { allowedOrigins })).resolves.toMatchObject({ text: 'fixture' });
    for (const to of [
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://[::ffff:7f00:1]:${port}/`,
      'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
      `http://127.0.0.1:${port}/`,
    ]) {
      await blocked(`${fixture.url}/?to=${encodeURIComponent(to)}`, { allowedOrigins });
    }
  });

  it('connects to the address it checked: a second DNS answer is never asked for', async () => {
    let calls = 0;
    // A rebinding resolver: the first answer is the fixture, every later one the internal server's address.
    const resolve = async (): Promise<ResolvedAddress[]> =>
      calls++ === 0 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '127.0.0.2', family: 4 }];
    const fixturePort = new URL(fixture.url).port;
    const page = await fetchText(`http://rebind.test:${fixturePort}/`, { allowPrivate: true, resolve });
    expect(page.text).toBe('fixture');
    expect(calls).toBe(1);
  });

  it('keeps the escape hatch explicit: off by default, exact origin only', async () => {
    await blocked(internal.url);
    await blocked(internal.url, { allowedOrigins: [fixture.url] });
    const before = internal.hits.length;
    await expect(fetchText(internal.url, { allowedOrigins: [internal.url] })).resolves.toMatchObject({ status: 200 });
    expect(internal.hits.length).toBe(before + 1);
  });
});

describe('sendOnce (Web Push sends)', () => {
  it('refuses private addresses like fetchText, posts the body to an allowed origin, and answers a redirect instead of following it', async () => {
    for (const address of [internal.url, `http://[::ffff:7f00:1]:${port}/`, `http://0x7f000001:${port}/`]) {
      const before = internal.hits.length;
      const error = await sendOnce(address, { method: 'POST', headers: {}, body: Buffer.from('x') }).catch((e: unknown) => e);
      expect(error, address).toBeInstanceOf(HttpFetchError);
      expect((error as HttpFetchError).kind, address).toBe('blocked');
      expect(internal.hits.length, address).toBe(before);
    }
    const redirected = await sendOnce(`${fixture.url}/?to=${encodeURIComponent(internal.url)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: Buffer.from('x'),
      allowedOrigins: [fixture.url],
    });
    expect(redirected.status).toBe(302);
    const aborted = await sendOnce(fixture.url, {
      method: 'POST',
      headers: {},
      allowedOrigins: [fixture.url],
      signal: AbortSignal.abort(),
    }).catch((e: unknown) => e);
    expect((aborted as HttpFetchError).kind).toBe('timeout');
  });
});

describe('the attack the hardening review found, through the school images batch', () => {
  it('a school website of http://[::ffff:127.0.0.1]:PORT/ is refused: nothing fetched, no image saved', async () => {
    const { eq } = await import('drizzle-orm');
    const { schools } = await import('../../db/schema');
    const { createApp } = await import('../app');
    const { ok, signIn, typedClient } = await import('../../test/app');
    const { testDb } = await import('../../test/db');
    const db = testDb({ demo: false });
    // Default options: no escape hatch for addresses that come from data.
    const app = createApp({ db, adminEmails: ['admin@example.test'], rateLimit: false, external: { images: { timeoutMs: 2000 } } });
    const admin = signIn(db, { id: 'admin', email: 'admin@example.test' });
    db.update(schools).set({ website: null }).run();
    const websites = [
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://[::ffff:7f00:1]:${port}/`,
      'http://[::ffff:169.254.169.254]/latest/meta-data/',
    ];
    const urns = [100000, 100001, 100002];
    urns.forEach((urn, i) => db.update(schools).set({ website: websites[i], imageUrl: null }).where(eq(schools.urn, urn)).run());
    const before = internal.hits.length;
    const started = await app.request('/api/schools/images/batch-update?limit=10', { method: 'POST', headers: { Cookie: admin } });
    expect(started.status).toBe(202);
    const { id } = (await started.json()) as { id: string };
    let batch = await ok(typedClient(app).schools.images['batch-update'][':id'].$get({ param: { id } }, { headers: { Cookie: admin } }));
    for (let i = 0; i < 200 && batch.status !== 'done'; i++) {
      await new Promise((r) => setTimeout(r, 25));
      batch = await ok(typedClient(app).schools.images['batch-update'][':id'].$get({ param: { id } }, { headers: { Cookie: admin } }));
    }
    expect(batch).toMatchObject({ status: 'done', total: 3, processed: 3, updated: 0 });
    for (const result of batch.results) expect(result.error).toMatch(/is a private address/);
    expect(internal.hits.length).toBe(before);
    for (const urn of urns) expect(db.select().from(schools).where(eq(schools.urn, urn)).get()!.imageUrl).toBeNull();
  });
});
