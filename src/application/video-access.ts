import { type AssetRepository } from './ports/asset-repository.ts';
import { type Asset } from '../domain/media/asset.ts';
import { conflict, notFound } from '../domain/common/errors.ts';
import { isVideoAsset } from '../domain/media/video-format.ts';

/** The product's video with this id: 404 when it is not the product's, 409 when it is a picture. */
export async function loadVideo(assets: Pick<AssetRepository, 'findById'>, productId: string, assetId: string): Promise<Asset> {
  const asset = await assets.findById(assetId);
  if (!asset || asset.product_id !== productId) throw notFound('VIDEO_NOT_FOUND', '视频不存在或已删除');
  if (!isVideoAsset(asset)) throw conflict('NOT_A_VIDEO', '这不是视频：图片请在上架图里选择或移出');
  return asset;
}
