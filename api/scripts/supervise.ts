// The first bundle `npm start` runs (api/scripts/start.mjs, decision 0009): with LITESTREAM_REPLICA_URL
// set, and not yet under Litestream, it restores the database if need be and runs the server under
// `litestream replicate -exec`, in a process that loads nothing of the server (its packages take
// most of a start). Otherwise it answers false and start.mjs runs the server in this process.
import { loadEnv } from '../env';
import { runUnderLitestream } from '../replication/litestream';

export function superviseIfReplicated(): boolean {
  const env = loadEnv();
  if (!env.LITESTREAM_REPLICA_URL || env.TILT_UNDER_LITESTREAM) return false;
  void runUnderLitestream(env.DATABASE_PATH, env.LITESTREAM_REPLICA_URL);
  return true;
}
