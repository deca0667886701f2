// Signing out clears what the browser keeps for this user: cached answers, queued submissions and
// cached images (decision 0005). Queued items are unsent contributions, so the user is warned.
import { clearOfflineData, offlineDb } from './db';

export const LOGOUT_URL = '/api/logout';

export async function pendingSubmissions(): Promise<number> {
  return offlineDb.outbox.count().catch(() => 0);
}

export function unsentWarning(n: number) {
  return `You have ${n} submission${n === 1 ? '' : 's'} waiting to be sent. Signing out deletes ${n === 1 ? 'it' : 'them'} from this device. Sign out anyway?`;
}

/** Returns false when the user chose to stay signed in. */
export async function signOut(confirm: (message: string) => boolean = (m) => window.confirm(m)): Promise<boolean> {
  const n = await pendingSubmissions();
  if (n > 0 && !confirm(unsentWarning(n))) return false;
  await clearOfflineData().catch(() => undefined);
  // POST (a GET would let any cross-site link sign people out); if it cannot be sent, the
  // /api/logout page offers the same sign-out as a form.
  const res = await fetch(LOGOUT_URL, { method: 'POST', credentials: 'same-origin' }).catch(() => null);
  window.location.assign(res?.ok ? '/' : LOGOUT_URL);
  return true;
}
