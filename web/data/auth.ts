// The signed-in user (spec §4): loading while in flight, a failed request means signed out.
// No retry, no refetch on focus, fresh for 5 minutes.
import useSWR from 'swr';

export interface CurrentUser {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  isAdmin: boolean;
}

export const USER_FRESH_MS = 300_000;
export const LOGIN_URL = '/api/login';
export { LOGOUT_URL } from '../offline/sign-out';
import { offlineFetch } from '../offline/cache-fetch';

async function fetchUser(): Promise<CurrentUser> {
  // Through the offline layer: offline, the last known user keeps the app signed in.
  const res = await offlineFetch('/api/auth/user', { credentials: 'include' });
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
  return (await res.json()) as CurrentUser;
}

export const AUTH_KEY = 'auth/user';

export function useAuth() {
  const { data, error, isLoading } = useSWR(AUTH_KEY, fetchUser, {
    // §4: no retry, no refetch on focus (nor on reconnect), fresh for 5 minutes.
    shouldRetryOnError: false,
    errorRetryCount: 0,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    dedupingInterval: USER_FRESH_MS,
  });
  return { user: error ? undefined : data, isLoading: isLoading && !error, isAuthenticated: !!data && !error };
}

/** The login address, bringing the visitor back to where they are. */
export function loginHref(returnTo = typeof location !== 'undefined' ? location.pathname + location.search : '/') {
  return `${LOGIN_URL}?returnTo=${encodeURIComponent(returnTo)}`;
}
