import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type BuildRichContent } from '../../../application/use-cases/build-rich-content.ts';
import { IdParams, withErrors } from '../schemas/common.ts';
import { RichContentBody, RichContentReply } from '../schemas/rich-content.ts';
import { actorOf } from '../bearer.ts';

/** POST /products/{id}/rich-content (docs/decisions.md, Rich content). */
export const richContentRoutes =
  (deps: { readonly buildRichContent: BuildRichContent }): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/products/:id/rich-content',
      {
        schema: {
          tags: ['products'],
          summary: '生成富文本（属性 11254）：每张图片一个全宽模块，可加俄文文字；保存到商品并随商品发布',
          params: IdParams,
          body: RichContentBody,
          response: withErrors({ 200: RichContentReply }),
        },
      },
      async (request) => {
        const { rich_content, warnings } = await deps.buildRichContent({
          productId: request.params.id,
          images: request.body.images,
          text: request.body.text,
          actor: actorOf(request),
        });
        return { rich_content: { content: rich_content.content.map((widget) => JSON.parse(JSON.stringify(widget))), version: rich_content.version }, warnings };
      },
    );
  };
