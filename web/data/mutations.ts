// The one write path of the web app. Every contribution and save goes through `send()`, which
// gives it an Idempotency-Key when the user presses submit. Reviews, interviews, salaries, moods
// and saves are written to the offline outbox first, so none is lost on the Tube: sent at once
// when the network allows, otherwise queued and replayed later (web/offline/).
import { discard, enqueue, enqueueChange, request, sendNow } from '../offline/outbox';
import { registerBackgroundSync } from '../offline/replay';
import { offlineDb } from '../offline/db';
import { lastKnownUser } from '../offline/owner';
import { ApiRequestError } from './client';
import { refreshAfterWrite } from './refresh';

// The request shapes and `to()` live in ./requests.ts (no Dexie), so screens can build a write
// without loading the outbox; it loads with send() (the server-rendered first visit).
import type { SendRequest, SendResult } from './requests';
import { QUEUED_KINDS } from './requests';
export { QUEUED_KINDS, to, type SendRequest, type SendResult, type SubmissionKind } from './requests';

function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** After the first contribution or save, ask the browser not to evict our data. */
async function askPersistentStorage() {
  try {
    const asked = await offlineDb.meta.get('persist-asked');
    if (asked || !navigator.storage?.persist) return;
    await offlineDb.meta.put({ key: 'persist-asked', value: Date.now() });
    await navigator.storage.persist();
  } catch {
    // not available: nothing to do
  }
}

async function sendDirect<T>(req: SendRequest, key: string): Promise<SendResult<T>> {
  const { res, text, data } = await request({ key, method: req.method, path: req.path, body: req.body });
  if (!res.ok) throw new ApiRequestError(res.status, data as ApiRequestError['body'], text || res.statusText);
  return { status: 'sent', data: data as T };
}

/**
 * Sends now, or queues when the network (or the server) cannot be reached. Throws
 * ApiRequestError when the server refuses: 401 (the item stays queued until the user has signed
 * in), 400 with `fields` (shown next to the form's fields; the item leaves the queue).
 */
export async function send<T = unknown>(request: SendRequest, key = newIdempotencyKey()): Promise<SendResult<T>> {
  const result = await sendOrQueue<T>(request, key);
  // What the write touches is read again, as its route declares (decision 0015); a queued write's
  // when the outbox sends it (OutboxSync).
  if (result.status === 'sent') refreshAfterWrite(request.method, request.path);
  return result;
}

async function sendOrQueue<T>(request: SendRequest, key: string): Promise<SendResult<T>> {
  if (!QUEUED_KINDS.has(request.kind)) return sendDirect<T>(request, key);
  // Queued items belong to the user who pressed submit; a visitor's are never kept (decision 1440).
  const owner = await lastKnownUser();
  if (typeof owner !== 'string') throw new ApiRequestError(401, { error: 'Unauthorized' }, 'Unauthorized');
  const queued = { key, kind: request.kind, method: request.method, path: request.path, body: request.body, label: request.label, owner };
  // An author's edit or delete folds into what still waits for the same item (decision 2020).
  if (request.method === 'PATCH' || request.method === 'DELETE') key = await enqueueChange(queued);
  else await enqueue(queued);
  void askPersistentStorage();
  const outcome = await sendNow(key);
  if (!outcome || outcome.type === 'sent') return { status: 'sent', data: (outcome?.data ?? null) as T };
  if (outcome.type === 'retry') {
    void registerBackgroundSync();
    return { status: 'queued', key };
  }
  if (outcome.type === 'needs-auth') throw new ApiRequestError(401, { error: 'Unauthorized' }, outcome.text);
  await discard(key);
  throw new ApiRequestError(outcome.status, { error: outcome.error, fields: outcome.fields }, outcome.text);
}
