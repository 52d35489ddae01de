import { type FxSource } from '../../application/ports/fx-source.ts';
import { fetchJson, pathOf, requireNumber } from './fetch-json.ts';

/** ExchangeRate-API open access (`/v6/latest/CNY`): `rates.RUB`, only when `result` is `success`. */
export function makeErApiFxSource(options: { readonly url: string; readonly timeoutMs: number }): FxSource {
  return {
    name: 'er-api',
    async fetchRate() {
      const document = await fetchJson(options.url, options.timeoutMs);
      const result = pathOf(document, 'result');
      if (result !== 'success') throw new Error(`result is ${JSON.stringify(result)}`);
      return requireNumber(pathOf(document, 'rates', 'RUB'), 'rates.RUB');
    },
  };
}
