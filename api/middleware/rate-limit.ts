// Per-user limits on contribution writes (in memory, per process): by default 20 a minute and
// 200 a day. Over either limit the answer is 429 `{ error }` with Retry-After (seconds until the
// oldest counted write leaves its window). Requests refused by the limiter are not counted.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';

export interface RateLimitOptions {
  perMinute: number;
  perDay: number;
}

export const DEFAULT_RATE_LIMITS: RateLimitOptions = { perMinute: 20, perDay: 200 };

const MINUTE = 60_000;
const DAY = 86_400_000;

export class RateLimiter {
  /** userId → times (ms) of the writes counted in the last day, oldest first. */
  private readonly hits = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(readonly options: RateLimitOptions = DEFAULT_RATE_LIMITS) {}

  /** Counts a write and answers null, or answers the seconds to wait (nothing counted). */
  take(userId: string, at: number): number | null {
    this.sweep(at);
    const times = (this.hits.get(userId) ?? []).filter((t) => t > at - DAY);
    const lastMinute = times.filter((t) => t > at - MINUTE);
    let waitMs = 0;
    if (lastMinute.length >= this.options.perMinute) {
      waitMs = Math.max(waitMs, lastMinute[lastMinute.length - this.options.perMinute] + MINUTE - at);
    }
    if (times.length >= this.options.perDay) {
      waitMs = Math.max(waitMs, times[times.length - this.options.perDay] + DAY - at);
    }
    if (waitMs > 0) {
      this.hits.set(userId, times);
      return Math.max(1, Math.ceil(waitMs / 1000));
    }
    times.push(at);
    this.hits.set(userId, times);
    return null;
  }

  /** Drops users with no write in the last day (at most once a minute). */
  private sweep(at: number) {
    if (at - this.lastSweep < MINUTE) return;
    this.lastSweep = at;
    for (const [userId, times] of this.hits) {
      if (!times.length || times[times.length - 1] <= at - DAY) this.hits.delete(userId);
    }
  }
}

/** Limits the signed-in user's writes; place after requireUser. Without a limiter in the context it lets everything through. */
export const rateLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const limiter = c.get('rateLimiter');
  const user = c.get('user');
  if (limiter && user) {
    const wait = limiter.take(user.id, c.get('now')().getTime());
    if (wait !== null) {
      c.header('Retry-After', String(wait));
      return c.json({ error: 'Too many submissions. Please wait a moment and try again.' }, 429);
    }
  }
  await next();
};
