import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { type MarketActions, MARKET_ACTIONS } from '../../../application/publishing/market-actions.ts';
import { type GetProductMarket, type ProductMarketView } from '../../../application/publishing/market-view.ts';
import { DomainError } from '../../../domain/common/errors.ts';
import { IdParams, withErrors, literals, Uuid } from '../schemas/common.ts';
import { ProductMarketBody } from '../schemas/market.ts';

export type MarketRouteDeps = { readonly getProductMarket: GetProductMarket; readonly marketActions: MarketActions };

const body = (view: ProductMarketView) => ({
  product_id: view.product_id,
  market_state: view.market_state,
  offers: view.offers.map((offer) => ({
    offer_id: offer.offer_id,
    variant_id: offer.variant_id,
    shop_id: offer.shop_id,
    marketplace_product_id: offer.marketplace_product_id,
    sku: offer.sku,
    market_state: offer.market_state,
    market_errors: offer.market_errors.map((error) => ({ ...error })),
    market_checked_at: offer.market_checked_at,
    is_autoarchived: offer.is_autoarchived,
    next_check_at: offer.next_check_at,
    market_commission_percent: offer.market_commission_percent,
    market_acquiring: offer.market_acquiring,
    market_delivery_amount: offer.market_delivery_amount,
    market_price: offer.market_price,
    market_currency: offer.market_currency,
    price_index: offer.price_index,
    market_prices_checked_at: offer.market_prices_checked_at,
    real_profit_rub: offer.real_profit_rub,
    real_margin_percent: offer.real_margin_percent,
    planned_margin_percent: offer.planned_margin_percent,
    content_rating: offer.content_rating,
    content_groups: offer.content_groups.map((group) => ({ ...group, improve_attributes: group.improve_attributes.map((attribute) => ({ ...attribute })) })),
    rating_checked_at: offer.rating_checked_at,
  })),
});

const LABELS = { archive: '在平台归档', unarchive: '在平台恢复', delete: '从平台删除' } as const;

/** /products/{id}/market: the product's offers on the marketplace, and archive, unarchive, delete there (docs/decisions.md, Moderation). */
export const marketRoutes =
  (deps: MarketRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/products/:id/market',
      { schema: { tags: ['publish'], summary: '商品在平台上的状态（每个款式一条）', params: IdParams, response: withErrors({ 200: ProductMarketBody }) } },
      async (request) => body(await deps.getProductMarket(request.params.id)),
    );

    app.post(
      '/products/:id/market/:action',
      {
        schema: {
          tags: ['publish'],
          summary: '在平台上归档、恢复或删除商品（与本服务的归档分开）',
          params: Type.Object({ id: Uuid, action: literals(MARKET_ACTIONS) }),
          response: withErrors({ 200: ProductMarketBody }),
        },
      },
      async (request) => {
        const { id, action } = request.params;
        await deps.getProductMarket(id); // 404 for a product that does not exist
        const [result] = await deps.marketActions(action, [id]);
        if (result && !result.ok) {
          throw new DomainError('conflict', result.code ?? 'MARKET_ACTION_REFUSED', result.detail ?? `${LABELS[action]}失败`);
        }
        return body(await deps.getProductMarket(id));
      },
    );
  };
