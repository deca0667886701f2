// The outbox as one user sees it (decision 1440): their own queued items, and only how many
// another account left on this device (never what they are). Screens read this, not Dexie.
import { offlineDb, OWNER_META_KEY, type OfflineDatabase, type OutboxItem } from './db';

export interface UserQueue {
  /** The user the server last confirmed on this device (null: a visitor). */
  user: string | null | undefined;
  /** This user's items, oldest first. */
  items: OutboxItem[];
  /** Items kept for other accounts (or of an unknown owner): never shown, never sent as this user. */
  others: number;
}

/** Reads the current user from the meta table, so a live query re-runs when the user changes. */
export async function userQueue(db: OfflineDatabase = offlineDb): Promise<UserQueue> {
  const row = await db.meta.get(OWNER_META_KEY);
  const user = row ? (row.value as string | null) : undefined;
  const all = await db.outbox.orderBy('createdAt').toArray();
  const items = typeof user === 'string' ? all.filter((i) => i.owner === user) : [];
  return { user, items, others: all.length - items.length };
}

/** The header's count: this user's items still to be sent (waiting, or waiting for sign-in). */
export async function userQueueCount(db: OfflineDatabase = offlineDb): Promise<number> {
  const { items } = await userQueue(db);
  return items.filter((i) => i.state === 'pending' || i.state === 'needs-auth').length;
}
