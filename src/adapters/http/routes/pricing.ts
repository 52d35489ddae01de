import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type QuotePrice } from '../../../application/use-cases/quote-price.ts';
import { type PricingPolicy } from '../../../domain/pricing/pricing.ts';
import { withErrors } from '../schemas/common.ts';
import { PolicyResponse, QuoteBody, QuoteResponse } from '../schemas/pricing.ts';

export type PricingRouteDeps = {
  readonly quotePrice: QuotePrice;
  readonly pricingPolicy: PricingPolicy;
};

/** POST /pricing/quote and GET /pricing/policy. */
export const pricingRoutes =
  (deps: PricingRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/pricing/quote',
      { schema: { tags: ['pricing'], summary: '按定价策略试算（不保存）', body: QuoteBody, response: withErrors({ 200: QuoteResponse }) } },
      async (request) => deps.quotePrice(request.body),
    );

    app.get(
      '/pricing/policy',
      { schema: { tags: ['pricing'], summary: '当前定价策略表（只读，网页用同一份计算）', response: withErrors({ 200: PolicyResponse }) } },
      async () => deps.pricingPolicy,
    );
  };
