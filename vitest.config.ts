import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'web/tests/**/*.test.ts'],
    exclude: ['web/tests/e2e/**', 'node_modules/**'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Vitest's default on a 2-core machine is one worker; most files wait on PostgreSQL, fakes and child processes,
    // so two keep both cores busy and the CI run under its time budget.
    maxWorkers: 2,
  },
});
