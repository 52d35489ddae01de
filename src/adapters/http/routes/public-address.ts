import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { type PublicAddress } from '../../../domain/media/public-address.ts';
import { withErrors } from '../schemas/common.ts';

export const PublicAddressAnswer = Type.Object({
  state: Type.Union([Type.Literal('public'), Type.Literal('missing'), Type.Literal('private')], {
    description: 'public: the marketplace can fetch our pictures; missing: PUBLIC_BASE_URL unset (addresses are /media/…); private: a loopback or LAN host',
  }),
  public_base: Type.Union([Type.String(), Type.Null()], { description: 'where pictures are served from, as configured' }),
  warning: Type.Union([Type.String(), Type.Null()], { description: 'what to set, in Chinese; null when public' }),
});

/** GET /media/public-address: what the shop and publish screens warn about (issue 32 item 1); read from the settings at start. */
export const publicAddressRoutes =
  (deps: { readonly publicAddress: PublicAddress }): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/media/public-address',
      {
        schema: {
          tags: ['exports'],
          summary: '图片公网地址：平台能否下载本服务保存的图片（未设置或内网的 PUBLIC_BASE_URL 会让发布被拒绝）',
          response: withErrors({ 200: PublicAddressAnswer }),
        },
      },
      async () => deps.publicAddress,
    );
  };
