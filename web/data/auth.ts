// The signed-in user (product §4): loading while in flight, a failed request means signed out.
// No retry, no refetch on focus, fresh for 5 minutes.
import type { InferResponseType } from 'hono/client';
import { useLocation } from 'react-router-dom';
import { useApi } from './use-api';
import { client, json } from './client';

/** GET /api/auth/user's answer for a signed-in user, as the API types it (a visitor gets null). */
export type CurrentUser = NonNullable<InferResponseType<typeof client.auth.user.$get, 200>>;

const USER_FRESH_MS = 300_000;
const LOGIN_URL = '/api/login';
/** Through the offline layer (the typed client's fetch): offline, the last known user keeps the app signed in. */
let inFlight: Promise<CurrentUser | null> | null = null;
/** The last answer that came (a failed request: signed out); undefined until one has. */
let answered: { user: CurrentUser | null } | undefined;
const fetchUser = (): Promise<CurrentUser | null> => {
  const answer = json(client.auth.user.$get());
  inFlight = answer;
  const done = (user: CurrentUser | null) => {
    if (inFlight !== answer) return;
    inFlight = null;
    answered = { user };
  };
  answer.then(done, () => done(null));
  return answer;
};

/**
 * Who is signed in, for a tap that came while a screen still showed the user as loading: the
 * answer in flight, else the last that came, else a fresh one (null when it fails: signed out).
 * A part hydrating after the answer came renders it as loading once more (React reads SWR's
 * server snapshot while hydrating), and a tap in that moment must not find her a visitor.
 */
export function userAnswer(): Promise<CurrentUser | null> {
  if (inFlight) return inFlight.catch(() => null);
  if (answered) return Promise.resolve(answered.user);
  return fetchUser().catch(() => null);
}

export const AUTH_KEY = 'auth/user';

export function useAuth() {
  const { data, error, isLoading } = useApi(AUTH_KEY, fetchUser, {
    // product §4: no retry, no refetch on focus (nor on reconnect), fresh for 5 minutes.
    shouldRetryOnError: false,
    errorRetryCount: 0,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    dedupingInterval: USER_FRESH_MS,
    // Saved jobs are kept fresh for offline reading as soon as we know who is signed in.
    onSuccess: (user) => {
      if (user) void import('../offline/warm').then((m) => m.warmSignedIn(user.id));
    },
  });
  return { user: error ? undefined : (data ?? undefined), isLoading: isLoading && !error, isAuthenticated: !!data && !error };
}

/** The login address for this page, the same on the server and in the browser (rendering). */
export function useLoginHref() {
  const { pathname, search } = useLocation();
  return loginHref(pathname + search);
}

/** The login address, bringing the visitor back to where they are. */
export function loginHref(returnTo = typeof location !== 'undefined' ? location.pathname + location.search : '/') {
  return `${LOGIN_URL}?returnTo=${encodeURIComponent(returnTo)}`;
}
