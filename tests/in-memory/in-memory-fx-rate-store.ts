import { type AcceptedRate, type FxRateStore } from '../../src/application/ports/fx-rate-store.ts';
import { copy } from './catalog-state.ts';

/** The FxRateStore in memory; passes tests/contract/fx-rate-store.test.ts. */
export function makeInMemoryFxRateStore(): FxRateStore {
  let saved: AcceptedRate | undefined;
  return {
    lastGood: async () => (saved ? copy(saved) : undefined),
    async save(rate) {
      saved = copy(rate);
    },
  };
}
