// `npm run backup -- <file>`: an online backup of the live database (DATABASE_PATH, default
// data/app.db) while the server keeps running. See docs/operations.md "Backups" for a schedule.
import { backupDatabase } from '../../db/ops';
import { loadEnv } from '../env';

if (process.argv.length < 3) {
  console.error('Usage: npm run backup -- <file>   (DATABASE_PATH selects the database, default data/app.db)');
  process.exit(2);
}
const source = loadEnv().DATABASE_PATH;
try {
  const r = await backupDatabase(source, process.argv[2]);
  console.log(`Backed up ${source} to ${r.file}: ${r.bytes} bytes, ${r.pages} pages, integrity ${r.integrity}`);
  console.log(JSON.stringify(r.tables));
  console.log(r.media ? `Photos: ${r.media.files} files copied to ${r.media.folder}` : 'Photos: no media folder beside the database');
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exit(1);
}
