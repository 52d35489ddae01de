import { type FxSource } from '../../application/ports/fx-source.ts';
import { fetchJson, pathOf, requireNumber } from './fetch-json.ts';

/**
 * The Bank of Russia rate via the cbr-xml-daily JSON mirror: `Valute.CNY.Value / Valute.CNY.Nominal`
 * (the nominal has been 10 historically and 1 recently, so always divide).
 */
export function makeCbrFxSource(options: { readonly url: string; readonly timeoutMs: number }): FxSource {
  return {
    name: 'cbr',
    async fetchRate() {
      const document = await fetchJson(options.url, options.timeoutMs);
      const value = requireNumber(pathOf(document, 'Valute', 'CNY', 'Value'), 'Valute.CNY.Value');
      const nominal = requireNumber(pathOf(document, 'Valute', 'CNY', 'Nominal'), 'Valute.CNY.Nominal');
      if (nominal <= 0) throw new Error('Valute.CNY.Nominal is not positive');
      return value / nominal;
    },
  };
}
