import { defineConfig } from 'vitest/config';

/**
 * Tests that start real service processes and wait on them (leases, restarts, start-up) run in a worker of their own,
 * so no other file's module state can reach them — and in `npm test`'s second lane, beside the in-process suite,
 * since they mostly wait while the suite mostly computes. (The two-instance test's stalls on CI were a race in the
 * test itself — it asked the CDN to hold too late on a fast run — now fixed with `holdAfter`.)
 */
const OWN_WORKER = [
  'tests/integration/two-instances.test.ts',
  'tests/integration/two-instances-stop.test.ts',
  'tests/integration/backup-restore.test.ts',
  'tests/integration/publish-kill.test.ts',
  'tests/integration/stock-kill.test.ts',
  'tests/integration/publish-settling.test.ts',
  'tests/integration/accounts-processes.test.ts',
  'tests/integration/service-process.test.ts',
  'tests/integration/intake-crash.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // PostgreSQL schemas emptied for reuse by the next test are dropped at the end of each file (fresh-databases.ts).
    setupFiles: ['tests/helpers/drop-idle-schemas.ts'],
    // One worker on a 2-core machine (Vitest's default): two saved 10 % of the run but starved the PostgreSQL
    // property tests into their timeouts.
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['tests/**/*.test.ts', 'web/tests/**/*.test.ts'],
          exclude: ['web/tests/e2e/**', 'node_modules/**', ...OWN_WORKER],
          // Test files share one worker's module cache: measured on the whole suite, half the CPU time (imports of
          // the app, sharp and the AWS SDK were paid once per file).
          isolate: false,
        },
      },
      { extends: true, test: { name: 'own-worker', include: OWN_WORKER, isolate: true } },
    ],
  },
});
