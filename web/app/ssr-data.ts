// The data a server-rendered page was rendered with, handed to the browser for hydration
// (the server-rendered first visit, decision 1301): SWR `fallback` keyed exactly as the hooks key their requests, the
// server's clock for relative times, and the API answers behind it (so the offline store gets the
// same copies a client-side fetch would have saved). No DOM access at module load.
import { useEffect } from 'react';
import type { Middleware } from 'swr';
import { unstable_serialize } from 'swr';

type KeyArg = Parameters<typeof unstable_serialize>[0];
/** A useSWRInfinite page-key function: getKey(index, previousPage). */
const isPageKey = (key: unknown): key is (index: number, previous: unknown) => KeyArg => typeof key === 'function' && key.length >= 1;

/**
 * The cache key SWR stores an answer under: the serialized key, or for a paged list
 * (useSWRInfinite) its `$inf$` key, whose value is the array of pages.
 */
export function keyId(key: unknown): string {
  if (isPageKey(key)) return INFINITE_PREFIX + unstable_serialize(key(0, null));
  return unstable_serialize(key as KeyArg);
}
/**
 * swr/infinite's key prefix: its `unstable_serialize` is this plus the first page's key, but
 * importing it from there would bring useSWRInfinite itself into the entry (its module's top
 * level is not side-effect free), which only the paged lists' chunks need.
 */
const INFINITE_PREFIX = '$inf$';

export { readSsrPayload, SSR_DATA_ID, type SsrPayload, type SsrSeed } from '../lib/ssr-payload';

/**
 * The browser's SWR middleware for a hydrated page. A key the server answered (`fromServer`) is
 * rendered from its fallback without SWR's mount revalidation, exactly as the server rendered it
 * (SWR would otherwise report isLoading while it revalidates, and the markup would differ). Keys
 * answered from public paths (`fresh`) are not fetched again at all; the others (the user, the
 * forum, which a moderator sees differently) are revalidated once the page has hydrated.
 * Both sets are emptied at the first client navigation, after which SWR behaves as usual.
 */
export function hydrateFrom(fromServer: Set<string>, fresh: Set<string>): Middleware {
  return (useSWRNext) => (key, fetcher, config) => {
    const id = fromServer.size > 0 && key != null ? safeId(key) : '';
    const served = id !== '' && fromServer.has(id);
    const swr = useSWRNext(key, fetcher, served ? { ...config, revalidateOnMount: false } : config);
    const stale = served && !fresh.has(id);
    // SWR's bound mutate keeps its identity for the hook's life; `id` re-runs this for a new key.
    const { mutate } = swr;
    useEffect(() => {
      if (stale) void mutate();
    }, [stale, id, mutate]);
    return loadingOnlyWithoutData(swr);
  };
}

/**
 * SWR says isLoading while it asks again for a key whose only data is a fallback (the server's
 * answer is SWR `fallback`, not its cache): back online, a screen drawn as `isLoading ? skeleton`
 * swapped what it showed for skeletons for the length of the request, and kept them if the next
 * refresh started before the last one ended. Loading means nothing to show yet: with data, false.
 * A Proxy, so SWR still sees which fields a screen reads (its getters track them).
 */
function loadingOnlyWithoutData<T extends { isLoading: boolean; data?: unknown }>(swr: T): T {
  return new Proxy(swr, {
    get: (target, prop) => (prop === 'isLoading' ? target.isLoading && target.data === undefined : Reflect.get(target, prop)),
  });
}

/** The server's SWR middleware: records every key a render asks for, with its fetcher. */
export type Wanted = Map<string, { key: unknown; fetcher: ((...args: unknown[]) => unknown) | null }>;
/** Keys already answered render from `fallback` without a pending revalidation, as they will hydrate. */
export function recordRequests(wanted: Wanted, fallback: Record<string, unknown>): Middleware {
  return (useSWRNext) => (key, fetcher, config) => {
    let served = false;
    if (key != null && fetcher) {
      const id = safeId(key);
      if (id) {
        served = id in fallback;
        if (!wanted.has(id)) {
          const f = fetcher as (...args: unknown[]) => unknown;
          if (isPageKey(key)) {
            // A paged list: the server renders its first page (the list's initial size).
            const first = safeCall(() => key(0, null));
            if (first != null) wanted.set(id, { key: first, fetcher: async (k: unknown) => [await f(k)] });
          } else {
            const resolved = typeof key === 'function' ? safeCall(key as () => unknown) : key;
            if (resolved != null && resolved !== false) wanted.set(id, { key: resolved, fetcher: f });
          }
        }
      }
    }
    return useSWRNext(key, fetcher, served ? { ...config, revalidateOnMount: false } : config);
  };
}

/** keyId, or '' for a key that is not ready (its function throws or gives null). */
function safeId(key: unknown): string {
  try {
    return keyId(key);
  } catch {
    return '';
  }
}

function safeCall(f: () => unknown) {
  try {
    return f();
  } catch {
    return null;
  }
}
