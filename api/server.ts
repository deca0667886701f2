// Entry point: read the environment, open (create, migrate, seed) the database, listen.
import { existsSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { openDatabase } from '../db/client';
import { seed } from '../db/seed/index';
import { createApp, DEFAULT_DIST_DIR } from './app';
import { parseEnv } from './env';

if (existsSync('.env')) process.loadEnvFile('.env');

let env;
try {
  env = parseEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const db = openDatabase(env.DATABASE_PATH);
const seeded = seed(db, { demo: env.seedDemo });
console.log(`Database ${env.DATABASE_PATH}: ${seeded.schools} schools, ${seeded.payScales} pay-scale rows${seeded.demo ? ', demo layer added' : ''}`);

const app = createApp({
  db,
  distDir: env.DIST_DIR ?? DEFAULT_DIST_DIR,
  logRequests: env.logRequests,
  adminEmails: env.ADMIN_EMAILS,
  production: env.NODE_ENV === 'production',
  https: env.appUrl.startsWith('https:'),
});
const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  console.log(`Teachers In London Talk listening on http://localhost:${info.port}`);
});

function shutdown(signal: string) {
  console.log(`${signal}: closing`);
  server.close(() => {
    db.$client.close();
    process.exit(0);
  });
  setTimeout(() => process.exit(0), 3000).unref();
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
