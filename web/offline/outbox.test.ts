import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { OfflineDatabase } from './db';
import { backoff, drainOutbox, enqueue, enqueueChange, resend, reviseQueued, sendNow } from './outbox';
import { resetUserForTests } from './owner';

let n = 0;
const fresh = () => new OfflineDatabase(`test-${++n}`);
afterEach(() => resetUserForTests());

type Handler = (path: string, init: RequestInit) => Response | Promise<Response>;
/**
 * A fake server. GET /api/auth/user answers `user` (null: 401, a visitor); when the handler throws
 * (the network is down) it throws too. `calls` lists the writes only; `whoami` the user questions.
 */
function fakeFetch(handler: Handler, user: string | null = 'alice') {
  const calls: { path: string; key: string; body: unknown }[] = [];
  const whoami: string[] = [];
  const f = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = input instanceof Request ? input.url : String(input);
    if (path === '/api/auth/user') {
      whoami.push(path);
      await handler(path, init ?? {}); // throws when the network is down
      return user === null ? json(401, { error: 'Unauthorized' }) : json(200, { id: user, email: `${user}@school.example` });
    }
    const headers = init?.headers as Record<string, string>;
    calls.push({ path, key: headers['Idempotency-Key'], body: init?.body ? JSON.parse(init.body as string) : undefined });
    return handler(path, init ?? {});
  }) as typeof fetch;
  return { f, calls, whoami };
}
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const item = (key: string, path = '/api/salaries', owner = 'alice') => ({
  key,
  kind: 'salary',
  method: 'POST' as const,
  path,
  body: { annualSalary: 40000 },
  owner,
});

describe('outbox state machine', () => {
  it('removes an item the server accepted, sending its idempotency key', async () => {
    const db = fresh();
    await enqueue(item('k1'), db);
    const { f, calls } = fakeFetch(() => json(201, { id: 7 }));
    const summary = await drainOutbox({ db, fetch: f });
    expect(summary.sent.map((s) => s.data)).toEqual([{ id: 7 }]);
    expect(summary.remaining).toBe(0);
    expect(calls).toEqual([{ path: '/api/salaries', key: 'k1', body: { annualSalary: 40000 } }]);
  });

  it('keeps items on a network error, stops there, and retries with backoff', async () => {
    const db = fresh();
    await enqueue(item('a'), db, 1000);
    await enqueue(item('b'), db, 2000);
    const down = fakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const s1 = await drainOutbox({ db, fetch: down.f, now: () => 10_000 });
    expect(down.whoami).toHaveLength(1); // stopped at the first network failure: who is signed in could not be asked
    expect(down.calls).toHaveLength(0);
    expect(s1.remaining).toBe(2);
    const a = (await db.outbox.get('a'))!;
    expect(a).toMatchObject({ state: 'pending', attempts: 1, nextAttemptAt: 10_000 + backoff(1) });
    // Not due yet: nothing is sent.
    const up = fakeFetch(() => json(201, {}));
    await drainOutbox({ db, fetch: up.f, now: () => 10_001 });
    expect(up.calls.map((c) => c.key)).toEqual(['b']);
    // Forced (back online): the rest goes, oldest first.
    const s3 = await drainOutbox({ db, fetch: up.f, now: () => 10_002, force: true });
    expect(s3.sent.map((s) => s.item.key)).toEqual(['a']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('retries 5xx, 409 and 429 later; backoff grows and is capped', async () => {
    const db = fresh();
    await enqueue(item('x'), db, 0);
    for (const status of [500, 503, 409, 429]) {
      const { f } = fakeFetch(() =>
        status === 409
          ? new Response('{"error":"Still processing"}', { status, headers: { 'Retry-After': '1' } })
          : json(status, { error: 'later' }),
      );
      await drainOutbox({ db, fetch: f, force: true });
    }
    expect((await db.outbox.get('x'))!).toMatchObject({ state: 'pending', attempts: 4 });
    expect(backoff(1)).toBe(5000);
    expect(backoff(2)).toBe(10_000);
    expect(backoff(30)).toBe(600_000);
  });

  it("refuses a 429 that names fields (a limit on the item itself, e.g. a school's jobs today) with its words, not retried", async () => {
    const db = fresh();
    await enqueue(item('cap', '/api/schools/1/jobs'), db);
    const words = 'Your school has published 20 jobs today, the most for one day.';
    const { f } = fakeFetch(
      () =>
        new Response(JSON.stringify({ error: words, fields: { publish: words } }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '5400' },
        }),
    );
    const summary = await drainOutbox({ db, fetch: f });
    expect(summary.failed[0]).toMatchObject({ key: 'cap', state: 'failed', error: words, fields: { publish: words } });
  });

  it('marks a plain 409 conflict failed (not retried forever)', async () => {
    const db = fresh();
    await enqueue(item('c'), db);
    const { f } = fakeFetch(() => json(409, { error: 'Mood already exists' }));
    const summary = await drainOutbox({ db, fetch: f });
    expect(summary.failed[0]).toMatchObject({ key: 'c', state: 'failed', error: 'Mood already exists' });
  });

  it('marks a validation refusal failed with the server messages; resend puts it back', async () => {
    const db = fresh();
    await enqueue(item('v'), db);
    const { f } = fakeFetch(() => json(400, { error: 'Invalid input', fields: { annualSalary: 'Salary must be at least £15,000' } }));
    const summary = await drainOutbox({ db, fetch: f });
    expect(summary.failed[0]).toMatchObject({ key: 'v', state: 'failed', fields: { annualSalary: 'Salary must be at least £15,000' } });
    // A failed item is not retried by itself.
    const again = fakeFetch(() => json(201, {}));
    await drainOutbox({ db, fetch: again.f, force: true });
    expect(again.calls).toHaveLength(0);
    await resend('v', { annualSalary: 45000 }, db);
    await drainOutbox({ db, fetch: again.f });
    expect(again.calls[0]).toMatchObject({ key: 'v', body: { annualSalary: 45000 } });
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps a 401 until the user has signed in', async () => {
    const db = fresh();
    await enqueue(item('s'), db);
    const { f } = fakeFetch(() => json(401, { error: 'Unauthorized' }));
    expect((await drainOutbox({ db, fetch: f })).needsAuth).toBe(1);
    expect((await db.outbox.get('s'))!.state).toBe('needs-auth');
    const ok = fakeFetch(() => json(201, {}));
    await drainOutbox({ db, fetch: ok.f, force: true });
    expect(ok.calls).toHaveLength(0);
    await drainOutbox({ db, fetch: ok.f, includeNeedsAuth: true });
    expect(ok.calls).toHaveLength(1);
  });

  it('never sends an item twice when drains overlap', async () => {
    const db = fresh();
    for (const k of ['1', '2', '3']) await enqueue(item(k), db);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { f, calls } = fakeFetch(async () => {
      await gate;
      return json(201, {});
    });
    const drains = [drainOutbox({ db, fetch: f }), drainOutbox({ db, fetch: f }), sendNow('2', { db, fetch: f })];
    release();
    await Promise.all(drains);
    expect(calls.map((c) => c.key).sort()).toEqual(['1', '2', '3']);
  });
});

describe('an author edits or deletes what still waits (decision 2020)', () => {
  const edit = (key: string, body: unknown, method: 'PATCH' | 'DELETE' = 'PATCH') => ({
    key,
    kind: 'review',
    method,
    path: '/api/reviews/7',
    body,
    owner: 'alice',
  });

  it('an edit of an edit still queued changes the queued one: one write, sent once with both changes', async () => {
    const db = fresh();
    expect(await enqueueChange(edit('e1', { pros: 'First correction here' }), db)).toBe('e1');
    expect(await enqueueChange(edit('e2', { cons: 'Second correction too' }), db)).toBe('e1');
    expect(await db.outbox.count()).toBe(1);
    const { f, calls } = fakeFetch(() => json(200, { id: 7 }));
    await drainOutbox({ db, fetch: f });
    await drainOutbox({ db, fetch: f, force: true });
    expect(calls).toEqual([{ path: '/api/reviews/7', key: 'e1', body: { pros: 'First correction here', cons: 'Second correction too' } }]);
  });

  it('an edit after the queued one was tried is a write of its own (its key is bound to its body)', async () => {
    const db = fresh();
    await enqueueChange(edit('e1', { pros: 'First correction here' }), db);
    const down = fakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await drainOutbox({ db, fetch: down.f });
    expect(await enqueueChange(edit('e2', { cons: 'Second correction too' }), db)).toBe('e2');
    expect((await db.outbox.get('e1'))!.body).toEqual({ pros: 'First correction here' });
    expect(await db.outbox.count()).toBe(2);
  });

  it('a delete replaces the edits that wait; the delete is sent once', async () => {
    const db = fresh();
    await enqueueChange(edit('e1', { pros: 'First correction here' }), db);
    await enqueueChange(edit('d1', undefined, 'DELETE'), db);
    expect((await db.outbox.toArray()).map((i) => [i.key, i.method])).toEqual([['d1', 'DELETE']]);
    const { f, calls } = fakeFetch(() => json(200, { deleted: true }));
    await drainOutbox({ db, fetch: f });
    await drainOutbox({ db, fetch: f, force: true });
    expect(calls.map((c) => c.key)).toEqual(['d1']);
  });

  it('a queued review corrected before it was ever sent is the same item with the new body; not once tried', async () => {
    const db = fresh();
    await enqueue(
      { ...item('r1', '/api/schools/3/reviews'), kind: 'review', body: { pros: 'Typo in thsi', cons: 'Long days at times' } },
      db,
    );
    expect(await reviseQueued('r1', { pros: 'Typo in this' }, db)).toBe(true);
    const { f, calls } = fakeFetch(() => json(201, { id: 9 }));
    await drainOutbox({ db, fetch: f });
    expect(calls).toEqual([{ path: '/api/schools/3/reviews', key: 'r1', body: { pros: 'Typo in this', cons: 'Long days at times' } }]);
    expect(await reviseQueued('r1', { pros: 'Too late' }, db)).toBe(false);
  });
});
