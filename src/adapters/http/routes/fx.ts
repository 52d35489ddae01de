import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type GetFxRate } from '../../../application/use-cases/get-fx-rate.ts';
import { withErrors } from '../schemas/common.ts';
import { FxResponse } from '../schemas/pricing.ts';

/** GET /fx: the cached CNY→RUB rate, with both timestamp names of the two contract revisions. */
export const fxRoutes =
  (deps: { readonly getFxRate: GetFxRate }): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get('/fx', { schema: { tags: ['pricing'], summary: '人民币兑卢布汇率（服务器获取并缓存）', response: withErrors({ 200: FxResponse }) } }, async () => {
      const rate = await deps.getFxRate();
      return { ...rate, ts: rate.updated_at };
    });
  };
