// The browser's offline store (IndexedDB through Dexie), one versioned database:
// - responses: API answers the user has seen (jobs, schools, pay scales, saved jobs, ...), keyed
//   by URL, so every screen can render them without a network;
// - outbox: submissions waiting to be sent, each with its Idempotency-Key;
// - meta: small flags (persistent storage asked, last sync).
// Bump the version and add an upgrade when a store changes shape; never edit version 1.
import Dexie, { type EntityTable } from 'dexie';

export interface CachedResponse {
  /** pathname + sorted query, e.g. "/api/jobs?borough=Camden". */
  url: string;
  body: string;
  headers: Record<string, string>;
  savedAt: number;
}

export type OutboxState = 'pending' | 'failed' | 'needs-auth';

export interface OutboxItem {
  /** The Idempotency-Key (a UUID made when the user pressed submit). */
  key: string;
  kind: string;
  method: 'POST' | 'PUT' | 'DELETE';
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
    super(name);
    this.version(1).stores({
      responses: 'url, savedAt',
      outbox: 'key, state, createdAt',
      meta: 'key',
    });
  }
}

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
