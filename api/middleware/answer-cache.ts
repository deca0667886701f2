// The shared answer cache: public GET reads that are the same for every visitor are kept in
// memory by URL, serialized and compressed once, and answered with an ETag (304 on a matching
// If-None-Match). Every entry belongs to a data version; any write moves it, so a cached answer
// is never older than the last committed write:
//   - `PRAGMA data_version` moves when ANOTHER connection (another worker process, a script, a
//     LiteFS replica's replication) commits to the file;
//   - `total_changes()` counts this connection's own row changes (data_version does not move for
//     them), background jobs and triggers included;
//   - a local counter (`invalidate()`) for anything else;
//   - the app clock's minute, so answers that depend on "now" (the jobs' one-month window) age out.
// Answers that depend on who asks are never shared: which reads are kept, and for whom, is each
// route's declared policy (`cache: 'everyone' | 'visitors'`, decision 0006); 'visitors' are cached
// only for requests without a signed-in user, and every other route (the signed-in user's own
// data, moderation, /api/me, a thread page that counts its views) is not cached at all.
// See docs/decisions/1050-shared-answer-cache.md.
import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { DB } from '../../db/client';
import type { AppEnv } from '../context';
import { sharingOf } from '../route-policy';
import { acceptsGzip, gzipBody, gzipEtag } from './compression';

export { sharingOf };

/** What public cached reads say to browsers, the service worker and any shared cache. */
export const PUBLIC_CACHE_CONTROL = 'no-cache';

// Headers of the handler's answer that are not part of the cached representation.
const NOT_STORED = new Set(['set-cookie', 'content-length', 'content-encoding', 'cache-control', 'etag', 'vary', 'date', 'x-cache']);

export interface Entry {
  version: string;
  /** The plain form's tag; the gzip form's is gzipEtag(etag). */
  etag: string;
  headers: [string, string][];
  body: Buffer;
  gzip: Buffer | null;
  size: number;
  /** A page: the API reads it inlined (a kept page counts them against its caller's read limit, decision 1410). */
  reads?: number;
}

/** An answer as it is kept: the headers worth keeping, the body, its gzip and its tag. */
export async function buildEntry(version: string, body: Buffer, headers: Headers): Promise<Entry> {
  const kept: [string, string][] = [];
  headers.forEach((value, name) => {
    if (!NOT_STORED.has(name)) kept.push([name, value]);
  });
  const gzip = await gzipBody(body);
  const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
  const size = body.length + (gzip?.length ?? 0) + 256;
  return { version, etag, headers: kept, body, gzip, size };
}

export interface AnswerCacheOptions {
  /** Memory for cached answers (raw plus gzip), default 32 MB; least recently used go first. */
  maxBytes?: number;
}

export const DEFAULT_ANSWER_CACHE_BYTES = 32 * 1024 * 1024;

/** One per app (per process): the entries and the data version they belong to. */
export class AnswerCache {
  readonly maxBytes: number;
  private entries = new Map<string, Entry>();
  private bytes = 0;
  private local = 0;
  private seenVersion = '';
  private readonly versionQuery;
  readonly stats = { hits: 0, misses: 0, stored: 0, evicted: 0 };
  /** Answers being computed, so concurrent misses of one URL wait for one computation. */
  readonly pending = new Map<string, { version: string; promise: Promise<Entry | null> }>();

  constructor(
    db: DB,
    private readonly clock: () => Date = () => new Date(),
    options: AnswerCacheOptions = {},
  ) {
    this.maxBytes = options.maxBytes ?? DEFAULT_ANSWER_CACHE_BYTES;
    this.versionQuery = db.$client.prepare('select (select data_version from pragma_data_version) as dv, total_changes() as tc').raw();
  }

  /** The data version now: moves with every commit by anyone, and every minute of the app clock. */
  version(): string {
    const [dv, tc] = this.versionQuery.get() as [number, number];
    const v = `${dv}.${tc}.${this.local}.${Math.floor(this.clock().getTime() / 60_000)}`;
    // Every entry belongs to one older version: drop them all at once.
    if (v !== this.seenVersion) {
      this.seenVersion = v;
      this.clear();
    }
    return v;
  }

  /** Forget every answer (moves the local part of the version). */
  invalidate(): void {
    this.local++;
    this.clear();
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  lookup(key: string, version: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version) {
      this.remove(key, entry);
      return undefined;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  build(version: string, body: Buffer, headers: Headers): Promise<Entry> {
    return buildEntry(version, body, headers);
  }

  store(key: string, entry: Entry): void {
    // Too big to share the budget: not kept (lists are paged, so this is rare).
    if (entry.size > this.maxBytes / 8) return;
    // Stale already (a write came while it was being built).
    if (entry.version !== this.seenVersion) return;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    this.entries.set(key, entry);
    this.bytes += entry.size;
    this.stats.stored++;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(k, e);
      this.stats.evicted++;
    }
  }

  private remove(key: string, entry: Entry) {
    this.entries.delete(key);
    this.bytes -= entry.size;
  }

  private clear() {
    this.entries.clear();
    this.bytes = 0;
  }
}

function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === opaque);
}

/**
 * Answers cached reads from `cache`; runs after the session middleware (it needs to know whether
 * someone is signed in) and inside compression (it sends its own compressed bytes).
 */
export function answerCache(cache: AnswerCache): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== 'GET') return next();
    const sharing = sharingOf(c.req.path);
    if (!sharing || (sharing === 'visitors' && c.get('user'))) return next();
    const url = new URL(c.req.url);
    // A Near me answer would keep the asker's location in memory as its key: not cached, and it
    // keeps the API's default no-store (decision 1250).
    if (url.searchParams.has('near')) return next();
    const key = url.pathname + url.search;
    const version = cache.version();
    let entry = cache.lookup(key, version);
    let state = 'hit';
    if (!entry) {
      // Another request is computing this answer for this version: share its result.
      const inFlight = cache.pending.get(key);
      if (inFlight?.version === version) entry = (await inFlight.promise) ?? undefined;
    }
    if (entry) cache.stats.hits++;
    else {
      state = 'miss';
      cache.stats.misses++;
      let settle!: (e: Entry | null) => void;
      const promise = new Promise<Entry | null>((resolve) => (settle = resolve));
      cache.pending.set(key, { version, promise });
      try {
        await next();
        const res = c.res;
        if (res.status !== 200 || res.headers.has('Content-Encoding') || !/json/.test(res.headers.get('Content-Type') ?? '')) return;
        entry = await cache.build(version, Buffer.from(await res.arrayBuffer()), res.headers);
        cache.store(key, entry);
      } finally {
        settle(entry ?? null);
        if (cache.pending.get(key)?.promise === promise) cache.pending.delete(key);
      }
    }
    sendEntry(c, entry, {
      cacheControl: PUBLIC_CACHE_CONTROL,
      vary: sharing === 'visitors' ? 'Accept-Encoding, Cookie' : 'Accept-Encoding',
      state,
    });
  };
}

/**
 * Sends a cached entry as this request's answer: the form its Accept-Encoding takes, that form's
 * own ETag (decision 1055), and a 304 with no body when If-None-Match names it. Shared by the
 * answer cache and the page cache (api/ssr.ts).
 */
export function sendEntry(c: Context, entry: Entry, options: { cacheControl: string; vary: string; state: string; status?: number }): void {
  for (const [name, value] of entry.headers) c.header(name, value);
  const gzip = entry.gzip && acceptsGzip(c.req.header('Accept-Encoding')) ? entry.gzip : null;
  const etag = gzip ? gzipEtag(entry.etag) : entry.etag;
  c.header('ETag', etag);
  c.header('Cache-Control', options.cacheControl);
  c.header('Vary', options.vary);
  c.header('X-Cache', options.state);
  if (etagMatches(c.req.header('If-None-Match'), etag)) {
    c.header('Content-Type', undefined);
    c.header('Content-Encoding', undefined);
    c.res = c.body(null, 304);
    return;
  }
  const bytes = gzip ?? entry.body;
  c.header('Content-Encoding', gzip ? 'gzip' : undefined);
  c.header('Content-Length', String(bytes.length));
  c.res = c.body(new Uint8Array(bytes), (options.status ?? 200) as 200);
}
