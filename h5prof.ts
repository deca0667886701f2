import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import * as schema from './db/schema';
import { createApp } from './api/app';
const path = process.argv[2];
const sqlite = new Database(path); sqlite.pragma('journal_mode = WAL');
const db = drizzle({ client: sqlite, schema }) as any;
const app = createApp({ db, rateLimit: false });
const routes = process.argv.slice(3);
for (const r of routes) {
  const t: number[] = [];
  let res: Response | undefined;
  for (let i = 0; i < 15; i++) { const s = performance.now(); res = await app.request(r); await res.text(); t.push(performance.now() - s); }
  t.sort((a, b) => a - b);
  console.log(r.padEnd(60), res!.status, 'p50', t[7].toFixed(1), 'max', t[14].toFixed(1), res!.headers.get('x-total-count'));
}
