/**
 * Stock for sale on the marketplace (docs/decisions.md, Stock): what a product or variant offers, and the limits of
 * `/v2/products/stocks`. Pure, bundled by the web page as is.
 */

/** The marketplace refuses a stock of a million or more (`STOCK_TOO_BIG`), so the service does too. */
export const MAX_SALE_STOCK = 999_999;

/** The marketplace's limits for stock updates: pairs per request, requests per window and shop, one pair once per interval. */
export const STOCK_LIMITS = { pairsPerRequest: 100, requestsPerWindow: 80, windowMs: 60_000, pairIntervalMs: 30_000 } as const;

/** A stock a seller may type: an integer from 0 to MAX_SALE_STOCK. */
export const isSaleStock = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_SALE_STOCK;

/**
 * The quantity an offer is put on sale with: the seller's `sale_stock` as typed (even above the collected stock: the
 * seller knows better), else the shop's default, but never more than a known collected stock (the source cannot
 * supply more than it has).
 */
export function effectiveSaleStock(saleStock: number | null, collectedStock: number | null, defaultStock: number): number {
  if (saleStock !== null) return saleStock;
  return collectedStock === null ? defaultStock : Math.max(0, Math.min(defaultStock, collectedStock));
}

/** One offer a product sells: the product itself (no variants) or one enabled variant with an offer id. */
export type SaleOffer = {
  readonly offer_id: string;
  readonly variant_id: string | null;
  readonly market_product_id: number | null;
  readonly sale_stock: number | null;
  readonly collected_stock: number | null;
};

type OfferSource = {
  readonly offer_id: string;
  /** A copy of a marketplace card is one offer, the product's own, whatever variants were collected (follow-selling). */
  readonly publish_mode?: 'copy' | 'create';
  readonly marketplace_product_id: string | null;
  readonly sale_stock: number | null;
  readonly variants: readonly {
    readonly id: string;
    readonly enabled: boolean;
    readonly offer_id: string | null;
    readonly marketplace_product_id: string | null;
    readonly stock: number | null;
    readonly sale_stock?: number | null;
  }[];
};

const marketId = (id: string | null): number | null => (id !== null && /^\d+$/.test(id) ? Number(id) : null);

/** Whether the product goes on sale as one offer: it has no variants, or it is a copy (sent as one offer). */
const isOneOffer = (product: { readonly publish_mode?: 'copy' | 'create'; readonly variants: readonly unknown[] }): boolean =>
  product.variants.length === 0 || product.publish_mode === 'copy';

/** The offers a product puts on sale; a product without variants has no collected stock of its own. */
export function saleOffersOf(product: OfferSource): SaleOffer[] {
  if (isOneOffer(product)) {
    return product.offer_id.trim()
      ? [
          {
            offer_id: product.offer_id.trim(),
            variant_id: null,
            market_product_id: marketId(product.marketplace_product_id),
            sale_stock: product.sale_stock,
            collected_stock: null,
          },
        ]
      : [];
  }
  return product.variants.flatMap((variant) =>
    variant.enabled && variant.offer_id
      ? [
          {
            offer_id: variant.offer_id,
            variant_id: variant.id,
            market_product_id: marketId(variant.marketplace_product_id),
            sale_stock: variant.sale_stock ?? null,
            collected_stock: variant.stock,
          },
        ]
      : [],
  );
}

/**
 * The product with `stock` as the sale stock of its offer: the product's own when it has no variants, one variant's
 * (`variantId`), or every variant's (`variantId` null on a product with variants: a bulk setting).
 */
export function withSaleStock<
  P extends {
    readonly sale_stock: number | null;
    readonly publish_mode?: 'copy' | 'create';
    readonly variants: readonly { readonly id: string; readonly sale_stock?: number | null }[];
  },
>(product: P, variantId: string | null, stock: number): P {
  if (isOneOffer(product)) return { ...product, sale_stock: stock };
  return {
    ...product,
    variants: product.variants.map((variant) => (variantId === null || variant.id === variantId ? { ...variant, sale_stock: stock } : variant)),
  };
}
