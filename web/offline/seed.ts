// A server-rendered page's public answers are saved in the offline store, as if the page had
// fetched them itself (decision 0002: a page read online opens offline), once the browser is idle.
import type { SsrPayload, SsrSeed } from '../app/ssr-data';
import { isSharedPath } from './shared-paths';

export function seedOfflineStore(payload: SsrPayload) {
  const entries = payload.seed.filter((s) => isSharedPath(s.url));
  if (entries.length === 0 || typeof window === 'undefined') return;
  const run = async () => {
    const { cacheKey, writeCached } = await import('./cache-fetch');
    for (const entry of entries) {
      const body = entry.body ?? bodyOf(payload, entry);
      if (body === undefined) continue;
      const headers = new Headers({ 'content-type': 'application/json', ...entry.headers });
      await writeCached(cacheKey(entry.url), body, headers, undefined, payload.now).catch(() => undefined);
    }
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(() => void run(), { timeout: 1000 });
  else setTimeout(() => void run(), 500);
}

/** The answer's body rebuilt from the fallback value it became (see SsrSeed.pick). */
function bodyOf(payload: SsrPayload, entry: SsrSeed): string | undefined {
  if (entry.key === undefined || !(entry.key in payload.fallback)) return undefined;
  const value = payload.fallback[entry.key] as { rows?: unknown } & { rows?: unknown }[];
  if (entry.pick === 'rows') return JSON.stringify(value.rows);
  if (entry.pick === 'page0') return JSON.stringify(value[0]?.rows);
  return JSON.stringify(value);
}
