// `npm run alerts:send`: one pass of job alerts and closing-date reminders, then exit (cron or an operator).
import { openDatabase } from '../../db/client';
import { loadEnv } from '../env';
import { runAlertsPass } from '../alerts/sender/pass';
import { alertsDepsFromEnv } from '../alerts/sender/setup';

const env = loadEnv();
// Beside a replicated server, Litestream alone checkpoints (decision 0009).
const db = openDatabase(env.DATABASE_PATH, { checkpoints: env.LITESTREAM_REPLICA_URL ? 'litestream' : 'sqlite' });
const { deps, warnings } = alertsDepsFromEnv(db, env);
for (const w of warnings) console.warn(w);
const r = await runAlertsPass(db, deps, new Date());
console.log(
  `Alerts: ${r.alertsDue} due, ${r.alertsSent} sent (${r.jobsSent} jobs), ${r.emails} emails, ${r.pushes} push, ${r.reminders} reminders, ${r.subscriptionsRemoved} devices removed, ${r.failures} failures, ${r.deferred} left for the next pass`,
);
db.$client.close();
process.exit(r.failures > 0 ? 1 : 0);
