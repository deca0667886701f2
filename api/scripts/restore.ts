// `npm run restore -- <file>`: replaces DATABASE_PATH (default data/app.db) with a backup. Refuses
// while the server runs on it and when the backup fails integrity_check; keeps the old file aside.
import { restoreDatabase } from '../../db/ops';
import { loadEnv } from '../env';

if (process.argv.length < 3) {
  console.error('Usage: npm run restore -- <backup file>   (stop the server first; DATABASE_PATH selects the database)');
  process.exit(2);
}
const target = loadEnv().DATABASE_PATH;
try {
  const r = restoreDatabase(process.argv[2], target);
  console.log(`Restored ${r.restored} from ${r.from}${r.previous ? `; the previous database is kept at ${r.previous}` : ''}`);
  console.log(JSON.stringify(r.tables));
  if (r.media)
    console.log(`Photos: ${r.media.files} files restored${r.media.previous ? `; the previous folder is kept at ${r.media.previous}` : ''}`);
  else console.log('Photos: the backup has no media folder; the current one is left as it is');
} catch (error) {
  console.error(`Restore refused: ${(error as Error).message}`);
  process.exit(1);
}
