import { type FxSource } from '../../application/ports/fx-source.ts';
import { fetchJson, pathOf, requireNumber } from './fetch-json.ts';

/** fawazahmed0 currency-api (`/v1/currencies/cny.json`): `cny.rub`. */
export function makeCurrencyApiFxSource(options: { readonly url: string; readonly timeoutMs: number }): FxSource {
  return {
    name: 'currency-api',
    async fetchRate() {
      const document = await fetchJson(options.url, options.timeoutMs);
      return requireNumber(pathOf(document, 'cny', 'rub'), 'cny.rub');
    },
  };
}
