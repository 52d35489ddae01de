import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'web/tests/**/*.test.ts'],
    exclude: ['web/tests/e2e/**', 'node_modules/**'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Test files share one worker's module cache: measured on the whole suite, half the CPU time (imports of the
    // app, sharp and the AWS SDK were paid once per file) and every test still passing. Tests that need their own
    // configuration build their own app; none relies on a fresh module graph.
    isolate: false,
    // One worker on a 2-core machine (Vitest's default): two saved 10 % of the run but starved the PostgreSQL
    // property tests into their timeouts.
  },
});
