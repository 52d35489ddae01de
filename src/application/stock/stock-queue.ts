import { type ProductRepository } from '../ports/product-repository.ts';
import { type ShopRepository } from '../ports/shop-repository.ts';
import { type StockSendRepository } from '../ports/stock-sends.ts';
import { type Clock } from '../ports/clock.ts';
import { type Product } from '../../domain/catalog/product.ts';
import { type StockPair } from '../../domain/stock/stock-send.ts';
import { effectiveSaleStock, saleOffersOf } from '../../domain/stock/stock.ts';

export type StockQueueDeps = {
  readonly products: ProductRepository;
  readonly shops: ShopRepository;
  readonly stockSends: StockSendRepository;
  readonly clock: Clock;
  /** Told when sends were queued, so the sender looks at once. */
  readonly onQueued?: () => void;
};

/**
 * Queues stock for the pairs a product already has on warehouses (docs/decisions.md, Stock): after its `sale_stock` (or
 * a variant's) changed, each of its offers' pairs gets the new value; an offer that has none yet gets its stock when
 * the marketplace reports it created (offers-created.ts), with whatever value it has then. Answers the pairs queued.
 */
export type RequeueProductStock = (product: Product) => Promise<number>;

export function makeRequeueProductStock(deps: StockQueueDeps): RequeueProductStock {
  return async (product) => {
    const existing = await deps.stockSends.listByProduct(product.id);
    if (existing.length === 0) return 0;
    const offers = new Map(saleOffersOf(product).map((offer) => [offer.offer_id, offer]));
    const defaults = new Map<string, number>();
    const waiting: StockPair[] = [];
    const notCreated: StockPair[] = [];
    for (const send of existing) {
      const offer = offers.get(send.offer_id);
      if (!offer) continue; // the variant was removed or switched off: its stock stays as last sent
      if (!defaults.has(send.shop_id)) defaults.set(send.shop_id, (await deps.shops.findById(send.shop_id))?.default_stock ?? 0);
      const stock = effectiveSaleStock(offer.sale_stock, offer.collected_stock, defaults.get(send.shop_id)!);
      if (send.status === 'sent' && send.sent_stock === stock) continue;
      if ((send.status === 'waiting' || send.status === 'not_created') && send.stock === stock) continue;
      const { shop_id, warehouse_id, offer_id } = send;
      const pair = {
        shop_id,
        warehouse_id,
        offer_id,
        product_id: product.id,
        variant_id: offer.variant_id,
        market_product_id: offer.market_product_id ?? send.market_product_id,
        stock,
      };
      // A pair still waiting for its card keeps waiting for it; any other is sent.
      (send.status === 'not_created' ? notCreated : waiting).push(pair);
    }
    if (waiting.length + notCreated.length === 0) return 0;
    const now = deps.clock.now().toISOString();
    await deps.stockSends.queue(waiting, now);
    await deps.stockSends.queue(notCreated, now, { notCreated: true });
    deps.onQueued?.();
    return waiting.length + notCreated.length;
  };
}
