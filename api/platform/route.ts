// Every API route is declared once (decision 0006), in the style of hono-open-api-starter:
// `apiRoute()` is @hono/zod-openapi's createRoute (method, path, request and response schemas)
// plus the route's policy as data: who may call it, how its answer may be kept, its rate limit,
// whether its screen is indexable. The policy becomes the route's guard middleware here and is
// written into the OpenAPI document as `x-policy`, where the answer cache, the offline layer,
// the service worker and the page head read it (core/route-policy.ts). A routes file declares
// through `resourceRoutes(tag)` (`route.post(path, {...})`); the error answers the guard gives
// (401, 403, 422, 429) are declared from the policy (decision 0006, addendum).
import { createRoute, OpenAPIHono, z, type RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { formErrors } from '../../core/validation';
import { isVersioned, type RoutePolicy } from '../../core/route-policy';
import type { AppEnv, SessionUser } from '../context';
import { idempotency } from './middleware/idempotency';
import { loginLimit, moderationLimit, previewLimit, rateLimit } from './middleware/rate-limit';
import { requireAdmin, requireUser } from './access';

export type { Access, Limit, RoutePolicy, Sharing } from '../../core/route-policy';

/** The context of a route that needs a signed-in user: `c.get('user')` is that user, never null. */
export type SignedInEnv = AppEnv & { Variables: { user: SessionUser } };

/**
 * Validation failures answer the API's one error shape with the product's messages:
 * 400 `{ error: 'Invalid input' | 'Invalid query', fields: { name: message } }`.
 */
export const defaultHook = (
  result: { target: string; success: boolean; error?: unknown },
  c: { json: (body: unknown, status: 400) => Response },
) => {
  if (!result.success) {
    const fields = formErrors(result.error as z.ZodError);
    return c.json({ error: result.target === 'query' ? 'Invalid query' : 'Invalid input', fields }, 400);
  }
};

/** A router of declared routes: each resource's (api/<resource>/index.ts) and the API's. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook });
}

/** Runs middleware one after another as one (the route declaration holds one guard). */
function chain(handlers: MiddlewareHandler<AppEnv>[]): MiddlewareHandler<AppEnv> {
  if (handlers.length === 1) return handlers[0];
  return async (c, next) => {
    const dispatch = async (i: number): Promise<void> => {
      if (i === handlers.length) {
        await next();
        return;
      }
      const res = await handlers[i](c, () => dispatch(i + 1));
      if (res && !c.finalized) c.res = res;
    };
    await dispatch(0);
  };
}

const GUARDS = { public: [], user: [requireUser], moderator: [requireUser], admin: [requireAdmin] } as const;
const LIMITS = {
  read: [],
  none: [],
  write: [rateLimit],
  moderation: [moderationLimit],
  login: [loginLimit],
  preview: [previewLimit],
} as const;

/**
 * The middleware a policy means, in the order the API has always run them: the access check
 * (401/403), the school membership a school's own routes need (403), the Idempotency-Key replay, the rate limit; validation and the handler follow.
 * A moderator's rights are per category, so 'moderator' checks sign-in here and the handler the
 * grants of the item it acts on. Reads are limited per IP for the whole API (readLimit), and a
 * write on a public route (a signed link) counts its owner's writes in the handler.
 */
function guard(policy: RoutePolicy, rules: RouteRules): MiddlewareHandler<AppEnv> {
  const limits = policy.access === 'public' && policy.limit === 'write' ? [] : LIMITS[policy.limit];
  const school = policy.school && rules.schoolMember ? [rules.schoolMember(policy.school)] : [];
  return chain([...GUARDS[policy.access], ...school, ...(policy.idempotent ? [idempotency] : []), ...limits]);
}

/**
 * What a resource's routes bring to their guard, because the platform imports no resource
 * (decision 0014): a route whose policy names `school` gets `schoolMember(role)` as part of its
 * guard, and a resource that declares such routes passes it in (`resourceRoutes(tag, { schoolMember })`).
 */
export interface RouteRules {
  schoolMember?: (role: NonNullable<RoutePolicy['school']>) => MiddlewareHandler<AppEnv>;
}

type EnvOf<A> = A extends 'public' ? AppEnv : SignedInEnv;
type PolicyInput = Omit<RoutePolicy, 'cache' | 'limit'> & Partial<Pick<RoutePolicy, 'cache' | 'limit'>>;

/** The policy with its defaults: a GET is read-limited and kept per user (never shared) unless it says so; a write must name its limit. */
export function policyOf(method: string, path: string, input: PolicyInput): RoutePolicy {
  const read = method === 'get';
  if (!read && !input.limit) throw new Error(`${method.toUpperCase()} ${path}: a write route names its rate limit`);
  if (input.school && input.access !== 'user') throw new Error(`${method.toUpperCase()} ${path}: a school member's route is access 'user'`);
  if (input.school && !path.includes('{id}'))
    throw new Error(`${method.toUpperCase()} ${path}: a school member's route has the school as {id}`);
  if (!read && input.cache && input.cache !== 'none') throw new Error(`${method.toUpperCase()} ${path}: only GET answers are kept`);
  const cache = input.cache ?? (!read ? 'none' : input.access === 'public' || input.access === 'user' ? 'owner' : 'none');
  // A shared answer is kept until the data it shows changes: it must say which (decision 1057).
  if ((cache === 'everyone' || cache === 'visitors') && !input.data)
    throw new Error(`GET ${path}: a shared read names the data it is built from (policy.data)`);
  if ((cache === 'everyone' || cache === 'visitors') && !input.data?.every(isVersioned))
    throw new Error(`GET ${path}: a shared read names only versioned data (${input.data?.join(', ')}): nothing would drop it`);
  return { ...input, cache, limit: input.limit ?? 'read' };
}

/**
 * Declares a route: createRoute's config (without `middleware`) plus `policy`. The answer is a
 * route for `router.openapi(route, handler)`, whose handler sees a non-null user when the
 * policy asks for one (with `policy.school`, `schoolMemberOf(c)` is the caller's membership).
 */
export function apiRoute<
  P extends string,
  A extends RoutePolicy['access'],
  R extends Omit<RouteConfig, 'path' | 'middleware'> & { path: P; policy: PolicyInput },
>(config: R & { policy: { access: A } }, rules: RouteRules = {}) {
  const { policy: input, ...route } = config;
  const policy = policyOf(route.method, route.path, input);
  if (policy.school && !rules.schoolMember)
    throw new Error(
      `${route.method.toUpperCase()} ${route.path}: a school member's route is declared with its rule (resourceRoutes(tag, { schoolMember }))`,
    );
  const middleware = [guard(policy, rules)] as [MiddlewareHandler<EnvOf<A>>];
  const responses = { ...guardErrors(policy), ...route.responses } as WithGuardErrors<R['policy'], R['responses']>;
  return createRoute({ ...route, responses, middleware, 'x-policy': policy });
}

/** guardErrors' statuses, as types: what the typed client knows a route may answer. */
type GuardErrorStatus<P> =
  | (P extends { access: 'public' } ? never : 401)
  | (P extends { access: 'moderator' | 'admin' } ? 403 : P extends { school: string } ? 403 : never)
  | (P extends { idempotent: true } ? 422 : never)
  | (P extends { limit: 'none' } ? never : 429);
type WithGuardErrors<P, Responses> = Omit<{ [K in GuardErrorStatus<P>]: ErrorAnswer }, keyof Responses> & Responses;

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** A declaration without what `resourceRoutes` says for it: its method, path and tag. */
type Declaration = Omit<RouteConfig, 'method' | 'path' | 'tags' | 'middleware'> & { policy: PolicyInput };

/**
 * The routes of one resource, under its tag in the reference: `route.post('/jobs/{id}/close', {
 * summary, policy, request, responses })` is `apiRoute` with that method, path and tag, so each
 * declaration opens with its method and path, as a Hono router's do.
 */
export function resourceRoutes(tag: string, rules: RouteRules = {}) {
  const tags = [tag];
  const declare =
    <M extends Method>(method: M) =>
    <P extends string, A extends RoutePolicy['access'], R extends Declaration>(path: P, config: R & { policy: { access: A } }) =>
      apiRoute<P, A, R & { method: M; path: P; tags: string[] }>({ method, path, tags, ...config }, rules);
  return { get: declare('get'), post: declare('post'), put: declare('put'), patch: declare('patch'), delete: declare('delete') };
}

/** The API's error answer: `{ error, fields? }` (http-error.ts). */
export const errorBody = z
  .object({
    error: z.string(),
    fields: z.record(z.string(), z.string()).optional().describe("Field name → the product's message for it"),
  })
  .openapi('Error');

/** A JSON answer of `schema`. */
export const jsonOf = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** The paging headers of a list answered a page at a time (decision 1001). */
const PAGE_HEADERS = {
  'X-Total-Count': { description: 'How many rows the whole list holds', schema: { type: 'integer' as const } },
  'X-Total-Count-Capped': { description: '`true` when X-Total-Count stopped counting at its cap', schema: { type: 'string' as const } },
  Link: { description: 'The next page: `<url>; rel="next"` (absent on the last page)', schema: { type: 'string' as const } },
  'X-Search-Corrected': {
    description:
      'Searches: what was typed with its misspelt words corrected (URI-encoded), when the list searched that instead; `exact=1` searches as typed',
    schema: { type: 'string' as const },
  },
};

/** A JSON list answered a page at a time, with its paging headers. */
export const pageOf = <T extends z.ZodType>(schema: T, description: string) => ({
  ...jsonOf(z.array(schema), description),
  headers: PAGE_HEADERS,
});

/** A required JSON request body. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });

const ERRORS = {
  400: 'Invalid input (`fields` names each invalid field)',
  401: 'Not signed in',
  403: 'Not allowed for this user',
  404: 'Not found',
  409: 'Conflicts with what exists',
  410: 'Gone: a one-time link already used or expired',
  413: 'Request body too large',
  415: 'Not JSON',
  422: 'Idempotency-Key reused for another request',
  423: 'Locked',
  429: 'Over the rate limit (Retry-After says when to try again)',
  502: 'An outside service failed',
  503: 'Not available on this server (e.g. no email configured)',
} as const;
type ErrorStatus = keyof typeof ERRORS;

/**
 * The error answers the policy's guard gives (guard()), declared from the policy so a route lists
 * only those of its validation and handler: 401 when it needs a signed-in user; 403 for a
 * moderator's, an admin's or a school member's route; 422 for an idempotent write (a reused
 * Idempotency-Key); 429 unless it is never limited. A route's own answer of the same status wins.
 */
function guardErrors(policy: RoutePolicy) {
  const statuses: ErrorStatus[] = [];
  if (policy.access !== 'public') statuses.push(401);
  if (policy.access === 'moderator' || policy.access === 'admin' || policy.school) statuses.push(403);
  if (policy.idempotent) statuses.push(422);
  if (policy.limit !== 'none') statuses.push(429);
  return errors(...statuses);
}

/** An error answer in a route's declaration. */
type ErrorAnswer = { description: string; content: { 'application/json': { schema: typeof errorBody } } };

/** Error answers of a route, each `{ error, fields? }`. */
export function errors<const S extends ErrorStatus[]>(...statuses: S): { [K in S[number]]: ErrorAnswer } {
  return Object.fromEntries(statuses.map((s) => [s, jsonOf(errorBody, ERRORS[s])])) as never;
}

/** The answer of deleting one's own contribution (decision 2020). */
export const deleted = <K extends string>(kind: K) => z.object({ kind: z.literal(kind), id: z.number().int(), deleted: z.literal(true) });
