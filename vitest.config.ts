import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Three projects: `unit` (API and database tests, each on a copy of one template database built
// once by test/global-setup.ts), `web` (the web app's unit tests) and `e2e` (browser tests against
// the built app, their servers on copies of test/global-setup-e2e.ts's database). `npm test` runs
// all three; `npm run test:unit` only the fast ones (unit + web), `npm run test:e2e` the browser ones.
export default defineConfig({
  test: {
    environment: 'node',
    // Vitest's default (cores - 1) runs every file one after another on a 2-core box. Browser
    // tests spend most of their time waiting (a server, Chromium, the network): two at a time
    // cut the suite from ~320 s to ~230 s there (docs/decisions/1530-test-workers.md).
    // Not when `--maxWorkers` is on the command line: each project inherits this value (extends:
    // true), and vitest takes a project's own value before the command line's, so `--maxWorkers=1`
    // still ran two files at a time.
    maxWorkers: process.argv.some((a) => /^--max-?[wW]orkers\b/.test(a)) ? undefined : Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // expect.poll defaults to 1 s, too short for a render after a server roundtrip when CI runs
    // every test file in parallel on 2 cores: poll for up to 10 s (a per-call timeout still wins).
    expect: { poll: { timeout: 10_000 } },
    // test/flaky-reporter.ts names every test that passed only on its retry (e2e below).
    reporters: ['default', './test/flaky-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          // API, database and support tests: each file builds its own app on its own database,
          // so files share one module cache per worker (isolate: false) instead of importing
          // the whole API again for each of ~40 files (docs/decisions/1531-shared-module-cache.md).
          name: 'unit',
          include: ['api/**/*.test.ts', 'core/**/*.test.ts', 'db/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          setupFiles: ['test/setup-unit.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // The web app's unit tests: module state (Dexie on fake-indexeddb, the toast store,
          // module mocks) is part of what they test, so each file has fresh modules.
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          // Browser tests: one server and Chromium per file, started in its hooks; playwright,
          // axe and the harness are imported once per worker (isolate: false).
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // A browser test on a loaded 2-core box can run at a third of its quiet speed: 60 s each
          // (every action still fails at 12 s naming its locator). One retry, each one reported
          // as flaky by test/flaky-reporter.ts (docs/decisions/1534-one-retry-for-browser-tests.md).
          testTimeout: 60_000,
          retry: 1,
          globalSetup: ['test/global-setup-e2e.ts'],
          // A failed attempt's open pages are saved to e2e/artifacts/failed (e2e/failure-shots.ts).
          setupFiles: ['e2e/failure-shots.ts'],
          isolate: false,
        },
      },
    ],
  },
});
