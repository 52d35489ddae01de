import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'web/tests/**/*.test.ts'],
    exclude: ['web/tests/e2e/**', 'node_modules/**'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // One worker on a 2-core machine (Vitest's default): two saved 10 % of the run but starved the PostgreSQL
    // property tests into their timeouts.
  },
});
