// `npm run db:seed`: migrate and seed the database at DATABASE_PATH (the server also does this at start).
import { openDatabase } from '../client';
import { seed } from './index';

const path = process.env.DATABASE_PATH ?? 'data/app.db';
const demo = process.env.SEED_DEMO !== '0' && process.env.NODE_ENV !== 'production';
const result = seed(openDatabase(path), { demo });
console.log(`Seeded ${path}:`, result);
