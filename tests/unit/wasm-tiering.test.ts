import { describe, expect, it } from 'vitest';
import { applyWasmTiering, WASM_TIERING_FLAGS } from '../../src/infrastructure/wasm-tiering.ts';

// What staying on Liftoff saves is measured by bench/sections/22-video.ts (the first 100 MB video after start); here: who decides.
describe('WebAssembly tiering', () => {
  it('keeps WebAssembly on the baseline compiler when the command line leaves it to V8', () => {
    expect(applyWasmTiering(['--import', 'tsx'])).toEqual(['--no-wasm-tier-up', '--no-wasm-dynamic-tiering']);
    expect(WASM_TIERING_FLAGS).toContain('--no-wasm-dynamic-tiering');
  });

  it.each([['--wasm-dynamic-tiering'], ['--no-wasm-tier-up'], ['--liftoff-only'], ['--wasm_tier_up'], ['--wasm-tier-up=false']])(
    'leaves an operator’s own choice alone (%s)',
    (flag) => {
      expect(applyWasmTiering(['--import', 'tsx', flag])).toEqual([]);
    },
  );

  it('is not fooled by unrelated flags that merely contain the words', () => {
    expect(applyWasmTiering(['--trace-wasm-tier-up-x', '--heap-growing-percent=50'])).toHaveLength(2);
  });
});
