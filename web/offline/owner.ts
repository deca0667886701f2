// Who the offline data belongs to (decision 1440). The server is the only judge of who is signed
// in: its /api/auth/user answer (200 with an id; 200 null or 401 for a visitor) sets the current user, which
// is kept in the meta table so the app knows it offline too. When it changes, every per-user
// answer saved for someone else is deleted; queued items stay with their owner (see outbox.ts).
import { AUTH_USER_PATH, offlineDb, OWNER_META_KEY, userIdOf, type OfflineDatabase } from './db';

/** The user this page has been told about: by the server (confirmed) or, offline, by the saved state. */
let current: { id: string | null; confirmed: boolean } | undefined;

/** The last user the server confirmed on this device (null: a visitor; undefined: never asked). */
export async function lastKnownUser(db: OfflineDatabase = offlineDb): Promise<string | null | undefined> {
  if (current) return current.id;
  const row = await db.meta.get(OWNER_META_KEY).catch(() => undefined);
  return row ? (row.value as string | null) : undefined;
}

/** Whether the server has told this page who is signed in. */
export const userConfirmed = () => current?.confirmed === true;

/** Test seam: forget what this page was told. */
export function resetUserForTests() {
  current = undefined;
  confirming = null;
}

/** Deletes the saved per-user answers of anyone but `id` (public answers stay). */
export async function purgeOtherUsers(id: string | null, db: OfflineDatabase = offlineDb) {
  await db.responses.filter((r) => r.owner !== undefined && r.owner !== id).delete();
}

/** The server said who is signed in (an online /api/auth/user answer). */
export async function noteUser(id: string | null, db: OfflineDatabase = offlineDb) {
  current = { id, confirmed: true };
  const row = await db.meta.get(OWNER_META_KEY).catch(() => undefined);
  if (!row || row.value !== id) await db.meta.put({ key: OWNER_META_KEY, value: id });
  await purgeOtherUsers(id, db);
}

/** Offline: the saved user answer was shown, so this page acts as that user until the server says otherwise. */
export function assumeUser(id: string | null) {
  if (!current?.confirmed) current = { id, confirmed: false };
}

/**
 * Asks the server who is signed in, without any saved copy: the user id, null for a visitor, or
 * undefined when it cannot be reached (then nothing personal can be decided). Records the answer.
 */
export async function askServer(
  doFetch: typeof fetch = (...a) => fetch(...a),
  db: OfflineDatabase = offlineDb,
): Promise<string | null | undefined> {
  let res: Response;
  try {
    res = await doFetch(AUTH_USER_PATH, { credentials: 'include', cache: 'no-store' });
  } catch {
    return undefined;
  }
  if (res.status === 401) {
    await noteUser(null, db);
    return null;
  }
  if (!res.ok) return undefined;
  const text = await res.text().catch(() => '');
  // 200 null: a visitor (the server-rendered first visit; 401 meant the same before).
  if (text.trim() === 'null') {
    await noteUser(null, db);
    return null;
  }
  const id = userIdOf(text);
  if (!id) return undefined;
  await noteUser(id, db);
  return id;
}

let confirming: Promise<string | null | undefined> | null = null;
/** The confirmed user, asking the server once per page if nobody has yet (undefined: unreachable). */
export async function confirmedUser(doFetch?: typeof fetch, db: OfflineDatabase = offlineDb): Promise<string | null | undefined> {
  if (current?.confirmed) return current.id;
  confirming ??= askServer(doFetch, db).finally(() => {
    confirming = null;
  });
  return confirming;
}
