// A write's shape and the typed helper that builds it from the typed client (`to()`), with no
// offline code: screens import this; the outbox (web/data/mutations.ts, Dexie) loads with the
// first send (the server-rendered first visit).
type WriteMethod = '$post' | '$put' | '$patch' | '$delete';
const HTTP_METHOD = { $post: 'POST', $put: 'PUT', $patch: 'PATCH', $delete: 'DELETE' } as const;
/** A typed-client endpoint with that method: `client.salaries`, `client.jobs[':id'].save`, ... */
// The typed client's call signatures differ per route; `never` parameters let any of them in,
// the caller's own arguments are still checked against the chosen route (Parameters<E[M]>).
// `$path` is a method so that its parameter is compared both ways (any route's param and query fit).
type Endpoint<M extends WriteMethod> = { [K in M]: (args: never, options: never) => Promise<unknown> } & {
  $path(arg?: { param?: unknown; query?: unknown }): string;
};

/**
 * A write's method, path and body, built from the typed client like the reads: the path by the
 * route's own `$path()` (with its `param` and `query`), the body typed as the route's `json`
 * input (InferRequestType<...>['json']). A renamed route, parameter or body field fails
 * `npm run typecheck`. Example: `to(client.schools[':id'].reviews, '$post', { param: { id }, json })`.
 */
export function to<M extends WriteMethod, E extends Endpoint<M>>(
  endpoint: E,
  method: M,
  ...[args]: Parameters<E[M]>
): Pick<SendRequest, 'method' | 'path' | 'body'> {
  const a = (args ?? {}) as { param?: unknown; query?: unknown; json?: unknown };
  // `$path` is relative to the client's base ('/api'); `$url()` needs an absolute base.
  const path = '/api' + endpoint.$path(a.param || a.query ? { param: a.param, query: a.query } : undefined);
  return { method: HTTP_METHOD[method], path, body: a.json };
}

export type SubmissionKind =
  | 'review'
  | 'interview'
  | 'salary'
  | 'mood'
  | 'save-job'
  | 'unsave-job'
  | 'thread'
  | 'post'
  | 'moderation'
  | 'admin'
  | 'report'
  | 'account'
  | 'school'
  | 'school-job'
  | 'forum-edit';

/** Kinds that go through the outbox (they must survive being offline). A school's job is written
 * from a phone as often as a review: it is queued too (its routes take an Idempotency-Key). So is
 * an author's edit or delete of her thread or reply (`forum-edit`, decision 2020). */
export const QUEUED_KINDS: ReadonlySet<SubmissionKind> = new Set([
  'review',
  'interview',
  'salary',
  'mood',
  'save-job',
  'unsave-job',
  'school-job',
  'forum-edit',
]);

export interface SendRequest {
  kind: SubmissionKind;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** API path, e.g. `/api/schools/12/reviews`. */
  path: string;
  body?: unknown;
  /** A short human label for the item ("Review of Westminster City School"). */
  label?: string;
}

export type SendResult<T = unknown> = { status: 'sent'; data: T } | { status: 'queued'; key: string };
