import { type AssetRepository } from './ports/asset-repository.ts';
import { type ObjectStore } from './ports/object-store.ts';

export type PictureDeps = { readonly assets: Pick<AssetRepository, 'listByProduct'>; readonly objectStore: Pick<ObjectStore, 'keyFromUrl' | 'urlFor'> };

/** A stored URL as the marketplace fetches it: `/media/…` made absolute with the public base (unchanged when it has none). */
export function publicUrl(objectStore: PictureDeps['objectStore'], url: string): string {
  const key = url.startsWith('/') ? objectStore.keyFromUrl(url) : undefined;
  return key === undefined ? url : objectStore.urlFor(key);
}

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
