import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Two projects: `unit` (unit and API tests, each on a copy of one template database built once by
// test/global-setup.ts) and `e2e` (browser tests against the built app). `npm test` runs both;
// `npm run test:unit` runs only the fast ones, `npm run test:e2e` only the browser ones.
export default defineConfig({
  test: {
    environment: 'node',
    // Vitest's default (cores - 1) runs every file one after another on a 2-core box. Browser
    // tests spend most of their time waiting (a server, Chromium, the network): two at a time
    // cut the suite from ~320 s to ~230 s there (docs/decisions/1530-test-workers.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // expect.poll defaults to 1 s, too short for a render after a server roundtrip when CI runs
    // every test file in parallel on 2 cores: poll for up to 10 s (a per-call timeout still wins).
    expect: { poll: { timeout: 10_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['api/**/*.test.ts', 'db/**/*.test.ts', 'web/**/*.test.{ts,tsx}', 'sw/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
        },
      },
    ],
  },
});
