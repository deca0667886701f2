// `npm run db:seed`: migrate and seed the database at DATABASE_PATH (the server also does this at start).
// Demo contributions as the server decides them: SEED_DEMO, by default on outside production.
import { openDatabase } from '../../db/client';
import { seed } from '../../db/seed/index';
import { loadEnv } from '../env';

const env = loadEnv();
const result = seed(openDatabase(env.DATABASE_PATH), { demo: env.seedDemo });
console.log(`Seeded ${env.DATABASE_PATH}:`, result);
