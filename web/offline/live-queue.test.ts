// The header's count and the dashboard's list are two live queries of the same outbox read. A
// drain that sends an item while the dashboard's list subscribes must bring both to 0 (issue 41:
// the header kept "1 queued" for good with the outbox empty, decision 0013).
import 'fake-indexeddb/auto';
import { liveQuery } from 'dexie';
import { afterEach, expect, it } from 'vitest';
import { OfflineDatabase, OWNER_META_KEY } from './db';
import { drainOutbox } from './outbox';
import { resetUserForTests } from './owner';
import { userQueue, userQueueCount } from './queue';

let n = 0;
afterEach(() => resetUserForTests());
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A server that answers after `delay` ms: alice is signed in, and every write is accepted. */
const server = (delay: number) =>
  (async (input: RequestInfo | URL) => {
    await wait(delay);
    const path = input instanceof Request ? input.url : String(input);
    if (path === '/api/auth/user') return new Response(JSON.stringify({ id: 'alice' }), { status: 200 });
    return new Response('{"id":1}', { status: 201 });
  }) as typeof fetch;

/** One page: an item queued, the header's count live, a drain, and the list subscribing `listAfter` ms into it. */
async function page(answerAfter: number, listAfter: number) {
  const db = new OfflineDatabase(`live-queue-${++n}`);
  await db.meta.put({ key: OWNER_META_KEY, value: 'alice' });
  await db.outbox.put({
    key: 'k',
    kind: 'salary',
    method: 'POST',
    path: '/api/salaries',
    body: { annualSalary: 40000 },
    state: 'pending',
    attempts: 1,
    nextAttemptAt: 0,
    createdAt: 1,
    owner: 'alice',
  });
  const header: number[] = [];
  const list: number[] = [];
  const count = liveQuery(() => userQueueCount(db)).subscribe({ next: (v) => header.push(v) });
  resetUserForTests();
  const drained = drainOutbox({ db, fetch: server(answerAfter), force: true });
  await wait(listAfter);
  const items = liveQuery(() => userQueue(db)).subscribe({ next: (q) => list.push(q.items.length) });
  const summary = await drained;
  // A state, not a time: both live queries show the empty outbox, or a second passes (a stale one never changes).
  for (const until = Date.now() + 1_000; Date.now() < until && (header.at(-1) !== 0 || list.at(-1) !== 0); ) await wait(5);
  count.unsubscribe();
  items.unsubscribe();
  db.close();
  return { sent: summary.sent.length, header: header.at(-1), list: list.at(-1) };
}

it('the header count and the list both reach 0 when a drain sends an item while the list subscribes', async () => {
  const wrong: string[] = [];
  // The moment the list subscribes, against the moment the server answers, in steps of a third of a ms.
  for (let answer = 0; answer < 8; answer++) {
    for (let list = 0; list < 8; list++) {
      const seen = await page(answer / 3, list / 3);
      if (seen.sent !== 1 || seen.header !== 0 || seen.list !== 0)
        wrong.push(`server after ${(answer / 3).toFixed(1)} ms, list after ${(list / 3).toFixed(1)} ms: ${JSON.stringify(seen)}`);
    }
  }
  expect(wrong).toEqual([]);
}, 30_000);
