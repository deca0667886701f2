// One error handler, one JSON shape: `{ error, fields? }`. A client's mistake is a 4xx; only a
// real fault is a 500, and its details stay in the log.
import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../../context';
import { ApiError } from '../http-error';

export const onError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof ApiError) return c.json(err.body, err.status);
  if (err instanceof HTTPException) {
    const status = err.status;
    const message = status === 413 ? 'Request body too large' : err.message || 'Request refused';
    return c.json({ error: message }, status);
  }
  if (err instanceof SyntaxError) return c.json({ error: 'Malformed JSON' }, 400);
  // decodeURIComponent on a path such as /%ZZ: the client's mistake, not a fault (nothing logged).
  if (err instanceof URIError) return c.json({ error: 'Malformed address: invalid percent-encoding' }, 400);
  console.error(`[${c.get('requestId') ?? '-'}] ${c.req.method} ${c.req.path}`, err);
  return c.json({ error: 'Internal server error' }, 500);
};

export const apiNotFound: NotFoundHandler<AppEnv> = (c) => c.json({ error: 'Not found' }, 404);
