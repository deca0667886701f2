// A built app as Vite writes it (dist/index.html and dist/.vite/manifest.json), for tests of the
// server renderer that need no build: the shell with its default title and description, the
// entry script and stylesheet, plus whatever extra head tags and manifest entries a test asks for.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DB } from '../db/client';
import { createApp } from '../api/app';

export function fakeDist(options: { head?: string; manifest?: Record<string, unknown> } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'tilt-dist-'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Default description" />
    <title>Teachers In London Talk</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>${options.head ?? ''}
    <link rel="stylesheet" crossorigin href="/assets/index.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`,
  );
  mkdirSync(join(dir, '.vite'));
  writeFileSync(
    join(dir, '.vite', 'manifest.json'),
    JSON.stringify({ 'main.tsx': { file: 'assets/index-abc.js', isEntry: true }, ...options.manifest }),
  );
  return dir;
}

/**
 * The app over `db` at the time `now()` says, serving its pages as the server renders them
 * (web/entry-server) from a fake build at https://teachers.example; `options` add to or change that.
 */
export function renderingApp(db: DB, now: () => Date, options: Partial<Parameters<typeof createApp>[0]> = {}) {
  return createApp({
    db,
    now,
    distDir: fakeDist(),
    appUrl: 'https://teachers.example',
    pageRenderer: () => import('../web/entry-server'),
    ...options,
  });
}
