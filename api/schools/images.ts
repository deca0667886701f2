// School images: for schools with a website and no image, fetch the homepage (timeout, size cap,
// browser-like User-Agent, at most `concurrency` sites at once) and take its og:image, else its
// twitter:image, else the first large <img> whose alt text names the school. Recorded with
// imageSource 'school website'; an image set any other way is never overwritten.
// Progress lives in SQLite (image_batches, image_batch_results) so every server process can
// report it. See docs/decisions/0403-school-images-batch.md and 1053-runtime-state-in-sqlite.md.
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { imageBatchResults, imageBatches, schools } from '../../db/schema';
import { PROCESS_HOLDER, releaseLease, tryLease } from '../platform/lease';
import { fetchText, HttpFetchError, type FetchOptions } from '../platform/http-fetch';

export const IMAGE_SOURCE = 'school website';

// ---------------------------------------------------------------------------------------------
// Finding the image in a page

function decodeEntities(s: string): string {
  return s
    .replace(/&amp;/gi, '&')
    .replace(/&quot;/gi, '"')
    .replace(/&#39;|&apos;/gi, "'")
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>')
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)));
}

/** The attributes of every `<tag …>` in the page, names lower-cased, values entity-decoded. */
export function tagsOf(html: string, tag: string): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  const re = new RegExp(`<${tag}\\b([^>]*)>`, 'gi');
  for (const m of html.matchAll(re)) {
    const attrs: Record<string, string> = {};
    for (const a of m[1].matchAll(/([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
      attrs[a[1].toLowerCase()] = decodeEntities((a[2] ?? a[3] ?? a[4] ?? '').trim());
    }
    out.push(attrs);
  }
  return out;
}

/** An absolute http(s) URL, or null (data:, javascript:, garbage). */
export function absoluteHttpUrl(value: string | undefined, base: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

const STOP_WORDS = new Set([
  'the',
  'school',
  'of',
  'and',
  'primary',
  'secondary',
  'academy',
  'church',
  'england',
  'infant',
  'junior',
  'c',
  'e',
  'st',
  'saint',
  'catholic',
  'rc',
  'ce',
  'cofe',
  'voluntary',
  'aided',
  'community',
  'college',
  'high',
  '&',
]);

/** Does the alt text name the school? All distinctive words of the name appear in it (or the full name). */
export function altNamesSchool(alt: string, schoolName: string): boolean {
  const a = alt.toLowerCase();
  if (!a.trim()) return false;
  if (a.includes(schoolName.toLowerCase())) return true;
  const words = schoolName
    .toLowerCase()
    .split(/[^a-z0-9']+/)
    .filter((w) => w && !STOP_WORDS.has(w));
  return words.length > 0 && words.every((w) => a.includes(w));
}

const LARGE = 200;
const ICONISH = /logo|icon|favicon|sprite|badge|crest|spacer|pixel|avatar/i;

export interface FoundImage {
  url: string;
  via: 'og:image' | 'twitter:image' | 'img';
}

/** The school's own picture in its homepage, or null. */
export function findSchoolImage(html: string, pageUrl: string, schoolName: string): FoundImage | null {
  const baseHref = tagsOf(html, 'base')[0]?.href;
  const base = absoluteHttpUrl(baseHref, pageUrl) ?? pageUrl;
  const metas = tagsOf(html, 'meta');
  const meta = (...keys: string[]) => {
    for (const key of keys) {
      const m = metas.find((t) => (t.property ?? t.name ?? '').toLowerCase() === key && t.content);
      const url = absoluteHttpUrl(m?.content, base);
      if (url) return url;
    }
    return null;
  };
  const og = meta('og:image', 'og:image:secure_url', 'og:image:url');
  if (og) return { url: og, via: 'og:image' };
  const twitter = meta('twitter:image', 'twitter:image:src');
  if (twitter) return { url: twitter, via: 'twitter:image' };
  for (const img of tagsOf(html, 'img')) {
    const src = img.src || img['data-src'];
    if (!src || !img.alt || !altNamesSchool(img.alt, schoolName)) continue;
    if (ICONISH.test(src) || ICONISH.test(img.class ?? '')) continue;
    const w = Number(img.width);
    const h = Number(img.height);
    // Unknown size counts as large only when nothing says it is small.
    if ((img.width && !(w >= LARGE)) || (img.height && !(h >= LARGE / 2))) continue;
    const url = absoluteHttpUrl(src, base);
    if (url) return { url, via: 'img' };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// The batch

export interface ImageResult {
  schoolId: number;
  success: boolean;
  source: string | null;
  imageUrl?: string;
  error?: string;
}

export interface Batch {
  id: string;
  status: 'running' | 'done';
  total: number;
  processed: number;
  updated: number;
  startedAt: string;
  finishedAt: string | null;
  results: ImageResult[];
}

export interface ImageBatchOptions {
  concurrency?: number;
  timeoutMs?: number;
  maxBytes?: number;
  allowPrivate?: boolean;
  /** Who holds the batch lease (default: this process); tests play two processes with two names. */
  holder?: string;
}

export const DEFAULT_BATCH_LIMIT = 100;
export const MAX_BATCH_LIMIT = 5000;

/** The lease held (and renewed) by the process running a batch: one batch at a time across processes. */
export const IMAGE_BATCH_LEASE = 'school-images:batch';
const LEASE_MS = 60_000;
const KEPT_BATCHES = 20;

/**
 * Starts and reports the batches. Progress and results are rows in image_batches and
 * image_batch_results, so any server process (WEB_CONCURRENCY worker) can report a batch that
 * another one runs; one batch runs at a time across processes (a lease).
 */
export class ImageBatches {
  private running: string | null = null;
  /** The promise of this process's running batch (tests await it). */
  current: Promise<void> | null = null;

  private readonly holder: string;

  constructor(private readonly options: ImageBatchOptions = {}) {
    this.holder = options.holder ?? PROCESS_HOLDER;
  }

  get(db: DB, id: string): Batch | undefined {
    const row = db.select().from(imageBatches).where(eq(imageBatches.id, id)).get();
    if (!row) return undefined;
    const results = db.select().from(imageBatchResults).where(eq(imageBatchResults.batchId, id)).orderBy(asc(imageBatchResults.id)).all();
    return {
      id: row.id,
      status: row.status,
      total: row.total,
      processed: row.processed,
      updated: row.updated,
      startedAt: row.startedAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      results: results.map((r) => ({
        schoolId: r.schoolId,
        success: r.success,
        source: r.source,
        ...(r.imageUrl !== null ? { imageUrl: r.imageUrl } : {}),
        ...(r.error !== null ? { error: r.error } : {}),
      })),
    };
  }

  /** Starts a batch over at most `limit` schools, or returns the one already running (in any process). */
  start(db: DB, limit: number): { batch: Batch; alreadyRunning: boolean } {
    if (this.running) return { batch: this.get(db, this.running)!, alreadyRunning: true };
    const now = new Date();
    if (!tryLease(db, IMAGE_BATCH_LEASE, this.holder, LEASE_MS, now.getTime())) {
      // Another process runs one: report it.
      const other = db.select({ id: imageBatches.id }).from(imageBatches).orderBy(desc(imageBatches.startedAt)).limit(1).get();
      if (other) return { batch: this.get(db, other.id)!, alreadyRunning: true };
    }
    const id = randomUUID();
    const targets = db.transaction((tx) => {
      // A batch whose process died (its lease lapsed) is over.
      tx.update(imageBatches).set({ status: 'done', finishedAt: now }).where(eq(imageBatches.status, 'running')).run();
      // Schools tried without success by the kept batches: later batches move on to others.
      const failed = tx.select({ id: imageBatchResults.schoolId }).from(imageBatchResults).where(eq(imageBatchResults.success, false));
      const targets = tx
        .select({ id: schools.id, name: schools.name, website: schools.website })
        .from(schools)
        .where(and(eq(schools.isActive, true), isNull(schools.imageUrl), isNotNull(schools.website), notInArray(schools.id, failed)))
        .orderBy(asc(schools.id))
        .limit(limit)
        .all();
      tx.insert(imageBatches).values({ id, status: 'running', total: targets.length, startedAt: now }).run();
      // Keep the last 20 batches only.
      const kept = tx
        .select({ id: imageBatches.id })
        .from(imageBatches)
        .orderBy(desc(imageBatches.startedAt), desc(imageBatches.id))
        .limit(KEPT_BATCHES);
      tx.delete(imageBatches).where(notInArray(imageBatches.id, kept)).run();
      return targets;
    });
    this.running = id;
    const renew = setInterval(() => tryLease(db, IMAGE_BATCH_LEASE, this.holder, LEASE_MS), LEASE_MS / 4);
    renew.unref();
    const batch = this.get(db, id)!;
    this.current = this.run(db, id, targets).finally(() => {
      clearInterval(renew);
      this.running = null;
      try {
        db.update(imageBatches).set({ status: 'done', finishedAt: new Date() }).where(eq(imageBatches.id, id)).run();
        releaseLease(db, IMAGE_BATCH_LEASE, this.holder);
      } catch {
        // the database was closed meanwhile (shutdown): the next batch closes this one
      }
    });
    return { batch, alreadyRunning: false };
  }

  private async run(db: DB, batchId: string, targets: { id: number; name: string; website: string | null }[]) {
    const fetchOptions: FetchOptions = {
      timeoutMs: this.options.timeoutMs ?? 10_000,
      maxBytes: this.options.maxBytes ?? 1024 * 1024,
      overLimit: 'truncate',
      allowPrivate: this.options.allowPrivate,
      accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8',
    };
    let next = 0;
    const worker = async () => {
      while (next < targets.length) {
        const school = targets[next++];
        const result = await imageForSchool(db, school, fetchOptions);
        db.transaction((tx) => {
          tx.insert(imageBatchResults)
            .values({
              batchId,
              schoolId: result.schoolId,
              success: result.success,
              source: result.source,
              imageUrl: result.imageUrl ?? null,
              error: result.error ?? null,
            })
            .run();
          tx.update(imageBatches)
            .set({ processed: sql`${imageBatches.processed} + 1`, updated: sql`${imageBatches.updated} + ${result.success ? 1 : 0}` })
            .where(eq(imageBatches.id, batchId))
            .run();
        });
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(this.options.concurrency ?? 4, targets.length)) }, worker));
  }
}

async function imageForSchool(
  db: DB,
  school: { id: number; name: string; website: string | null },
  options: FetchOptions,
): Promise<ImageResult> {
  const fail = (error: string): ImageResult => ({ schoolId: school.id, success: false, source: null, error });
  try {
    const page = await fetchText(school.website!, options);
    if (page.contentType && !/html|xml/i.test(page.contentType)) return fail(`not an HTML page (${page.contentType.split(';')[0]})`);
    const found = findSchoolImage(page.text, page.url, school.name);
    if (!found) return fail('no image found');
    // Only a school still without an image (one set by hand meanwhile is kept).
    const changes = db
      .update(schools)
      .set({ imageUrl: found.url, imageSource: IMAGE_SOURCE, updatedAt: new Date() })
      .where(and(eq(schools.id, school.id), isNull(schools.imageUrl)))
      .run().changes;
    if (!changes) return fail('image set meanwhile; kept');
    return { schoolId: school.id, success: true, source: IMAGE_SOURCE, imageUrl: found.url };
  } catch (error) {
    return fail(error instanceof HttpFetchError ? error.message : `failed: ${(error as Error).message}`);
  }
}
