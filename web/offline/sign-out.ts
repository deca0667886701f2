// Signing out clears what the browser keeps for this user: cached answers, their queued
// submissions and cached images (decisions 0005, 1440). Queued items are unsent contributions, so
// the user is warned. Another account's queued items stay for that account (never shown, never
// sent as anyone else).
import { offlineDb, type OfflineDatabase } from './db';
import { userQueue } from './queue';

/** Where a sign-out is POSTed; a GET of it shows a page whose form posts. */
export const LOGOUT_URL = '/api/logout';

/** How many of the signed-in user's submissions wait on this device. */
export async function pendingSubmissions(db: OfflineDatabase = offlineDb): Promise<number> {
  return (await userQueue(db).catch(() => ({ items: [] }))).items.length;
}

export function unsentWarning(n: number) {
  return `You have ${n} submission${n === 1 ? '' : 's'} waiting to be sent. Signing out deletes ${n === 1 ? 'it' : 'them'} from this device. Sign out anyway?`;
}

/** Everything of the signed-in user (and every saved answer); other accounts' queued items stay. */
export async function clearUserData(db: OfflineDatabase = offlineDb) {
  const { user } = await userQueue(db);
  await db.transaction('rw', db.responses, db.outbox, db.meta, async () => {
    await db.responses.clear();
    await db.meta.clear();
    // Items of this user, and any whose owner is unknown (they could never be sent).
    await db.outbox.filter((i) => i.owner === undefined || i.owner === user).delete();
  });
  if (typeof caches !== 'undefined') await caches.delete('images');
  // Her take-home settings: kept in her account too (decision 0312), so this device forgets them.
  if (typeof localStorage !== 'undefined') localStorage.removeItem('tilt.takeHome');
}

/** Returns false when the user chose to stay signed in. */
export async function signOut(confirm: (message: string) => boolean = (m) => window.confirm(m)): Promise<boolean> {
  const n = await pendingSubmissions();
  if (n > 0 && !confirm(unsentWarning(n))) return false;
  await clearUserData().catch(() => undefined);
  // POST (a GET would let any cross-site link sign people out); if it cannot be sent, the
  // /api/logout page offers the same sign-out as a form.
  const res = await fetch(LOGOUT_URL, { method: 'POST', credentials: 'same-origin' }).catch(() => null);
  window.location.assign(res?.ok ? '/' : LOGOUT_URL);
  return true;
}
