import type { DB } from '../db/client';

/** What every handler can read from the context. */
export interface AppEnv {
  Variables: {
    db: DB;
    /** The clock, injectable so tests can move time (the job board's one-month window). */
    now: () => Date;
    requestId: string;
  };
}
