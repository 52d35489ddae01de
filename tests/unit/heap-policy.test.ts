import { describe, expect, it } from 'vitest';
import { applyHeapPolicy, HEAP_GROWING_PERCENT } from '../../src/infrastructure/heap-policy.ts';

// What the policy does to memory is measured by bench/sections/25-backlog.ts (RSS after the loads); here: who decides.
describe('heap policy', () => {
  it('sets the heap growing factor when the command line leaves it to V8', () => {
    expect(applyHeapPolicy(['--import', 'tsx'])).toBe(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  });

  it.each([['--heap-growing-percent=100'], ['--heap-growing-percent', '100']])('leaves an operator’s own choice alone (%s)', (...execArgv) => {
    expect(applyHeapPolicy(execArgv)).toBeUndefined();
  });
});
