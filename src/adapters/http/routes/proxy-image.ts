import { Readable } from 'node:stream';
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type ProxyImage } from '../../../application/use-cases/proxy-image.ts';
import { withErrors } from '../schemas/common.ts';
import { ImageBytes, ProxyImageQuery } from '../schemas/proxy-image.ts';

/** GET /api/proxy-image?url=: a source-site image relayed with that site's Referer. */
export const proxyImageRoutes =
  ({ proxyImage }: { proxyImage: ProxyImage }): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/proxy-image',
      { schema: { tags: ['intake'], summary: '代理源站图片（带对应站点 Referer）', querystring: ProxyImageQuery, response: withErrors({ 200: ImageBytes }) } },
      async (request, reply) => {
        const image = await proxyImage(request.query.url);
        return reply
          .header('content-type', image.contentType)
          .header('cache-control', 'private, max-age=86400')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'")
          .send(Readable.from(image.body));
      },
    );
  };
