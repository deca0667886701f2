// The one way the web app talks to the API: Hono's typed client over the API's own route
// definitions (no hand-copied interfaces) and one error shape (product §7).
import { hc, type ClientResponse, type InferResponseType } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { ApiType } from '../../api/app';
import { correctedSearch, nextCursor, type Page } from './paging';

export type { Page };

/** The offline layer (Dexie) loads on the first API read, not with the first render (the server-rendered first visit). */
const offlineFetch: typeof fetch = async (input, init) => (await import('../offline/cache-fetch')).offlineFetch(input, init);

/**
 * The server renderer's fetch (web/entry-server.tsx): the API answered in process, never over
 * a socket. Unset in the browser.
 */
let serverFetch: typeof fetch | undefined;
export function setServerFetch(f: typeof fetch | undefined) {
  serverFetch = f;
}

/** Reads go through the offline layer: network first, saved copies when the network is gone. */
export const client = hc<ApiType>('/api', {
  init: { credentials: 'include' },
  fetch: ((input, init) => (serverFetch ?? offlineFetch)(input, init)) as typeof fetch,
});

/** A failed request: message "status: response text" (the status text when the body is empty). */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: { error?: string; fields?: Record<string, string> } | null,
    text: string,
  ) {
    super(`${status}: ${text}`);
  }
}

/** The body type of the successful answers of a typed-client call. */
type OkBody<R> = R extends ClientResponse<infer T, infer S, infer _F> ? (S extends SuccessStatusCode ? T : never) : never;

/** Awaits a typed-client call and returns its JSON, or throws ApiRequestError. */
export async function json<R extends ClientResponse<unknown, number, string>>(request: Promise<R>): Promise<OkBody<R>> {
  const res = await request;
  if (!res.ok) throw await requestError(res);
  return (await res.json()) as OkBody<R>;
}

/** The error of a failed answer, with its body when that is JSON. */
export async function requestError(res: Pick<Response, 'status' | 'statusText' | 'text'>): Promise<ApiRequestError> {
  const text = await res.text();
  let body: ApiRequestError['body'] = null;
  try {
    // The API's error shape (product §7); anything else leaves body.error undefined.
    body = JSON.parse(text) as ApiRequestError['body'];
  } catch {
    // not JSON
  }
  return new ApiRequestError(res.status, body, text || res.statusText);
}

/** A job as a list (a card) shows it. */
export type Job = InferResponseType<typeof client.jobs.$get, 200>[number];
/** One job as its page shows it (rendered Markdown of a school's own job, the school's address for its JobPosting). */
export type JobPage = InferResponseType<(typeof client.jobs)[':id']['$get'], 200>;
export type SchoolListItem = InferResponseType<typeof client.schools.$get, 200>[number];
/** One school as its page's answer holds it (its kept figures, open jobs and profile beside the register's columns). */
export type SchoolDetail = InferResponseType<(typeof client.schools)[':id']['$get'], 200>;
export type SalaryStats = InferResponseType<(typeof client.salaries.stats)['$get'], 200>;
export type SiteStats = InferResponseType<typeof client.stats.$get, 200>;

/** Awaits a typed-client call of a paged list: its JSON rows plus the paging headers. */
export async function page<R extends ClientResponse<unknown, number, string>>(
  request: Promise<R>,
): Promise<Page<OkBody<R> extends (infer T)[] ? T : never>> {
  const res = await request;
  const rows = (await json(Promise.resolve(res))) as unknown as (OkBody<R> extends (infer T)[] ? T : never)[];
  const total = Number(res.headers.get('X-Total-Count') ?? rows.length);
  return {
    rows,
    total: Number.isFinite(total) ? total : rows.length,
    capped: res.headers.get('X-Total-Count-Capped') === 'true',
    next: nextCursor(res.headers.get('Link')),
    corrected: correctedSearch(res.headers.get('X-Search-Corrected')),
  };
}
