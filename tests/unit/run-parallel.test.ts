import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// tools/run-parallel.ts gates `npm test`'s static checks: a check that fails must fail the run.
describe('running npm scripts side by side', () => {
  it('fails when any script fails, and names it', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'tools/run-parallel.ts', 'no-such-script-for-this-test'], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('> no-such-script-for-this-test: failed');
  });

  it('succeeds when every script succeeds', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'tools/run-parallel.ts'], { encoding: 'utf8' });
    expect(run.status).toBe(0);
  });
});
