import { type FieldProblem, invalid } from '../common/errors.ts';
import { type Product } from './product-fields.ts';
import { type PublishMode } from './product-values.ts';

/**
 * Follow-selling (docs/decisions.md, Follow-selling): a product collected from the marketplace's own page may be
 * offered on that card (`copy`) instead of a card of its own (`create`). Its SKU is the marketplace source's item id,
 * the number at the end of the page's URL path.
 */

/** A marketplace SKU: a positive whole number that fits the marketplace's int64 (and ours, exactly). */
export const isMarketSku = (text: string): boolean => /^[1-9]\d{0,15}$/.test(text) && Number.isSafeInteger(Number(text));

/** The item id of the product's marketplace source (its own `source_item_id` when its first source is the marketplace); null without one. */
export function marketSkuText(product: Pick<Product, 'source_platform' | 'source_item_id' | 'sources'>): string | null {
  if (product.source_platform === 'ozon') return product.source_item_id.trim();
  return product.sources.find((source) => source.platform === 'ozon')?.item_id.trim() ?? null;
}

/** The SKU a copy is made of, or null when the product has no marketplace source with a valid SKU. */
export function marketSkuOf(product: Pick<Product, 'source_platform' | 'source_item_id' | 'sources'>): number | null {
  const text = marketSkuText(product);
  return text !== null && isMarketSku(text) ? Number(text) : null;
}

/** A new collected product starts as a copy when its page is the marketplace's with a SKU; every other product is a full card. */
export const initialPublishMode = (product: Pick<Product, 'source_platform' | 'source_item_id' | 'sources'>): PublishMode =>
  product.source_platform === 'ozon' && marketSkuOf(product) !== null ? 'copy' : 'create';

/** Why a product cannot be a copy (a marketplace source with a positive whole SKU is needed), as problems at `path`. */
export function copyModeProblems(product: Pick<Product, 'source_platform' | 'source_item_id' | 'sources'>, path = 'publish_mode'): FieldProblem[] {
  const text = marketSkuText(product);
  if (text === null) return [{ path, message: '只有从平台商品页采集的商品才能跟卖（需要平台来源和它的 SKU），请改用「创建新卡片」' }];
  if (text === '') return [{ path, message: '跟卖需要平台商品的 SKU（来源商品编号），当前为空' }];
  if (!isMarketSku(text)) return [{ path, message: `跟卖需要平台商品的 SKU 为正整数，当前为「${text.slice(0, 40)}」` }];
  return [];
}

/** A PATCH that leaves the product a copy without a valid SKU is refused (422) and changes nothing. */
export function assertPublishMode(product: Product): void {
  if (product.publish_mode !== 'copy') return;
  const problems = copyModeProblems(product);
  if (problems.length === 0) return;
  const code = marketSkuText(product) === null || marketSkuText(product) === '' ? 'COPY_WITHOUT_SKU' : 'COPY_SKU_INVALID';
  throw invalid(
    code,
    problems[0]!.message,
    problems.map((problem) => ({ ...problem, path: `/${problem.path}` })),
  );
}

/** One rouble amount of a price text: thousands apart by plain, thin or non-breaking spaces, an optional decimal part. */
const AMOUNT = /(\d{1,3}(?:[ \u00a0\u2009\u202f]\d{3})+|\d+)(?:[.,](\d{1,2}))?\s*(?:₽|руб\.?)/gi;
const amountOf = (whole: string, decimals: string | undefined): number | null => {
  const value = Number(`${whole.replace(/[ \u00a0\u2009\u202f]/g, '')}.${decimals ?? '0'}`);
  return value > 0 && value < 1e9 ? value : null;
};

/**
 * The marketplace page's price in roubles from its `price` text: the price a buyer without the marketplace's own card
 * pays. The text is one amount (`1 299 ₽`, `1 299,50 ₽`, thin and non-breaking spaces as thousands separators), or
 * the price widget's whole text, where the card price comes with «c Ozon Картой» and the first amount after it (or,
 * without a card price, the first amount of a «без Ozon Карты» block) is the price without the card. Null otherwise.
 */
export function parseMarketPriceRub(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u2009\u202f]/g, '').replace(/(₽|руб\.?|RUB)$/i, '');
  const single = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(compact);
  if (single) return amountOf(single[1]!, single[2]);
  const withCard = /[cс]\s*Ozon\s*Карт\S*/i.exec(text);
  const from = withCard ? withCard.index + withCard[0].length : /без\s*Ozon\s*Карт/i.test(text) ? 0 : -1;
  if (from < 0) return null;
  const next = [...text.slice(from).matchAll(AMOUNT)][0];
  return next ? amountOf(next[1]!, next[2]) : null;
}

/** The first collected `price` text of a marketplace page, parsed; null when there is none or it does not parse. */
export function collectedMarketPrice(texts: readonly { readonly kind: string; readonly content: string }[]): number | null {
  const price = texts.find((text) => text.kind === 'price' && text.content.trim());
  return price ? parseMarketPriceRub(price.content) : null;
}

/** A warning (never a refusal) when our price in roubles is above the marketplace page's. */
export function marketPriceWarnings(product: Pick<Product, 'market_price_rub'>, ourPriceRub: number | null): FieldProblem[] {
  const market = product.market_price_rub;
  if (market === null || ourPriceRub === null || !(ourPriceRub > market)) return [];
  return [{ path: 'price', message: `我们的售价 ${ourPriceRub} ₽ 高于平台页面上的售价 ${market} ₽，跟卖时可能卖不出去` }];
}
