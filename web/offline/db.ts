// The browser's offline store (IndexedDB through Dexie), one versioned database:
// - responses: API answers the user has seen (jobs, schools, pay scales, saved jobs, ...), keyed
//   by URL, so every screen can render them without a network;
// - outbox: submissions waiting to be sent, each with its Idempotency-Key;
// - meta: small flags (persistent storage asked, last sync, the last signed-in user: "owner").
// Every queued item and every per-user answer records its owner (the user id, decision 1440):
// nothing is replayed as, or shown to, another user.
// Bump the version and add an upgrade when a store changes shape; never edit version 1.
import Dexie, { type EntityTable } from 'dexie';

export interface CachedResponse {
  /** pathname + sorted query, e.g. "/api/jobs?borough=Camden". */
  url: string;
  body: string;
  headers: Record<string, string>;
  savedAt: number;
  /**
   * Whose answer this is: a user id, null for a visitor's answer, absent for an answer that is the
   * same for everyone (jobs, schools, pay scales: the routes declared `cache: 'everyone'`, shared-paths.ts).
   */
  owner?: string | null;
}

export type OutboxState = 'pending' | 'failed' | 'needs-auth';

export interface OutboxItem {
  /** The Idempotency-Key (a UUID made when the user pressed submit). */
  key: string;
  kind: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  label?: string;
  state: OutboxState;
  attempts: number;
  nextAttemptAt: number;
  createdAt: number;
  /** The server's message and field errors when it refused the item (state failed). */
  error?: string;
  fields?: Record<string, string>;
  /** The user who pressed submit (their id). Absent only on an item whose owner is unknown: never sent. */
  owner?: string;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

export class OfflineDatabase extends Dexie {
  responses!: EntityTable<CachedResponse, 'url'>;
  outbox!: EntityTable<OutboxItem, 'key'>;
  meta!: EntityTable<MetaRow, 'key'>;

  constructor(name = 'teachers-in-london-talk') {
    // No Dexie query cache (decision 0013): with it, two live queries of the
    // same outbox read share one cached answer, and one that subscribed while a drain's delete was
    // under way replaced the answer's watched keys with its own (the row already gone), so the
    // first one (the header's "1 queued") never heard the delete and kept its count for good. Each
    // live query now watches its own reads and reads IndexedDB again after every commit.
    super(name, { cache: 'disabled' });
    this.version(1).stores({
      responses: 'url, savedAt',
      outbox: 'key, state, createdAt',
      meta: 'key',
    });
    // Version 2: owners. Items and per-user answers saved before it belong to the last user the
    // app knew (the saved /api/auth/user answer); per-user answers nobody can be sure of are dropped.
    this.version(2)
      .stores({ responses: 'url, savedAt', outbox: 'key, state, createdAt', meta: 'key' })
      .upgrade(async (tx) => {
        const saved = (await tx.table('responses').get(AUTH_USER_PATH)) as CachedResponse | undefined;
        const lastUser = userIdOf(saved?.body);
        if (lastUser) {
          await tx.table('meta').put({ key: OWNER_META_KEY, value: lastUser });
          await tx
            .table('outbox')
            .toCollection()
            .modify((item: OutboxItem) => {
              item.owner = lastUser;
            });
        }
        const responses = tx.table('responses');
        const rows = (await responses.toArray()) as CachedResponse[];
        for (const row of rows) {
          if (isSharedPath(row.url)) continue;
          if (lastUser) await responses.update(row.url, { owner: lastUser });
          else await responses.delete(row.url);
        }
      });
  }
}

/** The signed-in user's answer: who the app thinks is signed in. */
export const AUTH_USER_PATH = '/api/auth/user';
/** meta row: the last user the server confirmed (id), null after a visitor's answer. */
export const OWNER_META_KEY = 'owner';

/** The user id in a saved /api/auth/user body, if any. */
export function userIdOf(body: string | undefined): string | undefined {
  if (!body) return undefined;
  try {
    const id = (JSON.parse(body) as { id?: unknown })?.id;
    return typeof id === 'string' && id ? id : undefined;
  } catch {
    return undefined;
  }
}

export { isSharedPath } from './shared-paths';
import { isSharedPath } from './shared-paths';

export const offlineDb = new OfflineDatabase();

/** Keeps the response cache bounded: the oldest entries go first. */
export const MAX_CACHED_RESPONSES = 400;

/** Everything personal in the browser: cached answers, queued submissions, flags. */
export async function clearOfflineData(db: OfflineDatabase = offlineDb) {
  await db.transaction('rw', db.responses, db.outbox, db.meta, async () => {
    await Promise.all([db.responses.clear(), db.outbox.clear(), db.meta.clear()]);
  });
  if (typeof caches !== 'undefined') await caches.delete('images');
}
