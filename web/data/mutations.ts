// The one write path of the web app. Every contribution and save goes through `send()`, which
// gives it an Idempotency-Key when the user presses submit. Reviews, interviews, salaries, moods
// and saves are written to the offline outbox first, so none is lost on the Tube: sent at once
// when the network allows, otherwise queued and replayed later (web/offline/).
import { discard, enqueue, request, sendNow } from '../offline/outbox';
import { registerBackgroundSync } from '../offline/replay';
import { offlineDb } from '../offline/db';
import { lastKnownUser } from '../offline/owner';
import { ApiRequestError } from './client';

type WriteMethod = '$post' | '$put' | '$delete';
const HTTP_METHOD = { $post: 'POST', $put: 'PUT', $delete: 'DELETE' } as const;
/** A typed-client endpoint with that method: `client.salaries`, `client.jobs[':id'].save`, ... */
// The typed client's call signatures differ per route; `any` here only lets any of them in,
// the caller's own arguments are still checked against the chosen route (Parameters<E[M]>).
type Endpoint<M extends WriteMethod> = { [K in M]: (args?: any, options?: any) => Promise<unknown> } & { $path: (arg?: any) => string };

/**
 * A write's method, path and body, built from the typed client like the reads: the path by the
 * route's own `$path()` (with its `param` and `query`), the body typed as the route's `json`
 * input (InferRequestType<...>['json']). A renamed route, parameter or body field fails
 * `npm run typecheck`. Example: `to(client.schools[':id'].reviews, '$post', { param: { id }, json })`.
 */
export function to<M extends WriteMethod, E extends Endpoint<M>>(endpoint: E, method: M, ...[args]: Parameters<E[M]>): Pick<SendRequest, 'method' | 'path' | 'body'> {
  const a = (args ?? {}) as { param?: unknown; query?: unknown; json?: unknown };
  // `$path` is relative to the client's base ('/api'); `$url()` needs an absolute base.
  const path = '/api' + endpoint.$path(a.param || a.query ? { param: a.param, query: a.query } : undefined);
  return { method: HTTP_METHOD[method], path, body: a.json };
}

export type SubmissionKind = 'review' | 'interview' | 'salary' | 'mood' | 'save-job' | 'unsave-job' | 'thread' | 'post' | 'moderation' | 'admin' | 'report' | 'account';

/** Kinds that go through the outbox (they must survive being offline). */
export const QUEUED_KINDS: ReadonlySet<SubmissionKind> = new Set(['review', 'interview', 'salary', 'mood', 'save-job', 'unsave-job']);

export interface SendRequest {
  kind: SubmissionKind;
  method: 'POST' | 'PUT' | 'DELETE';
  /** API path, e.g. `/api/schools/12/reviews`. */
  path: string;
  body?: unknown;
  /** A short human label for the item ("Review of Westminster City School"). */
  label?: string;
}

export type SendResult<T = unknown> = { status: 'sent'; data: T } | { status: 'queued'; key: string };

export function newIdempotencyKey(): string {
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
  if (!QUEUED_KINDS.has(request.kind)) return sendDirect<T>(request, key);
  // Queued items belong to the user who pressed submit; a visitor's are never kept (decision 1440).
  const owner = await lastKnownUser();
  if (typeof owner !== 'string') throw new ApiRequestError(401, { error: 'Unauthorized' }, 'Unauthorized');
  await enqueue({ key, kind: request.kind, method: request.method, path: request.path, body: request.body, label: request.label, owner });
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
