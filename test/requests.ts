// Test helper for the write API: one call shape for every request, with the session cookie,
// a JSON body (or a raw one) and an optional Idempotency-Key.
import type { Hono } from 'hono';
import type { AppEnv } from '../api/context';

export interface CallOptions {
  cookie?: string;
  /** JSON-encoded as the body. */
  body?: unknown;
  /** Sent as is (with Content-Type application/json unless contentType says otherwise). */
  raw?: string;
  contentType?: string;
  key?: string;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  body: any;
}

export function caller(app: Hono<AppEnv>) {
  return async (method: string, path: string, options: CallOptions = {}): Promise<CallResult> => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.cookie) headers.Cookie = options.cookie;
    if (options.key !== undefined) headers['Idempotency-Key'] = options.key;
    let body: string | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['Content-Type'] = options.contentType ?? 'application/json';
    const res = await app.request(path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, headers: res.headers, body: parsed };
  };
}
