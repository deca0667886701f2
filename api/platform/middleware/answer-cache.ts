// The shared answer cache: public GET reads that are the same for every visitor are kept in
// memory by URL, serialized and compressed once, and answered with an ETag (304 on a matching
// If-None-Match). Each entry remembers the data it was built from (the route's declared `data`)
// and those data's versions then; it is served only while they are unchanged, so a cached answer
// is never older than the last committed change to what it shows, and a write that changes
// nothing visitors see (a save, a pending review, a session touch) drops nothing. The versions
// are moved by SQLite triggers whoever writes (api/platform/data-versions.ts), and the app clock's
// minute ages out answers that depend on "now" (the jobs' one-month window).
// Answers that depend on who asks are never shared: which reads are kept, and for whom, is each
// route's declared policy (`cache: 'everyone' | 'visitors'`, decision 0006); 'visitors' are cached
// only for requests without a signed-in user (a thread's page counts its view before this cache
// is asked: api/forum/views.ts), and every other route (the signed-in user's own data,
// moderation, /api/me) is not cached at all.
// See docs/decisions/1057-invalidation-by-data-version.md (was 1050).
import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { DB } from '../../../db/client';
import type { AppEnv } from '../../context';
import { builtFrom, DataVersions, isCurrent, type Built, type DataTag, type Snapshot } from '../data-versions';
import { acceptsGzip, gzipBody, gzipEtag } from './compression';

/** What public cached reads say to browsers, the service worker and any shared cache. */
export const PUBLIC_CACHE_CONTROL = 'no-cache';

// Headers of the handler's answer that are not part of the cached representation.
const NOT_STORED = new Set(['set-cookie', 'content-length', 'content-encoding', 'cache-control', 'etag', 'vary', 'date', 'x-cache']);

export interface Entry {
  /** The data it was built from and their versions then. */
  built: Built;
  /** The plain form's tag; the gzip form's is gzipEtag(etag). */
  etag: string;
  headers: [string, string][];
  body: Buffer;
  gzip: Buffer | null;
  size: number;
  /** A page: the API reads it inlined (a kept page counts them against its caller's read limit, decision 1410). */
  reads?: number;
}

/** An answer as it is kept: the headers worth keeping, the body, its gzip (`gzipped` when already made) and its tag. */
export async function buildEntry(built: Built, body: Buffer, headers: Headers, gzipped?: Buffer | null): Promise<Entry> {
  return withGzip(plainEntry(built, body, headers), gzipped);
}

/** The entry without its gzip form yet (`gzip` null): what a request that takes no gzip is sent. */
function plainEntry(built: Built, body: Buffer, headers: Headers): Entry {
  const kept: [string, string][] = [];
  headers.forEach((value, name) => {
    if (!NOT_STORED.has(name)) kept.push([name, value]);
  });
  const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
  return { built, etag, headers: kept, body, gzip: null, size: body.length + 256 };
}

/** The entry with its gzip form (made now unless `gzipped` is given). */
async function withGzip(plain: Entry, gzipped?: Buffer | null): Promise<Entry> {
  const gzip = gzipped ?? (await gzipBody(plain.body));
  return { ...plain, gzip, size: plain.size + (gzip?.length ?? 0) };
}

export interface AnswerCacheOptions {
  /** Memory for cached answers (raw plus gzip), default 32 MB; least recently used go first. */
  maxBytes?: number;
}

export const DEFAULT_ANSWER_CACHE_BYTES = 32 * 1024 * 1024;

/** One per app (per process) for answers, one for pages: the entries, LRU by bytes, over one set of data versions. */
export class AnswerCache {
  readonly maxBytes: number;
  readonly versions: DataVersions;
  private entries = new Map<string, Entry>();
  private bytes = 0;
  readonly stats = { hits: 0, misses: 0, stored: 0, evicted: 0 };
  /** Answers being computed, so concurrent misses of one URL wait for one computation. */
  readonly pending = new Map<string, { snapshot: Snapshot; promise: Promise<Entry | null> }>();

  constructor(db: DB, clock: () => Date = () => new Date(), options: AnswerCacheOptions = {}, versions?: DataVersions) {
    this.maxBytes = options.maxBytes ?? DEFAULT_ANSWER_CACHE_BYTES;
    this.versions = versions ?? new DataVersions(db, clock);
  }

  /** The data versions now. */
  snapshot(): Snapshot {
    return this.versions.current();
  }

  /** Forget every answer (of every cache on these versions). */
  invalidate(): void {
    this.versions.invalidate();
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  lookup(key: string, now: Snapshot): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (!isCurrent(entry.built, now)) {
      this.remove(key, entry);
      return undefined;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /**
   * The entry another request is computing for these versions, if one is under way (checked
   * synchronously after lookup, so the first miss registers before any other request looks).
   */
  inFlight(key: string, now: Snapshot): Promise<Entry | null> | undefined {
    const pending = this.pending.get(key);
    return pending?.snapshot === now ? pending.promise : undefined;
  }

  build(snapshot: Snapshot, deps: readonly DataTag[], body: Buffer, headers: Headers): Promise<Entry> {
    return buildEntry(builtFrom(snapshot, deps), body, headers);
  }

  store(key: string, entry: Entry): void {
    // Too big to share the budget: not kept (lists are paged, so this is rare).
    if (entry.size > this.maxBytes / 8) return;
    // Stale already (what it shows changed while it was being built).
    if (!isCurrent(entry.built, this.snapshot())) return;
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
}

function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === opaque);
}

/** What the cache reads of the route declarations (api/route-policy.ts passes them in: the platform imports no route). */
export interface CachedRoutes {
  /** Who may share the answer of a GET to this path (null: nobody, it is not cached). */
  sharingOf: (path: string) => 'everyone' | 'visitors' | null;
  /** The data a shared answer of this path is built from. */
  dataOf: (path: string) => readonly DataTag[];
}

/**
 * Answers cached reads from `cache`; runs after the session middleware (it needs to know whether
 * someone is signed in) and inside compression (it sends its own compressed bytes).
 */
export function answerCache(cache: AnswerCache, routes: CachedRoutes): MiddlewareHandler<AppEnv> {
  const { sharingOf, dataOf } = routes;
  return async (c, next) => {
    if (c.req.method !== 'GET') return next();
    const sharing = sharingOf(c.req.path);
    if (!sharing || (sharing === 'visitors' && c.get('user'))) return next();
    const url = new URL(c.req.url);
    // A Near me answer would keep the asker's location in memory as its key: not cached, and it
    // keeps the API's default no-store (decision 1250).
    if (url.searchParams.has('near')) return next();
    const key = url.pathname + url.search;
    const now = cache.snapshot();
    let entry = cache.lookup(key, now);
    const computing = entry ? undefined : cache.inFlight(key, now);
    if (computing) entry = (await computing) ?? undefined;
    let state = 'hit';
    if (entry) cache.stats.hits++;
    else {
      state = 'miss';
      cache.stats.misses++;
      let settle!: (e: Entry | null) => void;
      const promise = new Promise<Entry | null>((resolve) => (settle = resolve));
      cache.pending.set(key, { snapshot: now, promise });
      let kept: Promise<Entry> | undefined;
      try {
        await next();
        const res = c.res;
        if (res.status !== 200 || res.headers.has('Content-Encoding') || !/json/.test(res.headers.get('Content-Type') ?? '')) return;
        // Built from the versions read before the handler ran: a change during it makes the entry stale, never wrong.
        const plain = plainEntry(builtFrom(now, dataOf(c.req.path)), Buffer.from(await res.arrayBuffer()), res.headers);
        kept = withGzip(plain).then((whole) => (cache.store(key, whole), whole));
        // A request that takes no gzip (the page renderer's in-process reads, issue 39) is answered
        // at once; the entry, with its gzip form, is kept (and the requests waiting for it get it) once made.
        entry = acceptsGzip(c.req.header('Accept-Encoding')) ? await kept : plain;
      } finally {
        void (kept ?? Promise.resolve(entry ?? null))
          .catch(() => null)
          .then((whole) => {
            settle(whole);
            if (cache.pending.get(key)?.promise === promise) cache.pending.delete(key);
          });
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
  // The kept bytes as they are (nothing writes into a body it sends); a copy here was a 50-200 kB copy per answer.
  c.res = c.body(bytes as Uint8Array<ArrayBuffer>, (options.status ?? 200) as 200);
}
