import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type CollectMaterials } from '../../../application/use-cases/collect-materials.ts';
import { type FindCollected } from '../../../application/use-cases/find-collected.ts';
import { type ListFingerprints } from '../../../application/use-cases/list-fingerprints.ts';
import { IdParams, withErrors } from '../schemas/common.ts';
import { CollectedQuery, CollectedReply, FingerprintsReply, MATERIALS_BODY_LIMIT, MaterialsBody, MaterialsReply } from '../schemas/materials.ts';
import { actorOf } from '../bearer.ts';

export type MaterialRouteDeps = {
  readonly collectMaterials: CollectMaterials;
  readonly listFingerprints: ListFingerprints;
  readonly findCollected: FindCollected;
};

const tags = ['intake'];

/** /api/materials (collect from the extension), fingerprints and the collected badge; uploads are material-uploads.ts. */
export const materialRoutes =
  (deps: MaterialRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/materials',
      {
        bodyLimit: MATERIALS_BODY_LIMIT,
        schema: {
          tags,
          summary: '采集素材：新建商品或追加来源（不等待图片下载）',
          body: MaterialsBody,
          response: withErrors({ 200: MaterialsReply, 201: MaterialsReply }),
        },
      },
      async (request, reply) => {
        const { product: target, refererOrigin, ...material } = request.body;
        const result = await deps.collectMaterials({ productId: target.id, material: { ...material, refererOrigin }, actor: actorOf(request) });
        return reply.status(target.id === null ? 201 : 200).send({ product: result.product, product_id: result.product.id, assetsQueued: result.assetsQueued });
      },
    );

    app.get(
      '/products/:id/fingerprints',
      { schema: { tags, summary: '商品已采集图片的 dedupeKey 列表', params: IdParams, response: withErrors({ 200: FingerprintsReply }) } },
      async (request) => ({ fingerprints: await deps.listFingerprints(request.params.id) }),
    );

    app.get(
      '/collected',
      { schema: { tags, summary: '某平台商品是否已采集', querystring: CollectedQuery, response: withErrors({ 200: CollectedReply }) } },
      async (request) => {
        const result = await deps.findCollected({ platform: request.query.platform, itemId: request.query.itemId });
        return { collected: result.collected, count: result.count, product_ids: result.productIds };
      },
    );
  };
