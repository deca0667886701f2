import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'api/**/*.test.ts', 'db/**/*.test.ts', 'web/**/*.test.{ts,tsx}', 'sw/**/*.test.ts', 'e2e/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // expect.poll defaults to 1 s, too short for a render after a server roundtrip when CI runs
    // every test file in parallel on 2 cores: poll for up to 10 s (a per-call timeout still wins).
    expect: { poll: { timeout: 10_000 } },
  },
});
