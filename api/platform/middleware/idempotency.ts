// Idempotency-Key for writes (decision 0201). The first request with a key claims it by
// inserting (userId, key) with status null, synchronously, before anything else can run; the
// primary key makes the claim atomic. When the handler answers 2xx the status and body are
// stored, and any repeat with the same key and user gets that answer back and writes nothing.
// A repeat that arrives while the first is still in flight waits for it (up to WAIT_MS, then 409
// with Retry-After). A refusal (4xx) or fault (5xx) releases the key: nothing is kept, and a
// retry is judged afresh. Keys are kept for KEEP_MS (7 days) and cleaned after.
// The claim stores a sha256 of method, path and body: the same key reused for another request
// (another body, or another route) answers 422 and runs nothing (decision 1404).
import { createHash } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { DB } from '../../../db/client';
import { idempotencyKeys } from '../../../db/schema';
import type { AppEnv } from '../../context';

export const KEEP_MS = 7 * 86_400_000;
/** An in-flight claim older than this is taken to be abandoned (the process died) and is taken over. */
export const ABANDONED_MS = 120_000;
export const WAIT_MS = 10_000;
const POLL_MS = 15;
const CLEAN_EVERY_MS = 3_600_000;
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

const lastCleaned = new WeakMap<DB, number>();

/** Deletes keys older than KEEP_MS (at most once an hour per database). */
export function cleanIdempotencyKeys(db: DB, now: Date, force = false) {
  const at = now.getTime();
  if (!force && at - (lastCleaned.get(db) ?? 0) < CLEAN_EVERY_MS) return 0;
  lastCleaned.set(db, at);
  return db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(at - KEEP_MS)))
    .run().changes;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Claim = { kind: 'claimed' } | { kind: 'replay'; status: number; body: string } | { kind: 'busy' } | { kind: 'mismatch' };

/** sha256 of the request as the key binds it: method, path and the exact body. */
export function requestHash(method: string, path: string, body: string): string {
  return createHash('sha256').update(`${method}\n${path}\n`).update(body).digest('hex');
}

function claim(db: DB, userId: string, key: string, method: string, path: string, hash: string, now: Date): Claim {
  return db.transaction((tx) => {
    const inserted = tx
      .insert(idempotencyKeys)
      .values({ userId, key, method, path, requestHash: hash, status: null, body: null, createdAt: now })
      .onConflictDoNothing()
      .run();
    if (inserted.changes === 1) return { kind: 'claimed' } as const;
    const row = tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
      .get();
    if (!row) return { kind: 'busy' } as const; // released between the two statements: try again
    // Rows from before the hash was stored (null) are judged by method and path only.
    if (row.method !== method || row.path !== path || (row.requestHash !== null && row.requestHash !== hash))
      return { kind: 'mismatch' } as const;
    if (row.status !== null) return { kind: 'replay', status: row.status, body: row.body ?? '' } as const;
    if (now.getTime() - row.createdAt.getTime() >= ABANDONED_MS || row.createdAt.getTime() > now.getTime() + ABANDONED_MS) {
      tx.update(idempotencyKeys)
        .set({ createdAt: now })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.status)))
        .run();
      return { kind: 'claimed' } as const;
    }
    return { kind: 'busy' } as const;
  });
}

/**
 * Makes a write idempotent per (user, Idempotency-Key). Place after requireUser and before the
 * validators and the handler. Requests without the header pass through unchanged.
 */
export const idempotency: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = c.req.header('Idempotency-Key');
  const user = c.get('user');
  if (key === undefined || !user) return next();
  if (!KEY_PATTERN.test(key)) {
    return c.json({ error: 'Invalid Idempotency-Key', fields: { 'Idempotency-Key': 'Must be 1 to 200 visible ASCII characters' } }, 400);
  }
  const db = c.get('db');
  const method = c.req.method;
  const path = c.req.path;
  // Read (and cached by Hono for the validators) before the claim; the body limit still applies.
  const hash = requestHash(method, path, await c.req.text());
  const started = Date.now();
  for (;;) {
    const result = claim(db, user.id, key, method, path, hash, c.get('now')());
    if (result.kind === 'claimed') break;
    if (result.kind === 'replay') {
      return new Response(result.body, {
        status: result.status,
        headers: { 'Content-Type': 'application/json; charset=UTF-8', 'Idempotent-Replayed': 'true', 'Cache-Control': 'no-store' },
      });
    }
    if (result.kind === 'mismatch') {
      return c.json({ error: 'This Idempotency-Key was already used for a different request (another address or body)' }, 422);
    }
    if (Date.now() - started >= WAIT_MS) {
      c.header('Retry-After', '1');
      return c.json({ error: 'A request with this Idempotency-Key is still being processed' }, 409);
    }
    await sleep(POLL_MS);
  }

  const where = and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, key));
  try {
    await next();
  } catch (error) {
    db.delete(idempotencyKeys).where(where).run();
    throw error;
  }
  const status = c.res.status;
  if (status >= 200 && status < 300) {
    const body = await c.res.clone().text();
    db.update(idempotencyKeys).set({ status, body }).where(where).run();
  } else {
    db.delete(idempotencyKeys).where(where).run();
  }
  cleanIdempotencyKeys(db, c.get('now')());
};
