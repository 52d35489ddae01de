import { type MarketOffer, type MarketOfferRepository } from '../ports/market-offers.ts';
import { type ProductRepository } from '../ports/product-repository.ts';
import { loadProduct } from '../product-access.ts';
import { type MarketState, productMarketState } from '../../domain/publishing/market-state.ts';

/** A product on the marketplace: its most telling state (null when no offer is followed yet) and each offer's. */
export type ProductMarketView = { readonly product_id: string; readonly market_state: MarketState | null; readonly offers: readonly MarketOffer[] };

export type GetProductMarket = (productId: string) => Promise<ProductMarketView>;

export const toMarketView = (productId: string, offers: readonly MarketOffer[]): ProductMarketView => ({
  product_id: productId,
  market_state: productMarketState(offers.map((offer) => offer.market_state)),
  offers,
});

/** GET /products/{id}/market: the product must exist (404); its offers as the sweep last saw them. */
export const makeGetProductMarket =
  (deps: { readonly products: ProductRepository; readonly marketOffers: MarketOfferRepository }): GetProductMarket =>
  async (productId) => {
    await loadProduct(deps.products, productId);
    return toMarketView(productId, await deps.marketOffers.ofProducts([productId]));
  };
