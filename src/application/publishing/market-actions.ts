import { type Clock } from '../ports/clock.ts';
import { type MarketOffer, type MarketOfferRepository } from '../ports/market-offers.ts';
import { type Marketplace } from '../ports/marketplace.ts';
import { type ShopAccess } from '../shop-access.ts';
import { type DomainError, conflict, invalid, isDomainError } from '../../domain/common/errors.ts';

/** Archive, unarchive or delete cards on the marketplace (never the service's own archive stage). */
export const MARKET_ACTIONS = ['archive', 'unarchive', 'delete'] as const;
export type MarketAction = (typeof MARKET_ACTIONS)[number];

/** `/v1/product/archive` and `/v1/product/unarchive` take at most 100 product ids, and so does one request of ours. */
export const MARKET_ACTION_MAX = 100;
/** Cards archived automatically may be restored 10 a day. */
export const AUTOARCHIVE_RESTORES_A_DAY = 10;
/** A deleted card is never looked at again. */
const NEVER = '9999-12-31T00:00:00.000Z';

export type MarketActionResult = { readonly product_id: string; readonly ok: boolean; readonly code?: string; readonly detail?: string };

export type MarketActionsDeps = {
  readonly marketOffers: MarketOfferRepository;
  readonly shopAccess: ShopAccess;
  readonly marketplace: Marketplace;
  readonly clock: Clock;
  /** After an archive or unarchive the sweep looks again this soon (`MARKET_SWEEP_FIRST_MS`). */
  readonly firstMs: number;
};

/** Runs one action over products (1..100); each product's result, its offers written as the marketplace now has them. */
export type MarketActions = (action: MarketAction, productIds: readonly string[]) => Promise<MarketActionResult[]>;

const notOnMarket = (): DomainError => conflict('NOT_ON_MARKETPLACE', '商品还没有在平台上创建（或还没有导入结果），无法在平台上操作');

/** What each action needs of an offer before anything is sent; the refusal, or undefined. */
function refusalOf(action: MarketAction, offer: MarketOffer): DomainError | undefined {
  if (offer.marketplace_product_id === null) return notOnMarket();
  if (action === 'archive' && offer.market_state === 'archived') return conflict('ALREADY_ARCHIVED', `货号 ${offer.offer_id} 已在平台归档`);
  if (action === 'unarchive' && offer.market_state !== 'archived')
    return conflict('NOT_ARCHIVED_ON_MARKETPLACE', `货号 ${offer.offer_id} 没有在平台归档，无需恢复`);
  if (action === 'delete' && offer.market_state !== 'archived')
    return conflict('MARKET_DELETE_NOT_ARCHIVED', `货号 ${offer.offer_id} 没有在平台归档：平台只允许删除已归档且没有 SKU 的商品，请先在平台上归档`);
  if (action === 'delete' && offer.sku !== null)
    return conflict('MARKET_DELETE_HAS_SKU', `货号 ${offer.offer_id} 已有 SKU（${offer.sku}）：平台只允许删除没有 SKU 的归档商品，这张卡片只能保留在归档中`);
  return undefined;
}

/**
 * POST /products/{id}/market/{archive,unarchive,delete} and the bulk actions `market_archive` / `market_unarchive`
 * (docs/decisions.md, Archive on the marketplace): every offer of a product (each variant) goes in one request per shop;
 * a product whose offers are not all fit is refused alone; more auto-archived cards than a day's restores is refused
 * before asking (409). What was done is written onto the offers at once and confirmed by the sweep's next look.
 */
export function makeMarketActions({ marketOffers, shopAccess, marketplace, clock, firstMs }: MarketActionsDeps): MarketActions {
  const send = async (action: MarketAction, shopId: string, offers: readonly MarketOffer[]): Promise<Map<string, string>> => {
    const credentials = shopAccess.credentialsOf(await shopAccess.find(shopId));
    const ids = [...new Set(offers.map((offer) => offer.marketplace_product_id!))];
    if (action === 'archive') await marketplace.archiveProducts(credentials, ids);
    if (action === 'unarchive') await marketplace.unarchiveProducts(credentials, ids);
    const failed = new Map<string, string>();
    if (action === 'delete') {
      for (const outcome of await marketplace.deleteProducts(
        credentials,
        offers.map((offer) => offer.offer_id),
      ))
        if (!outcome.is_deleted) failed.set(outcome.offer_id, outcome.error || '平台未删除');
    }
    return failed;
  };

  const after = (action: MarketAction, offer: MarketOffer, now: number): MarketOffer => {
    const at = new Date(now).toISOString();
    if (action === 'delete') return { ...offer, market_state: 'archived', market_errors: [], market_checked_at: at, next_check_at: NEVER, updated_at: at };
    const state = action === 'archive' ? 'archived' : 'moderating';
    return {
      ...offer,
      market_state: state,
      is_autoarchived: false,
      interval_ms: firstMs,
      next_check_at: new Date(now + firstMs).toISOString(),
      updated_at: at,
    };
  };

  return async (action, productIds) => {
    if (productIds.length === 0 || productIds.length > MARKET_ACTION_MAX)
      throw invalid('TOO_MANY_PRODUCTS', `一次最多对 ${MARKET_ACTION_MAX} 个商品在平台上操作`, [
        { path: '/product_ids', message: `1 到 ${MARKET_ACTION_MAX} 个` },
      ]);
    const offers = await marketOffers.ofProducts(productIds);
    const results = new Map<string, MarketActionResult>();
    const fit: MarketOffer[] = [];
    for (const productId of productIds) {
      const own = offers.filter((offer) => offer.product_id === productId);
      // Nothing of it on the marketplace: what a delete asks for already holds.
      if (action === 'delete' && own.length === 0) {
        results.set(productId, { product_id: productId, ok: true });
        continue;
      }
      const refusal = own.length === 0 ? notOnMarket() : own.map((offer) => refusalOf(action, offer)).find((error) => error !== undefined);
      if (refusal) results.set(productId, { product_id: productId, ok: false, code: refusal.code, detail: refusal.detail });
      else fit.push(...own);
    }
    if (action === 'unarchive' && fit.filter((offer) => offer.is_autoarchived).length > AUTOARCHIVE_RESTORES_A_DAY)
      throw conflict(
        'UNARCHIVE_LIMIT_REACHED',
        `平台自动归档的商品每天最多恢复 ${AUTOARCHIVE_RESTORES_A_DAY} 个，这次选中了 ${fit.filter((offer) => offer.is_autoarchived).length} 个；请分几天恢复`,
      );
    const byShop = new Map<string, MarketOffer[]>();
    for (const offer of fit) byShop.set(offer.shop_id, [...(byShop.get(offer.shop_id) ?? []), offer]);
    for (const [shopId, shopOffers] of byShop) {
      let failed: Map<string, string>;
      try {
        failed = await send(action, shopId, shopOffers);
      } catch (error) {
        // A single product: its refusal is the answer (409 past the unarchive limit, 502 the marketplace's failure).
        if (productIds.length === 1 || !isDomainError(error)) throw error;
        for (const offer of shopOffers) results.set(offer.product_id, { product_id: offer.product_id, ok: false, code: error.code, detail: error.detail });
        continue;
      }
      const now = clock.now().getTime();
      await marketOffers.save(shopOffers.filter((offer) => !failed.has(offer.offer_id)).map((offer) => after(action, offer, now)));
      for (const offer of shopOffers) {
        const reason = failed.get(offer.offer_id);
        if (reason !== undefined)
          results.set(offer.product_id, {
            product_id: offer.product_id,
            ok: false,
            code: 'MARKET_DELETE_REFUSED',
            detail: `平台拒绝删除货号 ${offer.offer_id}：${reason}`,
          });
        else if (!results.has(offer.product_id)) results.set(offer.product_id, { product_id: offer.product_id, ok: true });
      }
    }
    return productIds.map((id) => results.get(id)!);
  };
}
