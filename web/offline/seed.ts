// A server-rendered page's public answers are saved in the offline store, as if the page had
// fetched them itself (decision 0002: a page read online opens offline). As early as possible, so
// a page left (or a signal lost) a moment after it showed still opens offline: the service worker
// saves them from the page's HTML as it passes (sw/sw.ts), and the page itself from its payload
// as soon as its entry runs, before hydrating (web/main.tsx; the only way on a first visit, before
// the worker controls the page).
import type { SsrPayload, SsrSeed } from '../lib/ssr-payload';
import { cacheKey, writeCached } from './cache-fetch';
import type { OfflineDatabase } from './db';
import { isSharedPath } from './shared-paths';
import { idle } from '../lib/idle';

export interface SeedAnswer {
  /** The offline store's key (cache-fetch.ts cacheKey). */
  key: string;
  body: string;
  headers: Headers;
}

/** The public answers a page was rendered with, each as the API sent it. */
export function seedAnswers(payload: SsrPayload): SeedAnswer[] {
  const out: SeedAnswer[] = [];
  for (const entry of payload.seed ?? []) {
    if (!isSharedPath(entry.url)) continue;
    const body = entry.body ?? bodyOf(payload, entry);
    if (body === undefined) continue;
    out.push({ key: cacheKey(entry.url), body, headers: new Headers({ 'content-type': 'application/json', ...entry.headers }) });
  }
  return out;
}

/**
 * Saves the page's public answers (dated by the server's clock when it rendered them). In a page
 * (`sliced`), one answer per idle period: never one long task with the page's hydration.
 */
export async function keepPageAnswers(payload: SsrPayload, db?: OfflineDatabase, sliced = false): Promise<number> {
  let saved = 0;
  for (const answer of seedAnswers(payload)) {
    if (sliced && saved > 0) await idle(1000);
    const ok = await writeCached(answer.key, answer.body, answer.headers, db, payload.now).then(
      () => true,
      () => false,
    );
    if (ok) saved++;
  }
  return saved;
}

/** The answer's body rebuilt from the fallback value it became (see SsrSeed.pick). */
function bodyOf(payload: SsrPayload, entry: SsrSeed): string | undefined {
  if (entry.key === undefined || !(entry.key in payload.fallback)) return undefined;
  const value = payload.fallback[entry.key] as { rows?: unknown } & { rows?: unknown }[];
  if (entry.pick === 'rows') return JSON.stringify(value.rows);
  if (entry.pick === 'page0') return JSON.stringify(value[0]?.rows);
  return JSON.stringify(value);
}
