import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { OfflineDatabase, OWNER_META_KEY } from './db';
import { enqueue } from './outbox';
import { nextDueIn, REPLAY_INTERVAL_MS } from './replay';

let n = 0;
/** A phone's database where the server last said `alice` is signed in. */
async function fresh() {
  const db = new OfflineDatabase(`replay-test-${++n}`);
  await db.meta.put({ key: OWNER_META_KEY, value: 'alice' });
  return db;
}
const item = (key: string, owner = 'alice') => ({
  key,
  kind: 'salary',
  method: 'POST' as const,
  path: '/api/salaries',
  body: { annualSalary: 40000 },
  owner,
  label: 'Salary',
});

describe('nextDueIn: when the next send is due', () => {
  it('is null with nothing waiting, and ignores failed items', async () => {
    const db = await fresh();
    expect(await nextDueIn(db, 1_000)).toBeNull();
    await enqueue(item('a'), db, 1_000);
    await db.outbox.update('a', { state: 'failed', nextAttemptAt: 5_000 });
    expect(await nextDueIn(db, 1_000)).toBeNull();
  });

  it("is the earliest waiting backoff's end, not the interval's next tick", async () => {
    const db = await fresh();
    await enqueue(item('a'), db, 0);
    await enqueue(item('b'), db, 0);
    await db.outbox.update('a', { nextAttemptAt: 10_000 + 9_000 });
    await db.outbox.update('b', { nextAttemptAt: 10_000 + 5_000 });
    expect(await nextDueIn(db, 10_000)).toBe(5_000);
  });

  it('never spins: items already due, and other accounts’ items, set no timer', async () => {
    const db = await fresh();
    await enqueue(item('due'), db, 0); // left due by a drain the network cut short
    await enqueue(item('bob', 'bob'), db, 0);
    await db.outbox.update('bob', { nextAttemptAt: 60_500 }); // another account's: never sent as alice
    expect(await nextDueIn(db, 60_000)).toBeNull();
  });

  it('waits at least 1 s and at most the interval', async () => {
    const db = await fresh();
    await enqueue(item('a'), db, 0);
    await db.outbox.update('a', { nextAttemptAt: 60_000 + 100 });
    expect(await nextDueIn(db, 60_000)).toBe(1_000);
    await db.outbox.update('a', { nextAttemptAt: 60_000 + 10 * 60_000 });
    expect(await nextDueIn(db, 60_000)).toBe(REPLAY_INTERVAL_MS);
  });
});
