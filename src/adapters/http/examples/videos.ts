import { type OperationExample } from '../openapi-examples.ts';
import { EXAMPLE } from './ids.ts';

/** A product's videos: the seller's own clip (uploaded through /materials/bytes) chosen as the video cover, later deleted. */
export const VIDEO_EXAMPLES: Record<string, OperationExample> = {
  putProductsIdVideoCover: {
    parameters: { id: EXAMPLE.productId },
    body: { asset_id: EXAMPLE.videoAssetId },
    status: 200,
    answer: { product_id: EXAMPLE.productId, cover_asset_id: EXAMPLE.videoAssetId },
    links: {
      DeleteVideo: {
        operationId: 'deleteProductsIdAssetsAssetId',
        parameters: { id: '$response.body#/product_id', asset_id: '$response.body#/cover_asset_id' },
        description: '删除这个视频（封面随之取消）',
      },
    },
  },
  deleteProductsIdAssetsAssetId: { parameters: { id: EXAMPLE.productId, asset_id: EXAMPLE.videoAssetId }, status: 204 },
};
