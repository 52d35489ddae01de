import { type StockQueueDeps } from './stock-queue.ts';
import { type StockPair } from '../../domain/stock/stock-send.ts';
import { effectiveSaleStock, saleOffersOf } from '../../domain/stock/stock.ts';

/** An offer the marketplace reports created (`/v3/product/info/list`: status `price_sent` or later, or `is_created`); `product_id` is its card's `id`. */
export type CreatedOffer = { readonly offer_id: string; readonly product_id?: number | null | undefined };

/** What became of the offers: pairs queued for the default warehouse, pairs that waited for the card and now go, offers without a product here, and whether the shop lacks a default warehouse. */
export type CreatedOffersOutcome = { readonly queued: number; readonly released: number; readonly unknown: number; readonly noWarehouse: boolean };

/**
 * The trigger of docs/decisions.md, Stock: once the marketplace reports an offer created, its stock goes to the shop's
 * default warehouse by itself. Called by the moderation sweep for offers it sees created for the first time (calling
 * it again is harmless: a pair that already has a record at the default warehouse is left as it is). Stock set
 * before the card existed (`POST /api/stock`, kept `not_created`) goes now too, to the warehouse it named.
 */
export type QueueStockForCreatedOffers = (shopId: string, offers: readonly CreatedOffer[]) => Promise<CreatedOffersOutcome>;

export function makeQueueStockForCreatedOffers(deps: StockQueueDeps): QueueStockForCreatedOffers {
  return async (shopId, offers) => {
    const none = { queued: 0, released: 0, unknown: 0, noWarehouse: false };
    const shop = offers.length === 0 ? undefined : await deps.shops.findById(shopId);
    if (!shop) return none;
    const now = deps.clock.now().toISOString();
    const marketIds = new Map(offers.map((offer) => [offer.offer_id, offer.product_id ?? null]));
    const released = await deps.stockSends.releaseCreated(
      shopId,
      [...marketIds].map(([offer_id, market_product_id]) => ({ offer_id, market_product_id })),
      now,
    );
    const warehouseId = shop.default_warehouse_id;
    if (warehouseId === null) {
      if (released > 0) deps.onQueued?.();
      return { ...none, released, noWarehouse: true };
    }
    const known = await deps.stockSends.offersWithRecord(shopId, warehouseId, [...marketIds.keys()]);
    const fresh = [...marketIds.keys()].filter((offerId) => !known.has(offerId));
    const productOf = await deps.stockSends.productsOfOffers(fresh);
    const products = new Map((await deps.products.findByIds([...new Set(productOf.values())])).map((product) => [product.id, product]));
    const pairs: StockPair[] = [];
    for (const offerId of fresh) {
      const product = products.get(productOf.get(offerId) ?? '');
      const offer = product && saleOffersOf(product).find((candidate) => candidate.offer_id === offerId);
      if (!product || !offer) continue;
      pairs.push({
        shop_id: shopId,
        warehouse_id: warehouseId,
        offer_id: offerId,
        product_id: product.id,
        variant_id: offer.variant_id,
        market_product_id: marketIds.get(offerId) ?? offer.market_product_id,
        stock: effectiveSaleStock(offer.sale_stock, offer.collected_stock, shop.default_stock),
      });
    }
    await deps.stockSends.queue(pairs, now);
    if (pairs.length + released > 0) deps.onQueued?.();
    return { queued: pairs.length, released, unknown: fresh.length - pairs.length, noWarehouse: false };
  };
}
