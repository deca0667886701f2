// `npm run salaries:publish`: runs the salary batch now (decision 1420) on DATABASE_PATH. The
// server also runs it daily; this is for operators (e.g. after an import) and for checking.
import { existsSync } from 'node:fs';
import { openDatabase } from '../../db/client';
import { publishSalaries } from '../salaries/salaries.service';

if (existsSync('.env')) process.loadEnvFile('.env');
const db = openDatabase(process.env.DATABASE_PATH || 'data/app.db');
const r = publishSalaries(db, new Date());
console.log(`Salary batch: ${r.published} published, ${r.heldBack} held back`);
db.$client.close();
