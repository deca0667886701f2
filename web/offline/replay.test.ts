import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { OfflineDatabase } from './db';
import { enqueue } from './outbox';
import { nextDueIn, REPLAY_INTERVAL_MS } from './replay';

let n = 0;
const fresh = () => new OfflineDatabase(`replay-test-${++n}`);
const item = (key: string) => ({
  key,
  kind: 'salary',
  method: 'POST' as const,
  path: '/api/salaries',
  body: { annualSalary: 40000 },
  owner: 'alice',
  label: 'Salary',
});

describe('nextDueIn: when the next send is due', () => {
  it('is null with nothing waiting, and ignores failed items', async () => {
    const db = fresh();
    expect(await nextDueIn(db, 1_000)).toBeNull();
    await enqueue(item('a'), db, 1_000);
    await db.outbox.update('a', { state: 'failed' });
    expect(await nextDueIn(db, 1_000)).toBeNull();
  });

  it("is the earliest waiting item's backoff, not the interval's next tick", async () => {
    const db = fresh();
    await enqueue(item('a'), db, 0);
    await enqueue(item('b'), db, 0);
    await db.outbox.update('a', { nextAttemptAt: 10_000 + 9_000 });
    await db.outbox.update('b', { nextAttemptAt: 10_000 + 5_000 });
    expect(await nextDueIn(db, 10_000)).toBe(5_000);
  });

  it('waits at least 250 ms (an item due now) and at most the interval', async () => {
    const db = fresh();
    await enqueue(item('a'), db, 0);
    expect(await nextDueIn(db, 60_000)).toBe(250);
    await db.outbox.update('a', { nextAttemptAt: 60_000 + 10 * 60_000 });
    expect(await nextDueIn(db, 60_000)).toBe(REPLAY_INTERVAL_MS);
  });
});
