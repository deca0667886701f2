// The outbox: submissions (reviews, interviews, salaries, moods, saves) are written to IndexedDB
// first, then sent with their Idempotency-Key. Replays run one at a time across tabs and the
// service worker (Web Locks), and the server's idempotency makes any repeat harmless.
// Outcomes: 2xx → removed; 401 → kept until the user signs in; other 4xx → failed with the
// server's messages (edit and resend, or discard); 5xx/network → kept, retried with backoff.
// Ownership (decision 1440): every item records the user who pressed submit, and before sending
// anything a drain asks the server who is signed in now. Only that user's items are sent; with
// nobody signed in they wait for sign-in; another user's items are left alone for their owner.
import { offlineDb, type OfflineDatabase, type OutboxItem } from './db';
import { askServer } from './owner';

export const OUTBOX_SYNC_TAG = 'tilt-outbox';
export const OUTBOX_LOCK = 'tilt-outbox';

export type NewOutboxItem = Pick<OutboxItem, 'key' | 'kind' | 'method' | 'path' | 'body' | 'label'> & { owner: string };

export type Outcome =
  | { type: 'sent'; status: number; data: unknown }
  | { type: 'failed'; status: number; error: string; fields?: Record<string, string>; text: string }
  | { type: 'needs-auth'; status: 401; text: string }
  | { type: 'retry'; status?: number; text: string };

export interface DrainSummary {
  sent: { item: OutboxItem; data: unknown }[];
  failed: OutboxItem[];
  needsAuth: number;
  /** Items left in the queue for the user signed in now (another user's are not counted). */
  remaining: number;
  /** Who the server said is signed in (null: nobody; undefined: not asked or unreachable). */
  user?: string | null;
}

const BASE_DELAY_MS = 5_000;
const MAX_DELAY_MS = 10 * 60_000;
export const backoff = (attempts: number) => Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1));

export async function enqueue(item: NewOutboxItem, db: OfflineDatabase = offlineDb, now = Date.now()): Promise<OutboxItem> {
  const row: OutboxItem = { ...item, state: 'pending', attempts: 0, nextAttemptAt: now, createdAt: now };
  await db.outbox.put(row);
  return row;
}

/** One write with its Idempotency-Key: the answer and its body, parsed when it is JSON. Throws on a network error. */
export async function request(
  item: Pick<OutboxItem, 'key' | 'method' | 'path' | 'body'>,
  doFetch: typeof fetch = (...a) => fetch(...a),
): Promise<{ res: Response; text: string; data: unknown }> {
  const res = await doFetch(item.path, {
    method: item.method,
    credentials: 'include',
    headers: { 'Idempotency-Key': item.key, ...(item.body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    body: item.body !== undefined ? JSON.stringify(item.body) : undefined,
  });
  const text = await res.text().catch(() => '');
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { res, text, data };
}

/** Sends one item and classifies the answer. Never throws. */
export async function sendItem(item: OutboxItem, doFetch: typeof fetch = (...a) => fetch(...a)): Promise<Outcome> {
  let answer: Awaited<ReturnType<typeof request>>;
  try {
    answer = await request(item, doFetch);
  } catch (error) {
    return { type: 'retry', text: error instanceof Error ? error.message : 'Network error' };
  }
  const { res, text, data } = answer;
  if (res.ok) return { type: 'sent', status: res.status, data };
  if (res.status === 401) return { type: 'needs-auth', status: 401, text: text || res.statusText };
  // 408 timeout, 425, 429 rate limit, and 409 with Retry-After (the first request with this key
  // is still in flight): try again later. A plain 409 is a real conflict (e.g. a mood that exists).
  // A 429 that names fields is a limit on the item itself (a school's jobs published today,
  // decision 2114): trying again in minutes would not help, so it is refused with its words.
  const body = (data ?? {}) as { error?: string; fields?: Record<string, string> };
  const inFlight = res.status === 409 && res.headers.has('Retry-After');
  const itemLimit = res.status === 429 && !!body.fields && Object.keys(body.fields).length > 0;
  if (!itemLimit && (res.status >= 500 || inFlight || [408, 425, 429].includes(res.status)))
    return { type: 'retry', status: res.status, text: text || res.statusText };
  return {
    type: 'failed',
    status: res.status,
    error: body.error ?? (text || res.statusText),
    fields: body.fields,
    text: text || res.statusText,
  };
}

/** Applies an outcome to the stored item. */
export async function settle(item: OutboxItem, outcome: Outcome, db: OfflineDatabase = offlineDb, now = Date.now()) {
  switch (outcome.type) {
    case 'sent':
      await db.outbox.delete(item.key);
      return;
    case 'needs-auth':
      await db.outbox.update(item.key, { state: 'needs-auth' });
      return;
    case 'failed':
      await db.outbox.update(item.key, { state: 'failed', error: outcome.error, fields: outcome.fields });
      return;
    case 'retry': {
      const attempts = item.attempts + 1;
      await db.outbox.update(item.key, { state: 'pending', attempts, nextAttemptAt: now + backoff(attempts) });
      return;
    }
  }
}

// One drain at a time: Web Locks across tabs and the service worker; a promise chain otherwise.
let chain: Promise<unknown> = Promise.resolve();
export function withOutboxLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: { request<R>(name: string, cb: () => Promise<R>): Promise<R> } } }).navigator?.locks;
  if (locks?.request) return locks.request(OUTBOX_LOCK, fn);
  const run = chain.then(fn, fn);
  chain = run.catch(() => undefined);
  return run;
}

/** Whether `item` may be sent for `user` (the one the server says is signed in). */
export const ownedBy = (item: Pick<OutboxItem, 'owner'>, user: string | null | undefined) =>
  typeof user === 'string' && item.owner === user;

export interface DrainOptions {
  db?: OfflineDatabase;
  fetch?: typeof fetch;
  /** Who is signed in now, asked of the server (default: GET /api/auth/user with `fetch`). */
  whoami?: () => Promise<string | null | undefined>;
  now?: () => number;
  /** Send items waiting for their backoff too (the user pressed "retry", or we just came online). */
  force?: boolean;
  /** Also resend items that were waiting for sign-in. */
  includeNeedsAuth?: boolean;
  /** Only these keys. */
  keys?: string[];
}

/** Sends every due item of the signed-in user, oldest first; stops at the first network failure. */
export function drainOutbox(options: DrainOptions = {}): Promise<DrainSummary> {
  const db = options.db ?? offlineDb;
  const now = options.now ?? Date.now;
  const whoami = options.whoami ?? (() => askServer(options.fetch, db));
  return withOutboxLock(async () => {
    const summary: DrainSummary = { sent: [], failed: [], needsAuth: 0, remaining: 0 };
    const items = await db.outbox.orderBy('createdAt').toArray();
    let asked = false;
    for (const stored of items) {
      // Re-read: another drain (a tab, the service worker) may have settled it meanwhile.
      const item = await db.outbox.get(stored.key);
      if (!item) continue;
      if (options.keys && !options.keys.includes(item.key)) continue;
      const due = item.state === 'pending' && (options.force || item.nextAttemptAt <= now());
      const authRetry = item.state === 'needs-auth' && options.includeNeedsAuth;
      if (!due && !authRetry) continue;
      // Who is signed in: asked once per drain, right before the first send.
      if (!asked) {
        asked = true;
        summary.user = await whoami();
        if (summary.user === undefined) {
          // The server cannot be reached: nothing is sent, and this item waits its backoff as if it had failed.
          await settle(item, { type: 'retry', text: 'Network error' }, db, now());
          break;
        }
      }
      if (summary.user === null) {
        // Nobody is signed in (the session ended): kept, and the owner is asked to sign in again.
        if (item.state !== 'needs-auth') await db.outbox.update(item.key, { state: 'needs-auth' });
        summary.needsAuth++;
        continue;
      }
      if (!ownedBy(item, summary.user)) continue; // another user's: kept for them, never sent as this one
      const outcome = await sendItem(item, options.fetch);
      await settle(item, outcome, db, now());
      if (outcome.type === 'sent') summary.sent.push({ item, data: outcome.data });
      else if (outcome.type === 'failed') summary.failed.push({ ...item, state: 'failed', error: outcome.error, fields: outcome.fields });
      else if (outcome.type === 'needs-auth') summary.needsAuth++;
      else if (outcome.status === undefined) break; // the network is down: the rest would fail too
    }
    const user = summary.user;
    summary.remaining = user === undefined ? await db.outbox.count() : await db.outbox.filter((i) => ownedBy(i, user)).count();
    return summary;
  });
}

/**
 * Sends one freshly queued item now, under the lock, and returns its outcome: the server is asked
 * who is signed in first, and an item of someone else (or of nobody signed in) is not sent (needs-auth).
 */
export function sendNow(
  key: string,
  options: { db?: OfflineDatabase; fetch?: typeof fetch; whoami?: DrainOptions['whoami'] } = {},
): Promise<Outcome | null> {
  const db = options.db ?? offlineDb;
  const whoami = options.whoami ?? (() => askServer(options.fetch, db));
  return withOutboxLock(async () => {
    const item = await db.outbox.get(key);
    if (!item) return null;
    const user = await whoami();
    let outcome: Outcome;
    if (user === undefined) outcome = { type: 'retry', text: 'Network error' };
    else if (!ownedBy(item, user)) outcome = { type: 'needs-auth', status: 401, text: 'Unauthorized' };
    else outcome = await sendItem(item, options.fetch);
    await settle(item, outcome, db);
    return outcome;
  });
}

export async function discard(key: string, db: OfflineDatabase = offlineDb) {
  await db.outbox.delete(key);
}

/** Puts a failed item back in the queue with an edited body. */
export async function resend(key: string, body: unknown, db: OfflineDatabase = offlineDb) {
  await db.outbox.update(key, { body, state: 'pending', error: undefined, fields: undefined, attempts: 0, nextAttemptAt: Date.now() });
}

/** An item never tried yet: its body may still change (once sent, its key is bound to its body: decision 1404). */
const untried = (i: OutboxItem) => i.state === 'pending' && i.attempts === 0;

/**
 * Queues an author's edit or delete (decision 2020), folding it into what still waits untried for
 * the same address: an edit of an edit that waits changes that one's body (the later fields win);
 * a delete replaces the edits that wait; an edit of a queued item's own body (`reviseQueued`) is
 * below. Otherwise the item is queued as it is. Returns the key that now carries the change.
 */
export function enqueueChange(item: NewOutboxItem, db: OfflineDatabase = offlineDb, now = Date.now()): Promise<string> {
  return withOutboxLock(async () => {
    const waiting = await db.outbox
      .orderBy('createdAt')
      .filter((i) => i.path === item.path && i.owner === item.owner && i.method === 'PATCH' && untried(i))
      .toArray();
    if (item.method === 'PATCH' && waiting.length > 0) {
      const target = waiting[0];
      const body = { ...(target.body as Record<string, unknown>), ...(item.body as Record<string, unknown>) };
      await db.outbox.update(target.key, { body, label: item.label ?? target.label });
      return target.key;
    }
    if (item.method === 'DELETE') await db.outbox.bulkDelete(waiting.map((i) => i.key));
    await enqueue(item, db, now);
    return item.key;
  });
}

/**
 * Changes the body of an item still waiting untried (a queued review she corrects before it was
 * ever sent): the same item, the same key, sent once with the new body. False when it was tried
 * already (or is gone): then the edit goes to the server as its own write.
 */
export function reviseQueued(key: string, change: Record<string, unknown>, db: OfflineDatabase = offlineDb): Promise<boolean> {
  return withOutboxLock(async () => {
    const item = await db.outbox.get(key);
    if (!item || !untried(item)) return false;
    await db.outbox.update(key, { body: { ...(item.body as Record<string, unknown>), ...change } });
    return true;
  });
}
