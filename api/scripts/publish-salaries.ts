// `npm run salaries:publish`: runs the salary batch now (decision 1420) on DATABASE_PATH. The
// server also runs it daily; this is for operators (e.g. after an import) and for checking.
import { openDatabase } from '../../db/client';
import { loadEnv } from '../env';
import { publishSalaries } from '../salaries/salaries.service';

const env = loadEnv();
// Beside a replicated server, Litestream alone checkpoints (decision 0009).
const db = openDatabase(env.DATABASE_PATH, { checkpoints: env.LITESTREAM_REPLICA_URL ? 'litestream' : 'sqlite' });
const r = publishSalaries(db, new Date());
console.log(`Salary batch: ${r.published} published, ${r.heldBack} held back`);
db.$client.close();
