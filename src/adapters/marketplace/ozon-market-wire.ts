import { type DeleteOutcome } from '../../application/ports/marketplace.ts';
import { DomainError } from '../../domain/common/errors.ts';
import { type MarketCardInfo } from '../../domain/publishing/market-state.ts';
import { type ContentRating, type MarketPriceInfo, priceIndexOf } from '../../domain/pricing/market-prices.ts';
import { OzonHttpError } from './ozon-errors.ts';
import { isObj, list, num, str } from './ozon-wire.ts';

/**
 * The answers of the methods after an import (`/v3/product/info/list` read whole, `/v1/product/archive`,
 * `/v1/product/unarchive`, `/v2/products/delete`), schemas in tests/reference/ozon-openapi-after-import.json.
 */

const errorOf = (raw: Record<string, unknown>) => {
  const texts = isObj(raw.texts) ? raw.texts : {};
  return {
    code: str(raw.code),
    field: str(raw.field),
    attribute_id: num(raw.attribute_id),
    level: str(raw.level),
    message: str(texts.message) || str(texts.short_description) || str(texts.description),
    attribute_name: str(texts.attribute_name),
  };
};

/** `v3GetProductInfoListResponse` items: what the sweep needs of each card (statuses, errors, archive, stock, visibility). */
export const readCardInfos = (body: unknown): MarketCardInfo[] =>
  list(body, ['items'], 'product info')
    .filter(isObj)
    .filter((raw) => str(raw.offer_id) !== '' && num(raw.id) > 0)
    .map((raw) => {
      const statuses = isObj(raw.statuses) ? raw.statuses : {};
      const stocks = isObj(raw.stocks) ? raw.stocks : {};
      const visibility = isObj(raw.visibility_details) ? raw.visibility_details : {};
      const status = str(statuses.status);
      return {
        offer_id: str(raw.offer_id),
        product_id: String(num(raw.id)),
        sku: num(raw.sku) > 0 ? String(num(raw.sku)) : null,
        is_created: statuses.is_created === true,
        status,
        moderate_status: str(statuses.moderate_status),
        is_archived: raw.is_archived === true,
        is_autoarchived: raw.is_autoarchived === true,
        has_stock: stocks.has_stock === true || visibility.has_stock === true,
        visible: visibility.has_price !== false && status === 'active',
        errors: Array.isArray(raw.errors) ? raw.errors.filter(isObj).map(errorOf) : [],
      };
    });

/** `productBooleanResponse`: `{result: true}`, anything else a 502. */
export function readBoolean(body: unknown, what: string): void {
  if (!isObj(body) || body.result !== true) throw new DomainError('upstream_failed', 'MARKETPLACE_REFUSED', `Ozon 未完成${what}（平台返回 result=false）`);
}

/** `productv2DeleteProductsResponse`: each offer deleted, or the marketplace's reason. */
export const readDeleted = (body: unknown): DeleteOutcome[] =>
  list(body, ['status'], 'delete status')
    .filter(isObj)
    .map((raw) => ({ offer_id: str(raw.offer_id), is_deleted: raw.is_deleted === true, error: str(raw.error) }));

/**
 * The unarchive limit (`autoarchive_restore_failed`: cards archived automatically, 10 a day) as a 409 explained in
 * Chinese; other failures are left to the usual mapping.
 */
export function unarchiveRefusal(error: unknown): DomainError | undefined {
  if (!(error instanceof OzonHttpError) || !/autoarchive_restore_failed/i.test(error.ozonMessage)) return undefined;
  return new DomainError(
    'conflict',
    'UNARCHIVE_LIMIT_REACHED',
    `平台自动归档的商品每天最多恢复 10 个，今天的次数已用完；请在莫斯科时间 03:00 之后再试（平台信息：${error.ozonMessage}）`,
  );
}

/** `productv5GetProductInfoPricesV5Response` items: commissions, acquiring, price and its index. */
export const readMarketPrices = (body: unknown): MarketPriceInfo[] =>
  list(body, ['items'], 'prices')
    .filter(isObj)
    .filter((raw) => str(raw.offer_id) !== '')
    .map((raw) => {
      const commissions = isObj(raw.commissions) ? raw.commissions : {};
      const price = isObj(raw.price) ? raw.price : {};
      const indexes = isObj(raw.price_indexes) ? raw.price_indexes : {};
      return {
        offer_id: str(raw.offer_id),
        price: num(price.price),
        currency_code: str(price.currency_code) || 'RUB',
        sales_percent_fbs: num(commissions.sales_percent_fbs),
        sales_percent_rfbs: num(commissions.sales_percent_rfbs),
        acquiring: num(raw.acquiring),
        fbs_deliv_to_customer_amount: num(commissions.fbs_deliv_to_customer_amount),
        price_index: priceIndexOf(str(indexes.color_index)),
      };
    });

/** `v1GetProductRatingBySkuResponse`: the rating 0–100 per SKU and each group's attributes that would raise it. */
export const readContentRatings = (body: unknown): ContentRating[] =>
  list(body, ['products'], 'rating')
    .filter(isObj)
    .filter((raw) => num(raw.sku) > 0)
    .map((raw) => ({
      sku: String(num(raw.sku)),
      rating: Math.min(100, Math.max(0, num(raw.rating))),
      groups: (Array.isArray(raw.groups) ? raw.groups : []).filter(isObj).map((group) => ({
        key: str(group.key),
        name: str(group.name),
        rating: num(group.rating),
        improve_at_least: num(group.improve_at_least),
        improve_attributes: (Array.isArray(group.improve_attributes) ? group.improve_attributes : [])
          .filter(isObj)
          .map((attribute) => ({ id: num(attribute.id), name: str(attribute.name) })),
      })),
    }));
