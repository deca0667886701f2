// The server's entry: the API's server (api/server.ts) with the web app's page renderer handed in.
// This is the one place where the server meets web/ (decision 0019): api/ imports nothing of it.
// `npm run dev:api` runs this file; `npm run build` bundles it into dist/server/server.mjs, which
// `npm start` and the browser tests run. The renderer stays an import(): a cluster's primary,
// which only migrates and supervises, never loads it.
import { startServer } from './api/server';

await startServer(() => import('./web/entry-server'));
