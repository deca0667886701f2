// `npm run schools:import -- <edubasealldata.csv>`: refresh the schools of DATABASE_PATH from a GIAS
// register extract (docs/operations.md "External data"; api/schools/register-import.ts does the work).
import { readFileSync } from 'node:fs';
import { openDatabase } from '../../db/client';
import { decodeGias, formatSummary, importGias } from '../schools/register-import';
import { loadEnv } from '../env';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run schools:import -- <edubasealldata.csv>');
  process.exit(1);
}
const path = loadEnv().DATABASE_PATH;
try {
  const summary = importGias(openDatabase(path), decodeGias(readFileSync(file)));
  console.log(`GIAS register ${file} → ${path}\n${formatSummary(summary)}`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
