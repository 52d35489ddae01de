import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { type DeleteVideo } from '../../../application/use-cases/delete-video.ts';
import { type SetVideoCover } from '../../../application/use-cases/set-video-cover.ts';
import { AssetParams, VideoCoverBody, VideoCoverReply } from '../schemas/assets.ts';
import { IdParams, withErrors } from '../schemas/common.ts';

export type VideoRouteDeps = { readonly deleteVideo: DeleteVideo; readonly setVideoCover: SetVideoCover };

const tags = ['assets'];

/** A product's videos (docs/decisions.md, Videos): deleting one, and choosing the video cover. Uploads go through /materials/bytes. */
export const videoRoutes =
  (deps: VideoRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.delete(
      '/products/:id/assets/:asset_id',
      { schema: { tags, summary: '删除商品的一个视频（连同文件；图片不在这里删除）', params: AssetParams, response: withErrors({ 204: Type.Null() }) } },
      async (request, reply) => {
        await deps.deleteVideo({ productId: request.params.id, assetId: request.params.asset_id });
        return reply.status(204).send(null);
      },
    );

    app.put(
      '/products/:id/video-cover',
      {
        schema: {
          tags,
          summary: '设置视频封面（平台复合属性 100002，代替主图播放）',
          params: IdParams,
          body: VideoCoverBody,
          response: withErrors({ 200: VideoCoverReply }),
        },
      },
      async (request) => {
        const result = await deps.setVideoCover({ productId: request.params.id, assetId: request.body.asset_id });
        return { product_id: result.productId, cover_asset_id: result.coverAssetId };
      },
    );
  };
