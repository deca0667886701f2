import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The one error shape of the API: `{ error, fields? }`. */
export interface ErrorBody {
  error: string;
  fields?: Record<string, string>;
}

/** Throw from a handler to answer `status` with `{ error, fields }`. */
export class ApiError extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    readonly body: ErrorBody,
  ) {
    super(status, { message: body.error });
  }
}

export const notFound = (what: string) => new ApiError(404, { error: `${what} not found` });
