// The one write path of the web app. Every contribution and save goes through `send()`, which
// gives it an Idempotency-Key when the user presses submit. The offline layer (outbox) plugs in
// here, so screens never change when writes start being queued.
import { ApiRequestError } from './client';

export type SubmissionKind = 'review' | 'interview' | 'salary' | 'mood' | 'save-job' | 'unsave-job' | 'thread' | 'post' | 'moderation' | 'admin';

export interface SendRequest {
  kind: SubmissionKind;
  method: 'POST' | 'PUT' | 'DELETE';
  /** API path, e.g. `/api/schools/12/reviews`. */
  path: string;
  body?: unknown;
  /** A short human label for the item ("Review of Westminster City School"). */
  label?: string;
}

export type SendResult<T = unknown> = { status: 'sent'; data: T } | { status: 'queued'; key: string };

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** Sends now. Throws ApiRequestError for an answer that is not ok (401, 400 with fields, …). */
export async function send<T = unknown>(request: SendRequest, key = newIdempotencyKey()): Promise<SendResult<T>> {
  const res = await fetch(request.path, {
    method: request.method,
    credentials: 'include',
    headers: { 'Idempotency-Key': key, ...(request.body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    body: request.body !== undefined ? JSON.stringify(request.body) : undefined,
  });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  if (!res.ok) throw new ApiRequestError(res.status, body as ApiRequestError['body'], text || res.statusText);
  return { status: 'sent', data: body as T };
}
