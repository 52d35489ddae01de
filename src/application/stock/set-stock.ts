import { type Clock } from '../ports/clock.ts';
import { type Actor, attributed } from '../../domain/accounts/actor.ts';
import { type ProductRepository } from '../ports/product-repository.ts';
import { type StockSendRepository } from '../ports/stock-sends.ts';
import { loadProduct, saveRevision } from '../product-access.ts';
import { type ShopAccess } from '../shop-access.ts';
import { type ListWarehouses, shopWarehouse } from './list-warehouses.ts';
import { type RequeueProductStock } from './stock-queue.ts';
import { type FieldProblem, invalid } from '../../domain/common/errors.ts';
import { type Product } from '../../domain/catalog/product.ts';
import { assertEditable, revise } from '../../domain/catalog/product-stage.ts';
import { type StockPair } from '../../domain/stock/stock-send.ts';
import { saleOffersOf, withSaleStock } from '../../domain/stock/stock.ts';

export type SetStockItem = { readonly product_id: string; readonly variant_id?: string | undefined; readonly stock: number };
/** `actor`: who sets it, the products' last editor (docs/decisions.md, Accounts). */
export type SetStockInput = {
  readonly shop_id: string;
  readonly warehouse_id?: number | undefined;
  readonly items: readonly SetStockItem[];
  readonly actor?: Actor | undefined;
};
/** One pair queued: `waiting` to be sent, or `not_created` until the marketplace reports the card created. */
export type QueuedStock = {
  readonly product_id: string;
  readonly variant_id: string | null;
  readonly offer_id: string;
  readonly warehouse_id: number;
  readonly stock: number;
  readonly status: 'waiting' | 'not_created';
};
export type SetStock = (input: SetStockInput) => Promise<{ items: QueuedStock[] }>;

export type SetStockDeps = {
  readonly products: ProductRepository;
  readonly shopAccess: ShopAccess;
  readonly listWarehouses: ListWarehouses;
  readonly stockSends: StockSendRepository;
  readonly requeueProductStock: RequeueProductStock;
  readonly clock: Clock;
  readonly onQueued?: () => void;
};

/** The marketplace's refusals that say which kind of warehouse an offer needs: bulky (КГТ) or not. */
const NEEDS_KGT = 'OVER_MAX_OVH_NON_KGT';
const NEEDS_ORDINARY = 'NON_KGT_ON_KGT_WAREHOUSE';

const refuse = (problems: FieldProblem[]) => invalid('STOCK_INVALID', `库存设置有误，未做任何修改：${problems[0]!.message}`, problems);

/**
 * POST /api/stock (docs/decisions.md, Stock): sets the sale stock of up to 1000 offers and queues them for one of the
 * shop's warehouses (the default one unless named). Every item is checked first, so a refusal changes nothing: a
 * product or variant that does not exist, a product without an offer id, a warehouse the shop does not have, and a
 * warehouse of the wrong kind for an offer the marketplace already refused there (bulky or not, its error explained).
 */
export function makeSetStock(deps: SetStockDeps): SetStock {
  return async ({ shop_id, warehouse_id, items, actor }) => {
    const shop = await deps.shopAccess.find(shop_id);
    const warehouseId = warehouse_id ?? shop.default_warehouse_id;
    if (warehouseId === null) {
      const message = '店铺还没有默认仓库：请在店铺设置中选择仓库，或在请求中指定 warehouse_id';
      throw invalid('STOCK_WAREHOUSE_REQUIRED', message, [{ path: '/warehouse_id', message }]);
    }
    const warehouse = await shopWarehouse(deps.listWarehouses, shop, warehouseId, '/warehouse_id');
    const found = new Map((await deps.products.findByIds([...new Set(items.map((item) => item.product_id))])).map((product) => [product.id, product]));

    const problems: FieldProblem[] = [];
    const edited = new Map<string, Product>();
    const targets: { index: number; product_id: string; variant_id: string | null }[] = [];
    items.forEach((item, index) => {
      const product = edited.get(item.product_id) ?? found.get(item.product_id);
      if (!product || product.stage === 'archived') {
        problems.push({ path: `/items/${index}/product_id`, message: product ? '商品已归档，不能设置库存' : '商品不存在' });
        return;
      }
      const variantId = item.variant_id ?? null;
      if (variantId !== null && !product.variants.some((variant) => variant.id === variantId)) {
        problems.push({ path: `/items/${index}/variant_id`, message: '该款式不存在' });
        return;
      }
      if (variantId === null && product.variants.length === 0 && !product.offer_id.trim()) {
        problems.push({ path: `/items/${index}/product_id`, message: '商品还没有货号，不能设置库存' });
        return;
      }
      edited.set(product.id, withSaleStock(product, variantId, item.stock));
      targets.push({ index, product_id: product.id, variant_id: variantId });
    });
    if (problems.length > 0) throw refuse(problems);

    // An offer the marketplace refused for the kind of warehouse is refused up front on another of that kind.
    for (const target of targets) {
      const sends = await deps.stockSends.listByProduct(target.product_id);
      const offers = new Set(offersOfTarget(edited.get(target.product_id)!, target.variant_id).map((offer) => offer.offer_id));
      const codes = new Set(sends.filter((send) => offers.has(send.offer_id)).flatMap((send) => send.errors.map((error) => error.code)));
      if (codes.has(NEEDS_KGT) && !warehouse.is_kgt)
        problems.push({
          path: `/items/${target.index}`,
          message: `平台已说明这是大件（КГТ）商品，仓库「${warehouse.name}」不接收大件商品（OVER_MAX_OVH_NON_KGT），请换用大件仓库`,
        });
      if (codes.has(NEEDS_ORDINARY) && warehouse.is_kgt)
        problems.push({
          path: `/items/${target.index}`,
          message: `平台已说明这不是大件商品，仓库「${warehouse.name}」只收大件（КГТ）商品（NON_KGT_ON_KGT_WAREHOUSE），请换用普通仓库`,
        });
    }
    if (problems.length > 0) throw invalid('STOCK_WAREHOUSE_KIND', problems[0]!.message, problems);

    const now = deps.clock.now().toISOString();
    const waiting: StockPair[] = [];
    const notCreated: StockPair[] = [];
    for (const [id, product] of edited) {
      const current = found.get(id)!;
      const next = attributed(revise(product, {}, now), actor);
      await saveRevision(deps.products, next, current.version);
      // Its pairs on other warehouses follow the new value too.
      await deps.requeueProductStock(next);
      for (const target of targets.filter((candidate) => candidate.product_id === id)) {
        for (const offer of offersOfTarget(next, target.variant_id)) {
          const stock = offer.sale_stock!;
          const pair = {
            shop_id: shop.id,
            warehouse_id: warehouse.warehouse_id,
            offer_id: offer.offer_id,
            product_id: id,
            variant_id: offer.variant_id,
            market_product_id: offer.market_product_id,
            stock,
          };
          (offer.market_product_id === null ? notCreated : waiting).push(pair);
        }
      }
    }
    await deps.stockSends.queue(waiting, now);
    await deps.stockSends.queue(notCreated, now, { notCreated: true });
    deps.onQueued?.();
    // One answer per offer, its last value (an offer named twice keeps the later one, as the queue does).
    const answers = new Map<string, QueuedStock>();
    for (const pair of waiting) answers.set(pair.offer_id, { ...stripShop(pair), status: 'waiting' });
    for (const pair of notCreated) answers.set(pair.offer_id, { ...stripShop(pair), status: 'not_created' });
    return { items: [...answers.values()] };
  };
}

const stripShop = ({ product_id, variant_id, offer_id, warehouse_id, stock }: StockPair) => ({ product_id, variant_id, offer_id, warehouse_id, stock });

/** The offers an item names: one variant's, every enabled variant's, or the product's own. */
const offersOfTarget = (product: Product, variantId: string | null) =>
  saleOffersOf(product).filter((offer) => variantId === null || offer.variant_id === variantId);

/** The bulk action `stock` (`{stock}`): the product's sale stock, or every variant's, then its pairs follow. */
export type SetSaleStock = (productId: string, stock: number, actor?: Actor) => Promise<void>;

export function makeSetSaleStock(deps: Pick<SetStockDeps, 'products' | 'requeueProductStock' | 'clock'>): SetSaleStock {
  return async (productId, stock, actor) => {
    const current = await loadProduct(deps.products, productId);
    assertEditable(current);
    const next = attributed(revise(withSaleStock(current, null, stock), {}, deps.clock.now().toISOString()), actor);
    await saveRevision(deps.products, next, current.version);
    await deps.requeueProductStock(next);
  };
}
