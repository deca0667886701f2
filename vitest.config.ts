import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['api/**/*.test.ts', 'db/**/*.test.ts', 'web/**/*.test.{ts,tsx}', 'sw/**/*.test.ts', 'e2e/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
