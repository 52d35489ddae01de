import { type AssetRepository } from './ports/asset-repository.ts';
import { type MediaStore, publicUrl } from './media-addresses.ts';

export type PictureDeps = { readonly assets: Pick<AssetRepository, 'listByProduct'>; readonly objectStore: MediaStore };

/** Whether a URL is one of the product's pictures stored here (as stored, or made public). */
export async function ownPictures(deps: PictureDeps, productId: string): Promise<(url: string) => boolean> {
  const urls = new Set<string>();
  for (const asset of await deps.assets.listByProduct(productId)) {
    if (asset.status !== 'stored' || !asset.stored_url) continue;
    urls.add(asset.stored_url);
    urls.add(publicUrl(deps.objectStore, asset.stored_url));
  }
  return (url) => urls.has(url);
}
