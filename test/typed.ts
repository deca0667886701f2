// Typed calls in tests (the API's and the browser tests'): the answer of a call through the typed
// client, with the route's own type, so a changed response shape fails the type check.
import type { ClientResponse } from 'hono/client';

/** A typed call's answer with the given status. */
export type AnswerOf<R, S extends number> = R extends ClientResponse<infer T, S, 'json'> ? T : never;

/**
 * The 200 answer of a typed call, with the route's own answer type (a changed response shape fails
 * the type check); any other status fails the test, showing the body.
 */
export async function ok<R extends ClientResponse<unknown, number, 'json'>>(call: R | Promise<R>): Promise<AnswerOf<R, 200>> {
  const res = await call;
  if (res.status !== 200) throw new Error(`Expected 200, got ${res.status}: ${await res.text()}`);
  return (await res.json()) as AnswerOf<R, 200>;
}

/**
 * The answer of a typed call that must have this status (a refusal: 400, 404…), typed as the route
 * declares that status's body; any other status fails the test, showing the body.
 */
export async function answer<R extends ClientResponse<unknown, number, 'json'>, S extends number>(
  call: R | Promise<R>,
  status: S,
): Promise<AnswerOf<R, S>> {
  const res = await call;
  if (res.status !== status) throw new Error(`Expected ${status}, got ${res.status}: ${await res.text()}`);
  return (await res.json()) as AnswerOf<R, S>;
}

/** A URL's query (a Link header's next page, a case's query string) as a typed call's `query`. */
export const queryOf = (url: string): Record<string, string> => Object.fromEntries(new URL(url, 'http://test.invalid').searchParams);
