import { defineConfig } from 'vitest/config';

/** Browser tests against the real service in a child process; run with `npm run test:e2e`, not `npm test`. */
export default defineConfig({
  test: {
    include: ['web/tests/e2e/**/*.test.ts'],
    // One Chromium for the run; each file opens its own context in it (browser.ts).
    globalSetup: ['web/tests/e2e/chromium-server.ts'],
    testTimeout: 120_000,
    hookTimeout: 240_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
