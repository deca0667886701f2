// Offline data belongs to one user (decision 1440): queued items are only sent for their owner,
// per-user answers are only shown to their owner, and a user change on the device purges them.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { createOfflineFetch, OfflineError } from './cache-fetch';
import { OfflineDatabase, OWNER_META_KEY } from './db';
import { drainOutbox, enqueue, sendNow } from './outbox';
import { noteUser, resetUserForTests } from './owner';
import { userQueue, userQueueCount } from './queue';
import { clearUserData, pendingSubmissions } from './sign-out';

let n = 0;
const name = () => `owner-test-${++n}`;
const fresh = () => new OfflineDatabase(name());
afterEach(() => resetUserForTests());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fake server: `state.user` is who the session cookie belongs to (null: nobody); `state.down` the network. */
function fakeServer(state: { user: string | null; down?: boolean }, answers: Record<string, (user: string | null) => unknown> = {}) {
  const writes: { path: string; asUser: string | null; key: string; body: unknown }[] = [];
  const f = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (state.down) throw new TypeError('Failed to fetch');
    const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const url = new URL(path, 'http://localhost');
    if (method === 'GET') {
      if (url.pathname === '/api/auth/user')
        return state.user ? json(200, { id: state.user, firstName: state.user }) : json(401, { error: 'Unauthorized' });
      const answer = answers[url.pathname];
      if (!answer) return json(404, { error: 'Not found' });
      if (answer.length && !state.user) return json(401, { error: 'Unauthorized' });
      return json(200, answer(state.user));
    }
    if (!state.user) return json(401, { error: 'Unauthorized' });
    const headers = init?.headers as Record<string, string>;
    writes.push({
      path: url.pathname,
      asUser: state.user,
      key: headers['Idempotency-Key'],
      body: init?.body ? JSON.parse(init.body as string) : undefined,
    });
    return json(201, { id: writes.length });
  }) as typeof fetch;
  return { f, writes };
}

const salary = (key: string, owner: string, annualSalary = 40_000) => ({
  key,
  kind: 'salary',
  method: 'POST' as const,
  path: '/api/salaries',
  body: { annualSalary },
  owner,
});

/** A pending salary as items were queued before they had owners (schema version 1): no owner. */
const ownerless = (key: string) => ({
  key,
  kind: 'salary',
  method: 'POST' as const,
  path: '/api/salaries',
  body: {},
  state: 'pending' as const,
  attempts: 0,
  nextAttemptAt: 0,
  createdAt: 0,
});

describe('queued items are only sent for their owner', () => {
  it("never sends Alice's item while Bob is signed in, and keeps it for her", async () => {
    const db = fresh();
    await enqueue(salary('alice-1', 'alice', 41_111), db, 1);
    await enqueue(salary('bob-1', 'bob', 52_222), db, 2);
    const state = { user: 'bob' as string | null };
    const server = fakeServer(state);
    const summary = await drainOutbox({ db, fetch: server.f, force: true, includeNeedsAuth: true });
    expect(server.writes).toEqual([{ path: '/api/salaries', asUser: 'bob', key: 'bob-1', body: { annualSalary: 52_222 } }]);
    expect(summary).toMatchObject({ user: 'bob', remaining: 0, needsAuth: 0 });
    expect(await db.outbox.get('alice-1')).toMatchObject({ owner: 'alice', state: 'pending', attempts: 0 });
    // Alice signs in again on this device: hers goes, as hers.
    state.user = 'alice';
    const again = await drainOutbox({ db, fetch: server.f, force: true });
    expect(server.writes.map((w) => [w.key, w.asUser])).toEqual([
      ['bob-1', 'bob'],
      ['alice-1', 'alice'],
    ]);
    expect(again.remaining).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps an item whose session ended (nobody signed in) and asks its owner to sign in again', async () => {
    const db = fresh();
    await enqueue(salary('a', 'alice'), db, 1);
    const state = { user: null as string | null };
    const server = fakeServer(state);
    const summary = await drainOutbox({ db, fetch: server.f, force: true, includeNeedsAuth: true });
    expect(server.writes).toHaveLength(0);
    expect(summary).toMatchObject({ user: null, needsAuth: 1, sent: [] });
    expect((await db.outbox.get('a'))!.state).toBe('needs-auth');
    // Bob signs in: still not his to send.
    state.user = 'bob';
    await drainOutbox({ db, fetch: server.f, force: true, includeNeedsAuth: true });
    expect(server.writes).toHaveLength(0);
    expect((await db.outbox.get('a'))!).toMatchObject({ state: 'needs-auth', owner: 'alice' });
    // Alice signs in: sent once, as Alice.
    state.user = 'alice';
    const s = await drainOutbox({ db, fetch: server.f, force: true, includeNeedsAuth: true });
    expect(s.sent.map((x) => x.item.key)).toEqual(['a']);
    expect(server.writes.map((w) => w.asUser)).toEqual(['alice']);
  });

  it('keeps the existing 401 rule: the session ends between the question and the send', async () => {
    const db = fresh();
    await enqueue(salary('s', 'alice'), db);
    const state = { user: 'alice' as string | null };
    const server = fakeServer(state);
    const f = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if ((input instanceof Request ? input.url : String(input)) === '/api/salaries') return json(401, { error: 'Unauthorized' });
      return server.f(input, init);
    }) as typeof fetch;
    expect((await drainOutbox({ db, fetch: f })).needsAuth).toBe(1);
    expect((await db.outbox.get('s'))!.state).toBe('needs-auth');
  });

  it('sendNow does not send a fresh item made for someone the server no longer has signed in', async () => {
    const db = fresh();
    await enqueue(salary('fresh', 'alice'), db);
    const server = fakeServer({ user: 'bob' });
    const outcome = await sendNow('fresh', { db, fetch: server.f });
    expect(outcome).toMatchObject({ type: 'needs-auth', status: 401 });
    expect(server.writes).toHaveLength(0);
    expect((await db.outbox.get('fresh'))!).toMatchObject({ state: 'needs-auth', owner: 'alice' });
  });

  it('sends nothing when the server cannot say who is signed in, and backs off', async () => {
    const db = fresh();
    await enqueue(salary('x', 'alice'), db, 0);
    const server = fakeServer({ user: 'alice', down: true });
    const summary = await drainOutbox({ db, fetch: server.f, force: true, now: () => 1000 });
    expect(server.writes).toHaveLength(0);
    expect(summary.user).toBeUndefined();
    expect((await db.outbox.get('x'))!).toMatchObject({ state: 'pending', attempts: 1, nextAttemptAt: 6000 });
    expect(await sendNow('x', { db, fetch: server.f })).toMatchObject({ type: 'retry' });
  });

  it('never sends an item whose owner is unknown', async () => {
    const db = fresh();
    await db.outbox.put(ownerless('legacy'));
    const server = fakeServer({ user: 'bob' });
    await drainOutbox({ db, fetch: server.f, force: true, includeNeedsAuth: true });
    expect(server.writes).toHaveLength(0);
    expect(await db.outbox.count()).toBe(1);
  });
});

describe("one user's view of the queue", () => {
  it('lists and counts only the signed-in user’s items; another account is only a number', async () => {
    const db = fresh();
    await enqueue(salary('a1', 'alice'), db, 1);
    await enqueue(salary('a2', 'alice'), db, 2);
    await enqueue(salary('b1', 'bob'), db, 3);
    await noteUser('bob', db);
    expect(await userQueue(db)).toMatchObject({ user: 'bob', items: [{ key: 'b1' }], others: 2 });
    expect(await userQueueCount(db)).toBe(1);
    expect(await pendingSubmissions(db)).toBe(1);
    await noteUser(null, db);
    expect(await userQueue(db)).toMatchObject({ user: null, items: [], others: 3 });
    expect(await userQueueCount(db)).toBe(0);
    await noteUser('alice', db);
    expect((await userQueue(db)).items.map((i) => i.key)).toEqual(['a1', 'a2']);
    expect(await userQueueCount(db)).toBe(2);
  });

  it("signing out deletes this user's items and every saved answer, and keeps another account's items", async () => {
    const db = fresh();
    await enqueue(salary('a1', 'alice'), db, 1);
    await enqueue(salary('b1', 'bob'), db, 2);
    await db.responses.put({ url: '/api/saved-jobs', body: '[]', headers: {}, savedAt: 1, owner: 'bob' });
    await db.responses.put({ url: '/api/jobs', body: '[]', headers: {}, savedAt: 1 });
    await noteUser('bob', db);
    await clearUserData(db);
    expect((await db.outbox.toArray()).map((i) => i.key)).toEqual(['a1']);
    expect(await db.responses.count()).toBe(0);
  });
});

describe('saved answers are only shown to their owner', () => {
  const answers = {
    '/api/saved-jobs': (user: string | null) => [{ id: 1, note: `saved by ${user}` }],
    '/api/schools/7/user-mood': (user: string | null) => ({ mood: 'happy', by: user }),
    '/api/jobs': () => [{ id: 1, title: 'Teacher of Maths' }],
  };
  /** Alice signed in on a fresh device, who has read who she is and her saved jobs. */
  async function aliceHasRead() {
    const db = fresh();
    const state = { user: 'alice' as string | null };
    const server = fakeServer(state, answers);
    const get = createOfflineFetch(db, server.f);
    await get('/api/auth/user');
    await get('/api/saved-jobs');
    return { db, state, server, get };
  }

  it('stamps per-user answers with the signed-in user and public answers with nobody', async () => {
    const { db, get } = await aliceHasRead();
    await get('/api/jobs');
    expect(await db.responses.get('/api/auth/user')).toMatchObject({ owner: 'alice' });
    expect(await db.responses.get('/api/saved-jobs')).toMatchObject({ owner: 'alice' });
    expect((await db.responses.get('/api/jobs'))!.owner).toBeUndefined();
    expect(await db.meta.get(OWNER_META_KEY)).toEqual({ key: OWNER_META_KEY, value: 'alice' });
  });

  it('asks who is signed in before saving a per-user answer when nobody has yet', async () => {
    const db = fresh();
    const server = fakeServer({ user: 'bob' }, answers);
    const get = createOfflineFetch(db, server.f);
    await get('/api/schools/7/user-mood');
    expect(await db.responses.get('/api/schools/7/user-mood')).toMatchObject({ owner: 'bob' });
  });

  it("Bob, offline after signing in on Alice's device, sees none of Alice's answers", async () => {
    const db = fresh();
    const state = { user: 'alice' as string | null, down: false };
    const server = fakeServer(state, answers);
    const get = createOfflineFetch(db, server.f);
    for (const url of ['/api/auth/user', '/api/saved-jobs', '/api/schools/7/user-mood', '/api/jobs'])
      expect((await get(url)).status).toBe(200);

    // Alice's session ends on the server; Bob signs in on this browser (a new page).
    resetUserForTests();
    state.user = 'bob';
    const bobPage = createOfflineFetch(db, server.f);
    expect(await (await bobPage('/api/auth/user')).json()).toMatchObject({ id: 'bob' });
    // Alice's per-user answers are gone from the device; the public one stays.
    expect((await db.responses.toArray()).map((r) => [r.url, r.owner]).sort()).toEqual([
      ['/api/auth/user', 'bob'],
      ['/api/jobs', undefined],
    ]);

    // Bob goes offline (a new page again): his user answer and the public one, nothing of Alice's.
    resetUserForTests();
    state.down = true;
    const offline = createOfflineFetch(db, server.f);
    expect(await (await offline('/api/auth/user')).json()).toMatchObject({ id: 'bob' });
    expect(await (await offline('/api/jobs')).json()).toEqual([{ id: 1, title: 'Teacher of Maths' }]);
    await expect(offline('/api/saved-jobs')).rejects.toBeInstanceOf(OfflineError);
    await expect(offline('/api/schools/7/user-mood')).rejects.toBeInstanceOf(OfflineError);
  });

  it("never serves another user's answer even if one is still saved (a purge that did not run)", async () => {
    const db = fresh();
    await db.meta.put({ key: OWNER_META_KEY, value: 'bob' });
    await db.responses.put({ url: '/api/saved-jobs', body: '[{"id":1}]', headers: {}, savedAt: 1, owner: 'alice' });
    await db.responses.put({ url: '/api/auth/user', body: '{"id":"alice"}', headers: {}, savedAt: 1, owner: 'alice' });
    await db.responses.put({ url: '/api/forum/threads', body: '[]', headers: {}, savedAt: 1 }); // per-user path, owner unknown
    const offline = createOfflineFetch(db, fakeServer({ user: null, down: true }).f);
    for (const url of ['/api/saved-jobs', '/api/auth/user', '/api/forum/threads'])
      await expect(offline(url)).rejects.toBeInstanceOf(OfflineError);
  });

  it("a visitor's answer (401 on the user) purges the last user's per-user answers", async () => {
    const { db, state, server } = await aliceHasRead();
    resetUserForTests();
    state.user = null;
    expect((await createOfflineFetch(db, server.f)('/api/auth/user')).status).toBe(401);
    expect(await db.responses.count()).toBe(0);
    expect((await db.meta.get(OWNER_META_KEY))!.value).toBeNull();
  });
});

describe('schema upgrade to version 2 (owners)', () => {
  async function v1(dbName: string, rows: { responses?: object[]; outbox?: object[] }) {
    const old = new Dexie(dbName);
    old.version(1).stores({ responses: 'url, savedAt', outbox: 'key, state, createdAt', meta: 'key' });
    await old.open();
    if (rows.responses) await old.table('responses').bulkPut(rows.responses);
    if (rows.outbox) await old.table('outbox').bulkPut(rows.outbox);
    old.close();
  }
  const queued = ownerless('q');
  /** A version 1 database holding these answers and the queued item, opened by today's code (the upgrade runs). */
  async function upgraded(responses: object[]) {
    const dbName = name();
    await v1(dbName, { responses, outbox: [queued] });
    return new OfflineDatabase(dbName);
  }

  it('gives the last known user the items and per-user answers saved before it', async () => {
    const db = await upgraded([
      { url: '/api/auth/user', body: '{"id":"dev:alice@school.example"}', headers: {}, savedAt: 1 },
      { url: '/api/saved-jobs', body: '[]', headers: {}, savedAt: 1 },
      { url: '/api/jobs', body: '[]', headers: {}, savedAt: 1 },
    ]);
    expect(await db.outbox.get('q')).toMatchObject({ owner: 'dev:alice@school.example' });
    expect(await db.responses.get('/api/saved-jobs')).toMatchObject({ owner: 'dev:alice@school.example' });
    expect((await db.responses.get('/api/jobs'))!.owner).toBeUndefined();
    expect((await db.meta.get(OWNER_META_KEY))!.value).toBe('dev:alice@school.example');
  });

  it('drops per-user answers nobody can vouch for and leaves such items unowned (never sent)', async () => {
    const db = await upgraded([
      { url: '/api/saved-jobs', body: '[]', headers: {}, savedAt: 1 },
      { url: '/api/pay-scales', body: '[]', headers: {}, savedAt: 1 },
    ]);
    expect((await db.responses.toArray()).map((r) => r.url)).toEqual(['/api/pay-scales']);
    expect((await db.outbox.get('q'))!.owner).toBeUndefined();
  });
});

describe('two tabs', () => {
  it('saves no per-user answer while another tab has recorded someone else signed in on this device', async () => {
    const db = fresh();
    const state = { user: 'alice' as string | null };
    const server = fakeServer(state, { '/api/saved-jobs': (user) => [{ by: user }] });
    const tabA = createOfflineFetch(db, server.f);
    await tabA('/api/auth/user'); // this tab was told: Alice
    // Bob signs in in another tab: the cookie and the device's recorded user are now his.
    state.user = 'bob';
    await db.meta.put({ key: OWNER_META_KEY, value: 'bob' });
    await tabA('/api/saved-jobs'); // Bob's answer, asked by a tab that still believes Alice
    expect(await db.responses.get('/api/saved-jobs')).toBeUndefined();
    // Once this tab asks again, it knows Bob, and his answer is saved as his.
    await tabA('/api/auth/user');
    await tabA('/api/saved-jobs');
    expect(await db.responses.get('/api/saved-jobs')).toMatchObject({ owner: 'bob', body: '[{"by":"bob"}]' });
  });
});
