import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type ListAssets } from '../../../application/use-cases/list-assets.ts';
import { type RetryFailedAssets } from '../../../application/use-cases/retry-failed-assets.ts';
import { AssetListReply, AssetPageQuery, RetryQuery, RetryReply, assetToBody } from '../schemas/assets.ts';
import { IdParams, withErrors } from '../schemas/common.ts';

export type AssetRouteDeps = { readonly listAssets: ListAssets; readonly retryFailedAssets: RetryFailedAssets };

const tags = ['assets'];

/** /api/products/{id}/assets: a product's images and videos with their download status, and re-queueing failed ones. */
export const assetRoutes =
  (deps: AssetRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/products/:id/assets',
      {
        schema: {
          tags,
          summary: '商品图片和视频列表（含下载状态，可分页）',
          params: IdParams,
          querystring: AssetPageQuery,
          response: withErrors({ 200: AssetListReply }),
        },
      },
      async (request) => {
        const { page, page_size: pageSize } = request.query;
        const { total, items } = await deps.listAssets({ productId: request.params.id, page, pageSize });
        return { total, page, page_size: pageSize, items: items.map(assetToBody) };
      },
    );

    app.post(
      '/products/:id/assets/retry',
      {
        schema: {
          tags,
          summary: '重新下载失败的图片和视频（asset_id：只重试这一个）',
          params: IdParams,
          querystring: RetryQuery,
          response: withErrors({ 200: RetryReply }),
        },
      },
      async (request) => deps.retryFailedAssets(request.params.id, request.query.asset_id),
    );
  };
