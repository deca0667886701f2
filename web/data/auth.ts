// The signed-in user (product §4): loading while in flight, a failed request means signed out.
// No retry, no refetch on focus, fresh for 5 minutes.
import type { InferResponseType } from 'hono/client';
import useSWR from 'swr';
import { warmSignedIn } from '../offline/warm';
import { client, json } from './client';

/** GET /api/auth/user's answer, as the API types it. */
export type CurrentUser = InferResponseType<typeof client.auth.user.$get, 200>;

export const USER_FRESH_MS = 300_000;
export const LOGIN_URL = '/api/login';
export { LOGOUT_URL } from '../offline/sign-out';
/** Through the offline layer (the typed client's fetch): offline, the last known user keeps the app signed in. */
const fetchUser = (): Promise<CurrentUser> => json(client.auth.user.$get());

export const AUTH_KEY = 'auth/user';

export function useAuth() {
  const { data, error, isLoading } = useSWR(AUTH_KEY, fetchUser, {
    // product §4: no retry, no refetch on focus (nor on reconnect), fresh for 5 minutes.
    shouldRetryOnError: false,
    errorRetryCount: 0,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    dedupingInterval: USER_FRESH_MS,
    // Saved jobs are kept fresh for offline reading as soon as we know who is signed in.
    onSuccess: (user) => warmSignedIn(user.id),
  });
  return { user: error ? undefined : data, isLoading: isLoading && !error, isAuthenticated: !!data && !error };
}

/** The login address, bringing the visitor back to where they are. */
export function loginHref(returnTo = typeof location !== 'undefined' ? location.pathname + location.search : '/') {
  return `${LOGIN_URL}?returnTo=${encodeURIComponent(returnTo)}`;
}
