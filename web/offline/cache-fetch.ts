// The fetch behind the whole app's typed API client: reads go network-first, every good answer
// is written through to IndexedDB, and when the network (or our server) cannot be reached the
// saved copy answers instead. One fetcher, so no screen needs to know about being offline.
// Per-user answers are saved with their owner and only ever shown to that user (decision 1440).
import {
  AUTH_USER_PATH,
  isSharedPath,
  MAX_CACHED_RESPONSES,
  offlineDb,
  OWNER_META_KEY,
  userIdOf,
  type CachedResponse,
  type OfflineDatabase,
} from './db';
import { assumeUser, confirmedUser, lastKnownUser, noteUser } from './owner';
import { offlineStatus } from './status';
import { CACHED_AT_HEADER, OfflineError } from './errors';
import { WEB_POLICY } from '../../core/route-policy';

export { CACHED_AT_HEADER, OfflineError };

/** Answer headers the screens read (the schools list total). */
const KEPT_HEADERS = ['content-type', 'x-total-count', 'x-total-count-capped', 'link', 'x-search-corrected'];

/** Cache key: pathname and query with sorted parameters. */
export function cacheKey(input: string, base = typeof location !== 'undefined' ? location.origin : 'http://localhost'): string {
  const url = new URL(input, base);
  const params = [...url.searchParams.entries()].sort(([a], [b]) => a.localeCompare(b));
  const query = new URLSearchParams(params).toString();
  return url.pathname + (query ? `?${query}` : '');
}

export function isCacheable(key: string) {
  // Near me answers are not kept on the device either: their key is the phone's location (decision 1250).
  // Never kept: the reads declared `cache: 'none'` (health, moderation, admin).
  return key.startsWith('/api/') && WEB_POLICY.isKeptOffline(key) && !/[?&]near=/.test(key);
}

/**
 * The saved answer for a URL, if this user may see it: a public answer always; a per-user answer
 * only when it was saved for the user the app knows now (`user`, default: the last known user).
 */
export async function readCached(key: string, db: OfflineDatabase = offlineDb, user?: string | null): Promise<CachedResponse | undefined> {
  const saved = await db.responses.get(key);
  if (!saved || isSharedPath(key)) return saved;
  const who = user !== undefined ? user : await lastKnownUser(db);
  if (saved.owner === undefined || who === undefined || saved.owner !== who) return undefined;
  return saved;
}

/** `owner`: whose answer it is (ignored for public answers, which belong to nobody). */
export async function writeCached(
  key: string,
  body: string,
  headers: Headers,
  db: OfflineDatabase = offlineDb,
  now = Date.now(),
  owner: string | null = null,
) {
  const kept: Record<string, string> = {};
  for (const h of KEPT_HEADERS) {
    const v = headers.get(h);
    if (v !== null) kept[h] = v;
  }
  await db.responses.put({ url: key, body, headers: kept, savedAt: now, ...(isSharedPath(key) ? {} : { owner }) });
  const count = await db.responses.count();
  if (count > MAX_CACHED_RESPONSES) {
    const oldest = await db.responses
      .orderBy('savedAt')
      .limit(count - MAX_CACHED_RESPONSES)
      .primaryKeys();
    await db.responses.bulkDelete(oldest);
  }
}

function fromCache(saved: { body: string; headers: Record<string, string>; savedAt: number }) {
  return new Response(saved.body, { status: 200, headers: { ...saved.headers, [CACHED_AT_HEADER]: String(saved.savedAt) } });
}

/** Statuses that mean "our server is not reachable" (a proxy or the platform answered). */
const UNREACHABLE = new Set([502, 503, 504]);

export function createOfflineFetch(db: OfflineDatabase = offlineDb, baseFetch: typeof fetch = (...a) => fetch(...a)): typeof fetch {
  /** Saves a good answer with its owner: the server's word on who is signed in, asked if not known yet. */
  async function save(key: string, body: string, headers: Headers) {
    if (isSharedPath(key)) return writeCached(key, body, headers, db);
    let owner: string | null | undefined;
    if (key === AUTH_USER_PATH) {
      owner = userIdOf(body) ?? null;
      await noteUser(owner, db);
    } else {
      owner = await confirmedUser(baseFetch, db);
    }
    // Nobody could say whose answer this is, or another tab has since seen someone else sign in
    // on this device (the answer may be theirs): not saved.
    if (owner === undefined) return;
    const device = await db.meta.get(OWNER_META_KEY);
    if (!device || device.value !== owner) return;
    await writeCached(key, body, headers, db, Date.now(), owner);
  }

  return async (input, init) => {
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const key = cacheKey(url);
    if (method !== 'GET' || !isCacheable(key)) return baseFetch(input, init);

    const isUser = key === AUTH_USER_PATH;
    /** Offline: the saved copy this user may see (the saved user answer makes the page act as that user). */
    const savedCopy = async () => {
      const saved = await readCached(key, db).catch(() => undefined);
      if (saved && isUser) assumeUser(userIdOf(saved.body) ?? null);
      return saved;
    };

    let res: Response | undefined;
    try {
      res = await baseFetch(input, init);
    } catch {
      const saved = await savedCopy();
      offlineStatus.markOffline(saved?.savedAt);
      if (saved) return fromCache(saved);
      throw new OfflineError(key);
    }
    if (UNREACHABLE.has(res.status)) {
      const saved = await savedCopy();
      if (saved) {
        offlineStatus.markOffline(saved.savedAt);
        return fromCache(saved);
      }
      return res;
    }
    offlineStatus.markOnline();
    if (res.ok) {
      const body = await res.text();
      await save(key, body, res.headers).catch(() => undefined);
      return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
    }
    if (isUser && res.status === 401) await noteUser(null, db).catch(() => undefined);
    // A signed-out answer must not leave a signed-in copy behind.
    if (res.status === 401) await db.responses.delete(key).catch(() => undefined);
    return res;
  };
}

export const offlineFetch = createOfflineFetch();
